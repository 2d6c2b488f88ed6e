import type { WalletWithFeatures } from '@wallet-standard/base'

/** How the simulated user answers prompts: at once either way, or held until approve() / reject(). */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** A cluster the wallet can be on. */
export interface SolanaWalletCluster {
  readonly name: string
  readonly rpcUrl: string
  /** Its genesis hash; the default chain id is derived from it. */
  readonly genesisHash?: string
  /** Its Wallet Standard chain id (`solana:<id>`); default `solana:` + the first 32 characters of the genesis hash. */
  readonly chain?: `solana:${string}`
}

export interface SolanaTestWalletOptions {
  /** Ed25519 secret keys (64 bytes: seed + public key, as web3.js `Keypair.secretKey`). At least one. */
  readonly secretKeys: readonly Uint8Array[]
  /** The clusters, the first one current. At least one. */
  readonly clusters: readonly SolanaWalletCluster[]
  /** Default 'approve'. */
  readonly policy?: ApprovalPolicy
  /** Default 'Latchkey Solana Test'. */
  readonly name?: string
  /** A data: URI; default a small SVG. */
  readonly icon?: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
  /** Whether the site is already authorized (as after an earlier visit); default false. */
  readonly connected?: boolean
}

/** One entry of the request log. */
export interface RequestLogEntry {
  /** Sequence number, unique per wallet; also the id of the held request while it is pending. */
  readonly id: number
  /** The feature called, e.g. 'standard:connect' or 'solana:signAndSendTransaction'. */
  readonly method: string
  /** A summary of the request: the account, the chain, how many inputs. */
  readonly params: unknown
  readonly at: number
  /** Whether the simulated user was asked. */
  prompted: boolean
  status: 'pending' | 'approved' | 'rejected' | 'failed'
}

/** A request held for the simulated user's answer (policy 'hold'). */
export interface PendingRequest {
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** The Wallet Standard wallet object (what apps see). */
export type SolanaStandardWallet = WalletWithFeatures<Record<string, unknown>>
