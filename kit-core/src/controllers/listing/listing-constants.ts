/**
 * The constants of the connectors and wallet listing (SPEC §9 "Business constants and limits").
 */

/** The sections of the Connect view, in their default order (SPEC §9 "Connector order"). */
export const CONNECTOR_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const

export type ConnectSectionType = (typeof CONNECTOR_ORDER)[number]

/** The paging and timing of the wallet listing (SPEC §9). */
export const WalletListingLimits = {
  /** Entries asked for the recommended wallets, also the most wallets the Connect view shows below the rest. */
  recommendedPageSize: 4,
  /** Entries of one All Wallets page. */
  pageSize: 40,
  /** Images fetched ahead for a list just loaded. */
  imagePrefetchCount: 20,
  /** The most results a search returns. */
  searchMaxResults: 100,
  /** A search shows its loading state at least this long (ms). */
  searchMinLoadingMs: 300,
} as const

/** The EIP-6963 rdns of MetaMask, and the one its mobile app announces (treated as the same wallet). */
export const METAMASK_RDNS = 'io.metamask'
export const METAMASK_MOBILE_RDNS = 'io.metamask.mobile'

export { BROWSER_WALLET_NAME } from './browser-wallet.js'

/**
 * Wallet listing ids of the wallets whose mobile apps open a page in their in-app browser through their own
 * universal link instead of a WalletConnect deep link (SPEC §2).
 */
export const CustomDeepLinkWalletIds = {
  phantom: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
  solflare: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
  coinbase: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
} as const
