import type { AdapterAccount } from '../../adapter/accounts.js'
import type { ChainAdapter } from '../../adapter/adapter.js'
import type { Connector } from '../../adapter/connectors.js'
import type { WalletConnectProvider } from '../../adapter/walletconnect.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import type { KitEnvironment } from '../../kit/environment.js'
import type { CaipNetwork } from '../../networks/define.js'
import type { ChainController } from './chain-controller.js'
import type { WalletConnectControllerDeps } from './walletconnect-controller.js'

/** A wallet the user connected recently (SPEC §3 "Recent wallet"). */
export interface RecentWallet {
  id: string
  rdns?: string
  name?: string
}

/** The deep link a mobile wallet was opened with (SPEC §3 "wcLinking"). */
export interface WalletLink {
  name: string
  href: string
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** SPEC §3 "Wallet connection state". */
export interface ConnectionState {
  status: ConnectionStatus
  connections: Readonly<Partial<Record<ChainNamespace, { connectorId: string }>>>
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: WalletLink
  wcError: boolean
  buffering: boolean
  recentWallet?: RecentWallet
  recentWallets: readonly RecentWallet[]
}

/** The stored facts the connection controllers read and write (the facade maps them to storage keys). */
export interface ConnectionStore {
  getConnectorId(namespace: ChainNamespace): Promise<string | undefined>
  setConnectorId(namespace: ChainNamespace, connectorId: string): Promise<void>
  removeConnectorId(namespace: ChainNamespace): Promise<void>
  getStatus(namespace: ChainNamespace): Promise<'connected' | 'disconnected' | undefined>
  setStatus(namespace: ChainNamespace, status: 'connected' | 'disconnected'): Promise<void>
  getRecentWallets(): Promise<readonly RecentWallet[]>
  setRecentWallets(wallets: readonly RecentWallet[]): Promise<void>
  setDeepLink(link: WalletLink | undefined): Promise<void>
  /** Clears the cached address of a namespace. */
  clearAddressCache(namespace: ChainNamespace): Promise<void>
  /** Clears email, the email-login-used flag, the last used chain and the social username (SPEC §4.13). */
  clearLoginCache(): Promise<void>
}

export type ConnectionEvent =
  | { event: 'CONNECT_SUCCESS'; properties: { method: 'browser' | 'mobile' | 'qrcode'; name: string } }
  | { event: 'CONNECT_ERROR'; properties: { message: string } }
  | { event: 'DISCONNECT_SUCCESS'; properties: { namespace?: ChainNamespace } }
  | { event: 'DISCONNECT_ERROR'; properties: { message: string } }

/** Records a namespace as connected: the chain controller's account, the connection state and storage. */
export type MarkConnected = (
  namespace: ChainNamespace,
  connectorId: string,
  accounts: readonly AdapterAccount[],
  network: CaipNetwork,
) => Promise<void>

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A WalletConnect pairing lives 5 minutes; one that expires within 10 s counts as expired. */
export const PAIRING_TTL_MS = 5 * 60_000
const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** True when a pairing expires within 10 s of `now`, or there is none. */
export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || expiry - now <= PAIRING_EXPIRY_MARGIN_MS
}

/**
 * How long a wallet may leave a connection request unanswered (SPEC §9): then the attempt fails, and the wallet's late
 * answer changes nothing. Not for WalletConnect (the pairing's expiry bounds it) nor the embedded wallet (the visitor
 * types a code).
 */
export const CONNECT_TIMEOUT_MS = 30_000

/** Resolves `promise`, or undefined once `ms` pass: a wallet that never answers cannot hold the kit. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** What the connection controller needs from the rest of the kit. */
export interface ConnectionControllerDeps {
  env: KitEnvironment
  store: ConnectionStore
  chain: ChainController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  /** The namespaces the kit has adapters for. */
  namespaces: readonly ChainNamespace[]
  /** A connector by id within a namespace, to tell its type and name. */
  getConnector?(namespace: ChainNamespace, connectorId: string): Connector | undefined
  /** The shared WalletConnect provider, when WalletConnect is enabled. */
  getWalletConnectProvider?: () => Promise<WalletConnectProvider>
  /**
   * Why WalletConnect cannot be used though it is on (no project id and no relay of the host's own): connecting
   * over it then fails at once with this message, before anything is loaded or any socket opened.
   */
  walletConnectUnavailable?: string
  /** Sign-in inside the WalletConnect session request (SPEC §4.41), when sign-in is on. */
  walletConnectSignIn?: WalletConnectControllerDeps['walletConnectSignIn']
  /** The host's custom RPC URLs: the proposal's `rpcMap` points the wallet's reads at them first. */
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { url: string }[]>>
  /** Waits until the embedded wallet answers for a namespace (embedded-wallet issue); resolves its accounts. */
  restoreEmbeddedWallet?(
    namespace: ChainNamespace,
  ): Promise<{ accounts: AdapterAccount[]; network: CaipNetwork } | null>
  track?(event: ConnectionEvent): void
  /**
   * Hooks of later features, run on disconnect and reset. (The activity list follows `state.status` instead: the
   * account data empties it when the status turns disconnected, which costs the page's first chunk nothing.)
   */
  resetSendState?(): void
  /**
   * Drops the sign-in sessions (SIWX) of the accounts a disconnect signed out, read before the disconnect
   * cleared them (CAIP-10 ids).
   */
  resetSessions?(caipAddresses: readonly CaipAddress[]): Promise<void> | void
}
