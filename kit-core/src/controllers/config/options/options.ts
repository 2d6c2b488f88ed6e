import type { AccountType } from '../../../adapter/accounts.js'
import type { AdapterOptions, ChainAdapter } from '../../../adapter/adapter.js'
import type { KitStorage } from '../../../adapter/storage.js'
import type { AppMetadata } from '../../../adapter/walletconnect.js'
import type { CaipNetworkId, ChainNamespace } from '../../../caip/caip.js'
import type { KitEnvironment } from '../../../kit/environment.js'
import type { KitInitialState } from '../../../kit/initial-state.js'
import type { CaipNetwork } from '../../../networks/define.js'
import type { WalletListing } from '../../../services/types.js'
import type { SiwxConfig } from '../../../siwx/types.js'
import type { KitFeatures } from '../features/features.js'
import type { ThemeMode, ThemeVariables } from '../theme/theme.js'
import type { AdapterRegistry } from './adapter-registry.js'

/** Where the kit's remote services live; each client has its public default. */
export interface KitServices {
  providerApiUrl?: string
  blockchainApiUrl?: string
  /** The WalletConnect relay (ws or wss); default the SDK's public relay. Self-hosted and offline setups set it. */
  walletConnectRelayUrl?: string
  /**
   * The embedded wallet's secure frame page (`https://wallet.example/frame.html`), on an origin of its own. Email and
   * social login are offered only with it (and a projectId): the frame holds the visitor's session and keys.
   */
  secureFrameUrl?: string
}

/** A wallet the host adds to the listing (SPEC §1 customWallets). */
export type CustomWallet = Pick<WalletListing, 'id' | 'name'> & Partial<Omit<WalletListing, 'id' | 'name'>>

/** A token the host shows on a network (SPEC §1 tokens). */
export interface KitToken {
  address: string
  image?: string
}

/**
 * The host's options (SPEC §1, DESIGN "The host's API"): AppKit's names, plus the kit's own (`namespaces`,
 * `storage`, `storagePrefix`, `services`, `environment`).
 */
export interface KitOptions {
  /** Without one the kit still works with injected wallets; the project-not-configured alert says so. */
  projectId?: string
  networks: readonly CaipNetwork[]
  adapters?: readonly ChainAdapter[]
  /** Missing fields come from the page (title, description, origin, favicon). */
  metadata?: Partial<AppMetadata>
  features?: KitFeatures
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly CustomWallet[]
  customRpcUrls?: AdapterOptions['customRpcUrls']
  /** Image URL per network id (the chain's own id or its CAIP-2 id). */
  chainImages?: Readonly<Record<string | number, string>>
  tokens?: Readonly<Record<CaipNetworkId, KitToken>>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  /** Sign-in with wallet: the host's SIWX config, or `createDefaultSiwx(…)`. Not with `siweConfig`. */
  siwx?: SiwxConfig
  /** The legacy sign-in config (SIWE). Not with `siwx`. */
  siweConfig?: object
  /** Default true. */
  enableNetworkSwitch?: boolean
  /** Default false. */
  allowUnsupportedChain?: boolean
  /** Default true. */
  enableEIP6963?: boolean
  /** Default true. */
  enableWalletConnect?: boolean
  /** Default true. */
  enableWallets?: boolean
  /** Default true. */
  enableWalletGuide?: boolean
  /** Default false: the modal is appended to the page; true renders it where the host puts it. */
  enableEmbedded?: boolean
  /** Default false. */
  disableAppend?: boolean
  /**
   * Default false: images from this machine or a private network (`http://127.0.0.1:…`, `https://192.168.…`) are
   * not shown, so a hostile wallet icon or listing image cannot make a visitor's browser probe local services.
   * Turn it on for a local test setup whose services serve images from such hosts.
   */
  allowLocalImages?: boolean
  /**
   * The nonce of the page's Content-Security-Policy, for browsers without constructed stylesheets (Safari before
   * 16.4): the kit's `<style>` elements carry it there. Elsewhere the kit's styles are constructed stylesheets, which
   * a CSP's `style-src` does not govern. See the repository's docs/csp.md.
   */
  cspNonce?: string
  /** Default false; true lowers the log level to 'debug'. */
  debug?: boolean
  /** Default false; true turns every remote-gated feature off. */
  basic?: boolean
  /** The namespaces the kit uses (default all); networks and adapters of others are dropped. */
  namespaces?: readonly ChainNamespace[]
  /**
   * Server rendering (default false): the kit changes no state until `kit.start()` (the React provider calls it
   * when it mounts, after hydration), and keeps its connection summary in a cookie (`latchkey.connection`) that
   * `cookieToInitialState` reads on the server.
   */
  ssr?: boolean
  /**
   * What a server rendered for a returning visitor (`cookieToInitialState`): the accounts shown reconnecting. null
   * (what a server component passes for a first visit) is none.
   */
  initialState?: KitInitialState | null
  /** Default the page's localStorage, else memory (Node, SSR). Async stores are fine. */
  storage?: KitStorage
  /** The prefix of every storage key of this kit (default 'latchkey'). */
  storagePrefix?: string
  services?: KitServices
  /** The page the kit runs in; default the detected one. */
  environment?: KitEnvironment
}

/** The options after {@link resolveOptions}: checked, filtered, with every default filled in. */
export interface ResolvedOptions {
  projectId: string | undefined
  /** The host's networks of the enabled namespaces, in the host's order. */
  networks: readonly CaipNetwork[]
  /** The adapters of the enabled namespaces. */
  adapters: AdapterRegistry
  /** The enabled namespaces that have networks, in the order of the networks. */
  namespaces: readonly ChainNamespace[]
  metadata: AppMetadata
  features: KitFeatures
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  customWallets: readonly CustomWallet[]
  customRpcUrls: NonNullable<AdapterOptions['customRpcUrls']>
  chainImages: Readonly<Record<string, string>>
  tokens: Readonly<Record<string, KitToken>>
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  defaultAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  siwx: SiwxConfig | undefined
  siweConfig: object | undefined
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  enableEIP6963: boolean
  enableWalletConnect: boolean
  enableWallets: boolean
  enableWalletGuide: boolean
  enableEmbedded: boolean
  disableAppend: boolean
  allowLocalImages: boolean
  cspNonce: string | undefined
  ssr: boolean
  initialState: KitInitialState | undefined
  debug: boolean
  basic: boolean
  /** The kit's storage space: the host's (or default) storage with keys prefixed by `storagePrefix`. */
  storage: KitStorage
  storagePrefix: string
  services: KitServices
  environment: KitEnvironment
  /** What every adapter receives in its context. */
  adapterOptions: AdapterOptions
  /** Options the kit does not know (a typo, or an AppKit option it has no use for), for the logger. */
  warnings: readonly string[]
}
