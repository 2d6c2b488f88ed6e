import type { CaipNetworkId, ChainNamespace } from '../caip/caip.js'

/** How a wallet reaches the kit (SPEC §3 "Connector"). */
export type ConnectorType =
  | 'EXTERNAL'
  | 'WALLET_CONNECT'
  | 'INJECTED'
  | 'ANNOUNCED'
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'ID_AUTH'

export const CONNECTOR_TYPES: readonly ConnectorType[] = [
  'EXTERNAL',
  'WALLET_CONNECT',
  'INJECTED',
  'ANNOUNCED',
  'AUTH',
  'MULTI_CHAIN',
  'ID_AUTH',
]

/** The connector id of WalletConnect, of the embedded wallet, and of the plain injected fallback. */
export const ConnectorIds = {
  walletConnect: 'walletConnect',
  auth: 'ID_AUTH',
  injected: 'injected',
} as const

/**
 * A way to reach one wallet on one namespace. Wallets are data: the kit merges connectors from all
 * adapters (the same wallet on several chains becomes one MULTI_CHAIN entry). `name` and `imageUrl` come
 * from the wallet and are hostile: render them as text and check the URL scheme.
 */
export interface Connector {
  /** Stable across reloads: an EIP-6963 wallet's rdns, 'walletConnect', 'ID_AUTH', 'injected', … */
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  /** The wallet's id in the wallet listing (SPEC §3 "Wallet listing"). */
  explorerId?: string
  info?: { rdns?: string; uuid?: string }
  /** The networks this wallet says it serves, when it says. */
  chains?: readonly CaipNetworkId[]
  /**
   * How the wallet changes network: `wallet` asks the wallet (wallet_switchEthereumChain), `adapter` needs no
   * wallet prompt (the wallet signs bytes for whatever cluster the adapter targets, as on Solana), `reconnect`
   * means a new connection (a Bitcoin wallet fixed to one network), `none` means it cannot.
   */
  networkSwitch?: 'wallet' | 'adapter' | 'reconnect' | 'none'
  /** The wallet's own provider object (EIP-1193, Wallet Standard wallet, sats-connect provider, …). */
  provider?: unknown
}
