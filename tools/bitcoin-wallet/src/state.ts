// The wallet's mutable state, shared by the request handlers.
import type { Approvals } from './approvals.js'
import type { AccountKeys } from './keys.js'
import type { BitcoinWalletNetwork } from './types.js'

type Listener = (event: unknown) => void

export interface WalletState {
  readonly accounts: readonly AccountKeys[]
  active: number
  readonly networks: readonly BitcoinWalletNetwork[]
  network: BitcoinWalletNetwork
  connected: boolean
  psbtFormat: 'base64' | 'hex'
  readonly approvals: Approvals
  /** sats-connect listeners by event name (accountChange, networkChange, disconnect). */
  readonly satsListeners: Map<string, Set<Listener>>
  /** Wallet Standard `change` listeners. */
  readonly standardListeners: Set<Listener>
}

export function emitSats(state: WalletState, eventName: string, event: unknown): void {
  for (const listener of [...(state.satsListeners.get(eventName) ?? [])]) listener(event)
}
