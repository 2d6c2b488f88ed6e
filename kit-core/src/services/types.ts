import type { CaipNetworkId } from '../caip/caip.js'

/**
 * The remote APIs of SPEC §7 as the kit sees them: the Provider API (project config, allowed origins,
 * wallet listing, images, analytics, error reports) and the Blockchain API (supported chains, identity,
 * balance, reverse profile lookup). The clients implement these; controllers depend only on them, so tests
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
}

/** A balance as the account shows it (SPEC §3 "Balance result"): text, default '0.00', and the symbol. */
export interface DisplayBalance {
  balance: string
  symbol: string
}
