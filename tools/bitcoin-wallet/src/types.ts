// The public types of the Bitcoin test wallet.
import type { Wallet } from '@wallet-standard/base'

/** How the simulated user answers requests that need approval. */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** The kind of network: bitcoinjs-lib's regtest (bcrt) or testnet (tb) parameters. */
export type BitcoinNetworkKind = 'regtest' | 'testnet'

/** A network the wallet knows: a name, its kind and the Esplora base URL it reads from and broadcasts to. */
export interface BitcoinWalletNetwork {
  name: string
  network: BitcoinNetworkKind
  esploraUrl: string
}

/** Raw private keys (hex) of one account. */
export interface BitcoinWalletKeys {
  /** The P2WPKH payment key. */
  payment: string
  /** The P2TR (key path, BIP-86) ordinals key. */
  ordinals: string
}

/** Options of {@link createBitcoinTestWallet}. */
export interface BitcoinTestWalletOptions {
  /** Display name (sats-connect provider and Wallet Standard); default 'Latchkey Bitcoin Test Wallet'. */
  name?: string
  /** Icon, a data: URI; default an inline SVG. */
  icon?: string
  /** BIP-39 mnemonic; default the test mnemonic. Account i: m/84'/1'/0'/0/i (payment), m/86'/1'/0'/0/i (ordinals). */
  mnemonic?: string
  /** Which mnemonic indices the wallet holds, in this order; default [0]. */
  accountIndices?: number[]
  /** Raw keys instead of the mnemonic. */
  keys?: BitcoinWalletKeys[]
  /** The networks the wallet knows (at least one); the first is the initial one unless `network` names another. */
  networks: BitcoinWalletNetwork[]
  /** The initial network's name. */
  network?: string
  /** How prompts are answered; default 'approve'. */
  policy?: ApprovalPolicy
  /** How signPsbt answers the signed PSBT; default 'base64' (as sats-connect documents). */
  psbtFormat?: 'base64' | 'hex'
  /** Whether the site is already connected (as after an earlier visit); default false. */
  connected?: boolean
  /** The sats-connect provider id: a dotted path from the window; default 'LatchkeyBitcoinProviders.BitcoinProvider'. */
  providerId?: string
}

/** What became of a request. */
export type RequestOutcome = 'approved' | 'rejected' | 'pending' | 'error'

/** One request (sats-connect method or Wallet Standard feature), updated in place when it settles. */
export interface RequestLogEntry {
  readonly id: number
  readonly method: string
  readonly params: unknown
  readonly at: number
  outcome: RequestOutcome
  /** Whether it reached the policy (needed the user's approval). */
  prompted: boolean
  result?: unknown
  error?: { code: number; message: string }
}

/** A request held for approval (policy 'hold'). */
export interface PendingRequest {
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** One address the wallet holds, as sats-connect describes it. */
export interface BitcoinWalletAddress {
  address: string
  /** Hex: 33-byte compressed key for payment, 32-byte x-only internal key for ordinals. */
  publicKey: string
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2tr'
  walletType: 'software'
}

/** The sats-connect provider object (what `getProviderById` finds). */
export interface SatsConnectProvider {
  request(
    method: string,
    params?: unknown,
  ): Promise<
    | { jsonrpc: '2.0'; id: string; result: unknown }
    | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }
  >
  addListener(listener: { eventName: string; cb: (event: unknown) => void }): () => void
  readonly isLatchkeyTestWallet: true
}

/** The Bitcoin test wallet; see {@link createBitcoinTestWallet}. */
export interface BitcoinTestWallet {
  readonly name: string
  readonly icon: string
  /** The sats-connect provider. */
  readonly provider: SatsConnectProvider
  /** The sats-connect provider id (dotted path from the window). */
  readonly providerId: string
  /** The Wallet Standard wallet (bitcoin:* and standard:* features). */
  readonly standardWallet: Wallet
  /** The active account's payment and ordinals addresses on the current network. */
  readonly addresses: readonly BitcoinWalletAddress[]
  readonly paymentAddress: string
  readonly ordinalsAddress: string
  /** The current network. */
  readonly network: Readonly<BitcoinWalletNetwork>
  readonly networks: readonly Readonly<BitcoinWalletNetwork>[]
  readonly connected: boolean
  readonly policy: ApprovalPolicy
  psbtFormat: 'base64' | 'hex'
  setPolicy(policy: ApprovalPolicy): void
  readonly log: readonly RequestLogEntry[]
  prompts(): RequestLogEntry[]
  clearLog(): void
  pending(): PendingRequest[]
  nextPending(): Promise<PendingRequest>
  approve(id?: number): void
  reject(id?: number): void
  /** The user picks another account (position in the key list). Emits accountChange / change once if connected. */
  switchAccount(index: number): void
  /** The user switches network (by name). Emits networkChange / change once when it really changes. */
  switchNetwork(name: string): void
  /** The user disconnects the site in the wallet: emits `disconnect` (sats-connect) and `change` (no accounts) once. */
  disconnect(): void
  /**
   * Makes the wallet discoverable by sats-connect: sets the provider at `providerId` under `target` (default
   * globalThis) and appends its entry to `target.btc_providers`. With `asDefault`, also sets
   * `target.BitcoinProvider`, which sats-connect uses when no provider id is given.
   */
  injectSatsConnect(options?: { target?: object; asDefault?: boolean }): void
  /**
   * Registers the Wallet Standard wallet with apps on `target` (default: the page's window, through
   * @wallet-standard/wallet's registerWallet). Returns an undo for the listener it adds on an explicit target.
   */
  registerStandard(target?: EventTarget): () => void
}
