// The public types of the test wallet: its options, the provider, the request log and the TestWallet handle.

import type { Address, EIP1193Provider, Hex } from 'viem'
import type { EIP6963ProviderInfo } from './eip6963.js'

/** How the simulated user answers requests that need approval. */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** A chain the wallet knows: its id and the JSON-RPC endpoint it reads from and broadcasts to. */
export interface TestWalletChain {
  chainId: number
  rpcUrl: string
  name?: string
}

/** An ERC-20 the wallet reports in wallet_getAssets (EIP-7811). */
export interface TestWalletToken {
  chainId: number
  address: Address
  name: string
  symbol: string
  decimals: number
}

/** Options of {@link createTestWallet}. */
export interface TestWalletOptions {
  /** EIP-6963 name; default 'Latchkey Test Wallet'. */
  name?: string
  /** EIP-6963 reverse-DNS id; default 'dev.latchkey.testwallet'. */
  rdns?: string
  /** EIP-6963 icon (a data: URI); default an inline SVG. */
  icon?: string
  /** EIP-6963 uuid; default a random v4 UUID. */
  uuid?: string
  /** BIP-39 mnemonic; default the test mnemonic. Accounts are m/44'/60'/0'/0/i for i in `accountIndices`. */
  mnemonic?: string
  /** Which mnemonic indices the wallet holds, in this order; default [0]. */
  accountIndices?: number[]
  /**
   * Raw private keys to hold. Given alone they replace the mnemonic; given with an explicit `mnemonic` the
   * mnemonic accounts come first.
   */
  privateKeys?: Hex[]
  /** The chains the wallet knows (at least one). */
  chains: TestWalletChain[]
  /** Initial chain; default the first of `chains`. */
  chainId?: number
  /** How approval prompts are answered; default 'approve'. */
  policy?: ApprovalPolicy
  /** Whether the site already holds the accounts permission (as after an earlier visit); default false. */
  connected?: boolean
  /**
   * Whether wallet_addEthereumChain checks that the new RPC endpoint answers eth_chainId with the requested id
   * (as real wallets do); default true.
   */
  verifyAddedChains?: boolean
  /** ERC-20s the wallet reports in wallet_getAssets, next to the native balance and the watched assets. */
  tokens?: TestWalletToken[]
  /** Timeout of each HTTP JSON-RPC request to a chain, in ms; default 30 000. */
  rpcTimeoutMs?: number
}

/** What became of a request. */
export type RequestOutcome = 'approved' | 'rejected' | 'pending' | 'passthrough' | 'error'

/** One request the provider received, in arrival order. The entry is updated in place when it settles. */
export interface RequestLogEntry {
  /** Sequence number, unique per wallet; also the id of the held request while it is pending. */
  readonly id: number
  readonly method: string
  readonly params: unknown
  /** `Date.now()` when the request arrived. */
  readonly at: number
  /**
   * 'pending' while unsettled; 'approved' when the wallet answered it itself (after a prompt or not);
   * 'passthrough' when the chain's RPC answered it; 'rejected' on a 4001; 'error' for any other error.
   */
  outcome: RequestOutcome
  /** Whether the request needed the user's approval (reached the policy). */
  prompted: boolean
  /** The result, once approved or passed through. */
  result?: unknown
  /** The error, once rejected or failed. */
  error?: { code: number; message: string }
}

/** A request held for approval (policy 'hold'). */
export interface PendingRequest {
  /** The id of its {@link RequestLogEntry}. */
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** The EIP-1193 provider of a test wallet: viem's EIP1193Provider plus a few EventEmitter conveniences. */
export type TestWalletProvider = EIP1193Provider & {
  /** Always true: lets tests and the lab recognise the test wallet. */
  readonly isLatchkeyTestWallet: true
  addListener: EIP1193Provider['on']
  once: EIP1193Provider['on']
  off: EIP1193Provider['removeListener']
  removeAllListeners(event?: string): void
  listenerCount(event: string): number
}

/** An ERC-20 token a site asked the wallet to watch (wallet_watchAsset). */
export interface WatchedAsset {
  chainId: number
  address: Address
  symbol?: string
  decimals?: number
  image?: string
}

/** A real EIP-1193 test wallet; see {@link createTestWallet}. */
export interface TestWallet {
  /** The EIP-1193 provider a site talks to. */
  readonly provider: TestWalletProvider
  /** EIP-6963 provider info. */
  readonly info: EIP6963ProviderInfo
  /** Every address the wallet holds, active first. */
  readonly accounts: readonly Address[]
  /** The active account. */
  readonly address: Address
  /** The current chain id. */
  readonly chainId: number
  /** Every chain the wallet knows (including those added by wallet_addEthereumChain). */
  readonly chains: readonly Readonly<Required<TestWalletChain>>[]
  /** Whether the site holds the accounts permission. */
  readonly connected: boolean
  /** The current approval policy. */
  readonly policy: ApprovalPolicy
  /** Tokens added by wallet_watchAsset. */
  readonly watchedAssets: readonly WatchedAsset[]
  /** Changes how later prompts are answered. Already held requests stay held. */
  setPolicy(policy: ApprovalPolicy): void
  /** Every request received since creation or the last {@link TestWallet.clearLog}, oldest first. */
  readonly log: readonly RequestLogEntry[]
  /** The logged requests that needed the user's approval. */
  prompts(): RequestLogEntry[]
  /** Empties the log. */
  clearLog(): void
  /** Requests currently held for approval, oldest first. */
  pending(): PendingRequest[]
  /**
   * Resolves with the oldest held request not yet handed out by an earlier `nextPending()` call, waiting for
   * one to be held if there is none. Successive calls therefore yield successive requests.
   */
  nextPending(): Promise<PendingRequest>
  /** Approves a held request (default: the oldest). Throws if there is no such request. */
  approve(id?: number): void
  /** Rejects a held request with 4001 (default: the oldest). Throws if there is no such request. */
  reject(id?: number): void
  /**
   * The user selects another account in the wallet, by its position in the wallet's key list (the order of
   * `accountIndices` / `privateKeys`, not of `accounts`) or by address. Emits `accountsChanged` (active first)
   * when the site is connected and the active account really changes.
   */
  switchAccount(indexOrAddress: number | Address): void
  /** The user switches the wallet to another known chain. Emits `chainChanged` (hex) when it really changes. */
  switchChain(chainId: number): void
  /** The user adds a network in the wallet's settings (no switch, no event). Replaces a known chain's RPC URL. */
  addChain(chain: TestWalletChain): void
  /**
   * The user connects the site from the wallet (grants the accounts permission without a request). Emits
   * `connect` then `accountsChanged` when the site was not connected.
   */
  connect(): void
  /**
   * The user disconnects the site in the wallet: the accounts permission is revoked and `accountsChanged([])` is
   * emitted once (only if the site was connected). No `disconnect` event: per EIP-1193 that event means the
   * provider lost every chain, which {@link TestWallet.dropConnection} simulates.
   */
  disconnect(): void
  /**
   * The provider loses its connection to every chain: emits `disconnect` with a 4900 ProviderRpcError and answers
   * every request with 4900 until {@link TestWallet.restoreConnection}. The accounts permission is kept.
   */
  dropConnection(): void
  /** Ends {@link TestWallet.dropConnection}: emits `connect({ chainId })`. */
  restoreConnection(): void
  /**
   * EIP-6963: dispatches `eip6963:announceProvider` on `target` now and on every `eip6963:requestProvider`.
   * `target` defaults to `globalThis` when that is an EventTarget (a browser window). Returns an undo.
   */
  announce(target?: EventTarget): () => void
  /**
   * Sets `target.ethereum` to the provider (default `globalThis`), like a legacy injected wallet, and dispatches
   * `ethereum#initialized` on the target when it is an EventTarget.
   */
  injectAsWindowEthereum(target?: object): void
}
