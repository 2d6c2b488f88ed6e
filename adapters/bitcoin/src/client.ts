// What the adapter needs from a Bitcoin wallet, whichever way it was found (sats-connect, Wallet Standard or the kit's
// WalletConnect session).

/** One address a wallet exposes. */
export interface WalletAddress {
  address: string
  publicKey?: string
  /** Derivation path, when the wallet tells. */
  path?: string
  purpose: 'payment' | 'ordinals'
}

/** The wallet's addresses and the network it is on (a CAIP-2 id, or undefined when unknown). */
export interface WalletSnapshot {
  addresses: readonly WalletAddress[]
  caipNetworkId: string | undefined
}

export type WalletChange =
  | { kind: 'accounts' }
  | { kind: 'network'; caipNetworkId: string | undefined }
  | { kind: 'disconnect' }

/** A connected-or-connectable Bitcoin wallet. Methods throw the wallet's own errors (mapped by the adapter). */
export interface BitcoinWalletClient {
  /**
   * How network changes happen: `wallet` when the wallet can be asked, `adapter` when the adapter only moves its
   * requests to another network the wallet already granted (no prompt), else `reconnect`.
   */
  readonly networkSwitch: 'wallet' | 'adapter' | 'reconnect'
  /** Whether the wallet has a transfer method (sats-connect `sendTransfer`). */
  readonly transfers: boolean
  /** Asks the user to connect, on `caipNetworkId` where the wallet takes it; payment then ordinals. */
  connect(caipNetworkId?: string): Promise<WalletSnapshot>
  /** The current grant without a prompt; null when the site is not connected. */
  silent(): Promise<WalletSnapshot | null>
  changeNetwork(caipNetworkId: string): Promise<void>
  /** Base64 signature. */
  signMessage(params: {
    address: string
    message: Uint8Array
    protocol?: 'ecdsa' | 'bip322'
  }): Promise<string>
  /** The signed PSBT as the wallet answered it (hex or base64). */
  signPsbt(params: {
    psbt: string
    signInputs: readonly { address: string; index: readonly number[]; sighashTypes?: readonly number[] }[]
    broadcast: boolean
    caipNetworkId: string
  }): Promise<{ psbt: string; txid?: string }>
  sendTransfer(params: { to: string; amount: bigint; feeRate?: number }): Promise<string>
  disconnect(): Promise<void>
  /** Subscribes to wallet-side changes; returns the unsubscribe. */
  watch(listener: (change: WalletChange) => void): () => void
  /** The wallet's own provider object. */
  readonly provider: unknown
}
