import type { CaipNetworkId } from '../caip/caip.js'

/**
 * The remote APIs of SPEC §7 as the kit sees them: the Provider API (project config, allowed origins,
 * wallet listing, images, analytics, error reports) and the Blockchain API (supported chains, identity,
 * balance, reverse profile lookup, transaction history, token prices). The clients implement these; controllers depend only on them, so tests
 * can fake a client and the services stand-in (tools/services) serves the same wire shapes.
 */

/** One wallet of the listing (SPEC §3 "Wallet listing"). Every field is untrusted until validated. */
export interface WalletListing {
  id: string
  name: string
  image_id?: string
  /** Resolved image URL (https, data or blob; http only on loopback), filled by the client. */
  image_url?: string
  rdns?: string | null
  homepage?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  /** CAIP-2 ids the wallet supports. */
  chains?: readonly string[]
  badge_type?: 'none' | 'certified'
}

export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 ids; only wallets supporting one of them. */
  chains?: readonly string[]
  search?: string
  badge_type?: 'none' | 'certified'
}

export interface GetWalletsResult {
  data: readonly WalletListing[]
  count: number
}

/** A remote feature entry (SPEC §3 "Remote features"). */
export interface RemoteFeatureEntry {
  id: 'email' | 'social_login' | 'swaps' | 'onramp' | 'activity' | 'reown_branding' | (string & {})
  isEnabled: boolean
  config: unknown
}

export interface ProviderApi {
  /** GET /appkit/v1/config: the project's remote features; null when it cannot be had (the kit falls back). */
  getProjectConfig(): Promise<readonly RemoteFeatureEntry[] | null>
  /** GET /projects/v1/origins: the allowed origins; [] when it fails (SPEC §8 fallbacks). */
  getAllowedOrigins(): Promise<readonly string[]>
  /** GET /getWallets. @throws HttpRequestError (the listing controller decides what to show). */
  getWallets(params: GetWalletsParams): Promise<GetWalletsResult>
  /** GET /getAnalyticsConfig; false when it fails. */
  getAnalyticsConfig(): Promise<boolean>
  /**
   * The URL of GET /getWalletImage/{id}, the sdk properties as query parameters, for the page's <img> to load;
   * undefined for an id that is not an image id or a URL that is not a safe image URL.
   */
  getWalletImage(imageId: string): Promise<string | undefined>
  getAssetImage(imageId: string): Promise<string | undefined>
  getCurrencyImage(imageId: string): Promise<string | undefined>
  getTokenImage(symbol: string): Promise<string | undefined>
  /** POST /e: one error report. Never throws. */
  sendError(report: ErrorReport): Promise<void>
}

/** An error report (SPEC §7 "Error report"). */
export interface ErrorReport {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'error'; event: string; errorType: string; errorMessage: string; stackTrace?: string }
}

/** A token balance (SPEC §3 "Token balance"). */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: CaipNetworkId
  /** Absent for the native currency, else `chainId:contract`. */
  address?: string
  value?: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

export interface IdentityResult {
  name: string | null
  avatar: string | null
}

/** One name that resolves to an address (reverse lookup). */
export interface ProfileName {
  name: string
  registered: number
  updated?: number
  addresses: Record<string, { address: string; created?: string }>
  attributes?: readonly Record<string, string>[]
}

/** A transaction's status (SPEC §3): the chain's, or an onramp purchase's (Reown's Coinbase statuses). */
export type HistoryTransactionStatus =
  | 'confirmed'
  | 'failed'
  | 'pending'
  | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
  | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  | 'ONRAMP_TRANSACTION_STATUS_FAILED'

/** One asset moved by a transaction, from the account's point of view (SPEC §3 "Transaction" transfers). */
export interface TransactionTransfer {
  /** A fungible token: its cleaned name and symbol, and a safe icon URL (dropped when unsafe). */
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string } }
  /** An NFT: its cleaned name, whether the service flags it as spam, and a safe preview URL (dropped when unsafe). */
  nft_info?: { name?: string; flags: { is_spam: boolean }; content?: { preview?: { url: string } } }
  direction: 'in' | 'out' | 'self'
  /** The amount as a decimal string ('1.5'). */
  quantity: { numeric: string }
  /** USD value and price, when the service knows a price. */
  value?: number
  price?: number
}

/** One history item (SPEC §3 "Transaction"; Reown's HistoryTransaction). */
export interface Transaction {
  id: string
  metadata: {
    /** From the account's point of view: 'send', 'receive', 'execute', 'trade', 'deploy', 'mint' … */
    operationType: string
    hash?: string
    /** ISO 8601 time. */
    minedAt: string
    chain?: CaipNetworkId
    status: HistoryTransactionStatus
    sentFrom: string
    sentTo: string
    nonce?: number
  }
  transfers: readonly TransactionTransfer[]
}

/** A page of history: newest first, and the cursor of the next page (absent on the last one). */
export interface TransactionsPage {
  data: readonly Transaction[]
  next?: string
}

/** A token's price (POST /v1/fungible/price; Reown's FungiblePriceItem). No `price`: the service knows none. */
export interface TokenPrice {
  /** The CAIP-10 token address as asked for (the native currency as its namespace's placeholder address). */
  address: string
  name: string
  symbol: string
  iconUrl?: string
  decimals?: number
  price?: number
}

export interface BlockchainApi {
  /** GET v1/supported-chains (cached for the kit's life); empty lists when it fails. */
  getSupportedChains(): Promise<{ http: readonly string[]; ws: readonly string[] }>
  /** True when the Blockchain API serves this network. */
  isNetworkSupported(caipNetworkId: CaipNetworkId): Promise<boolean>
  /**
   * GET /v1/identity/{address} (cached 5 min); null when unsupported (names serve eip155 only) or failing.
   * `sender` is the connected account asking (default: `address`).
   */
  getIdentity(params: {
    address: string
    caipNetworkId: CaipNetworkId
    sender?: string
  }): Promise<IdentityResult | null>
  /**
   * GET /v1/account/{address}/balance (cached 30 s unless `forceUpdate`); [] when the namespace (eip155 and
   * solana only) or the network is unsupported. Zero-decimal quantities are filtered out.
   * @throws the request's error (HttpRequestError, TimeoutError) when it fails, and the same error again,
   *   without a request, for 30 s after (the balance retry guard).
   */
  getBalance(params: {
    address: string
    caipNetworkId: CaipNetworkId
    forceUpdate?: boolean
  }): Promise<readonly TokenBalance[]>
  /**
   * GET /v1/profile/reverse/{address}?apiVersion=2; [] when unsupported (eip155 only) or failing. `sender` is
   * the connected account asking (default: `address`).
   */
  reverseLookup(params: {
    address: string
    caipNetworkId: CaipNetworkId
    sender?: string
  }): Promise<readonly ProfileName[]>
  /**
   * GET /v1/account/{address}/history on `caipNetworkId` (sent as `chainId`): one page, newest first, and `next` for
   * the page after (pass it back as `cursor`); with `onramp: 'coinbase'`, the onramp purchases (SPEC §3
   * coinbaseTransactions). An empty page, without a request, when the namespace has no activity (eip155 only; onramp
   * eip155 and solana, SPEC §9), the address has not its namespace's shape, or the network is unsupported. Items that
   * are malformed are dropped; unsafe image URLs are removed from them.
   * @throws the request's error (HttpRequestError, TimeoutError), or a malformed answer ('HTTP request failed.').
   */
  getTransactions(params: {
    address: string
    caipNetworkId: CaipNetworkId
    cursor?: string
    onramp?: 'coinbase'
  }): Promise<TransactionsPage>
  /**
   * POST /v1/fungible/price (`currency: 'usd'`, the project id in the body): the prices of CAIP-10 token addresses
   * (the native currency as its namespace's placeholder address, e.g. `eip155:1:0xeeee…eeee`). Only addresses on
   * supported networks are asked for; [] without a request when none is. A token the service does not know is absent;
   * one it knows without a price has no `price`.
   * @throws the request's error, or a malformed answer ('HTTP request failed.').
   */
  getTokenPrices(params: { addresses: readonly string[] }): Promise<readonly TokenPrice[]>
}

/** A balance as the account shows it (SPEC §3 "Balance result"): text, default '0.00', and the symbol. */
export interface DisplayBalance {
  balance: string
  symbol: string
}
