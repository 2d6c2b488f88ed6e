import type { AccountType } from '../adapter/accounts.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import type { CaipNetworkId } from '../caip/caip.js'
import type { CaipNetwork } from '../networks/define.js'

/** Drives the test wallet as a user would. The suite never imports a wallet; the caller adapts theirs. */
export interface ConformanceWalletDriver {
  /** `approve`: the user accepts every prompt; `reject`: the user rejects them (the wallet answers 4001). */
  setPolicy(policy: 'approve' | 'reject'): void | Promise<void>
  /** How many requests so far asked the user for approval. */
  promptCount(): number | Promise<number>
  /** The user picks another account in the wallet. */
  switchAccount(): void | Promise<void>
  /** The user moves the wallet to another network. */
  switchNetwork(network: CaipNetwork): void | Promise<void>
  /** The user disconnects the site from inside the wallet. */
  disconnect(): void | Promise<void>
}

/** A transaction as the chain recorded it. */
export interface ProbedTransaction {
  from: string
  to: string
  value: bigint
  /** What the sender paid for it, in base units. */
  fee: bigint
  /** The network the transaction was signed for (its EIP-155 chain id, genesis hash, …). */
  caipNetworkId: CaipNetworkId
}

/** Reads the chain with the chain's own library (the suite itself imports none). */
export interface ConformanceChainProbe {
  getBalance(address: string, network: CaipNetwork): Promise<bigint>
  verifySignature(params: {
    address: string
    message: string
    signature: string
    network: CaipNetwork
  }): Promise<boolean>
  /** Finds a transaction on any of the suite's networks, waiting until it is included. */
  getTransaction(hash: string): Promise<ProbedTransaction>
}

/** A fresh world for one check: a new wallet, a new storage, a new initialised adapter. */
export interface ConformanceEnvironment {
  adapter: ChainAdapter
  wallet: ConformanceWalletDriver
  probe: ConformanceChainProbe
  /** A new adapter instance on the same storage and the same wallet, initialised, as after a page reload. */
  createAdapter(): Promise<ChainAdapter>
  /** A fresh address that nothing else sends to, to receive transfers. */
  recipient(): string | Promise<string>
  cleanup?(): void | Promise<void>
}

export type ConformanceCheckId =
  | 'connect'
  | 'send'
  | 'sign'
  | 'switch-network'
  | 'rejection'
  | 'events'
  | 'restore'
  | 'disconnect'

export interface ConformanceOptions {
  /** Names the adapter in the report. */
  name: string
  setup(): Promise<ConformanceEnvironment>
  /** The connector the suite connects with. */
  connectorId: string
  /** The network to connect on, and the one to switch to. */
  networks: readonly [CaipNetwork, CaipNetwork]
  /** The account types connect must report, in order (e.g. ['eoa']). */
  expectedAccountTypes: readonly AccountType[]
  /** Amount to send, in base units. */
  amount: bigint
  /** Only these checks (default all, in the order of {@link CONFORMANCE_CHECKS}). */
  checks?: readonly ConformanceCheckId[]
  /**
   * How long to keep listening after an event arrives, to catch a duplicate (default 300 ms). A settle
   * window, not a performance target: raise it for adapters whose events cross a network (WalletConnect).
   */
  settleMs?: number
  /** How long to wait for an expected event at all (default 10 s). */
  eventTimeoutMs?: number
}

export interface ConformanceCheckResult {
  id: ConformanceCheckId
  title: string
  passed: boolean
  /** Why it failed. */
  error?: string
}

export interface ConformanceReport {
  name: string
  passed: boolean
  results: readonly ConformanceCheckResult[]
  /** The ids of the checks that failed. */
  failed: readonly ConformanceCheckId[]
}
