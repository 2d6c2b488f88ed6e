// The state of one wallet instance, shared by the modules that answer its requests. Each wallet has its own:
// nothing here lives at module level.

import type { LocalAccount } from 'viem'
import type { Approvals } from './approvals.js'
import type { Emitter } from './emitter.js'
import type { RequestLogEntry, WatchedAsset } from './types.js'

/** A chain the wallet knows, with its name filled in. */
export interface ChainState {
  chainId: number
  rpcUrl: string
  name: string
}

export interface WalletState {
  /** Every key the wallet holds, in the order of the options. */
  readonly keys: readonly LocalAccount[]
  activeKey: LocalAccount
  readonly chains: Map<number, ChainState>
  /** The current chain. */
  chainId: number
  /** Whether the site holds the accounts permission. */
  connected: boolean
  /** When the accounts permission was granted (`Date.now()`), 0 when it never was. */
  grantedAt: number
  /** Set by dropConnection(): every request fails with 4900. */
  offline: boolean
  readonly approvals: Approvals
  readonly watchedAssets: WatchedAsset[]
  readonly emitter: Emitter
  readonly rpcTimeoutMs: number
  readonly verifyAddedChains: boolean
}

/** Answers one method; `entry` is the request's log entry (for the approval prompt). */
type MethodHandler = (params: unknown, entry: RequestLogEntry) => Promise<unknown>
export type MethodHandlers = Record<string, MethodHandler>
