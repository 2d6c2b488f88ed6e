import type { StateStore } from '../kit/store.js'
import type { CaipNetwork } from '../networks/define.js'
import type { TokenBalance } from '../services/types.js'
import type { SendIssue } from './validate.js'

/** The estimated network fee of the send being prepared, in the network's native currency. */
export interface SendFee {
  /** Decimal text of the native currency (e.g. '0.000021'). */
  value: string
  /** The native currency's symbol. */
  symbol: string
  /** The fee in base units (wei, lamports). */
  units: bigint
  /** eip155: the gas limit and fees the send will pass to the wallet, so the wallet's balance check matches `units`. */
  gas?: { limit: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
}

/**
 * The send form (SPEC §3 "Send state"): the token, the amount as typed, the receiver and the receiver's profile
 * (looked up 300 ms after the last change, stale answers dropped), the account's token balances, the fee estimate,
 * and whether a send is under way.
 */
export interface SendState {
  /** The token being sent: one of `tokenBalances` (its address absent for the native currency). */
  token?: TokenBalance
  /** The amount as the visitor typed it (decimal text). */
  sendTokenAmount?: string
  receiverAddress?: string
  /** The receiver's name and avatar from the identity service (eip155), once looked up. */
  receiverProfileName?: string
  receiverProfileImage?: string
  /** The identity lookup of the receiver is under way. */
  receiverLoading: boolean
  /** The active account's token balances (from the account data). */
  tokenBalances: readonly TokenBalance[]
  /** The fee estimate of the form as it is; undefined before one was made or when it could not be made. */
  fee?: SendFee
  feeLoading: boolean
  /** Why the last fee estimate failed (shown; a send can still be tried). */
  feeError?: string
  /** The form's problems as it stands (SPEC §5; see `validateSend`): errors block sending, warnings ask once more. */
  issues: readonly SendIssue[]
  /** A send is under way (SPEC §4 "Send": loading during send). */
  loading: boolean
  /**
   * Why the last send failed ('Signature declined' for a rejection, else the wallet's or the kit's message); a change
   * of the form clears it.
   */
  error?: string
}

/** What the preview shows before the visitor confirms: everything checked, the fee estimated. */
export interface SendPreview {
  from: string
  to: string
  /** The amount as decimal text, and the token. */
  amount: string
  token: TokenBalance
  /** The amount's fiat value (USD) when the token has a price. */
  value?: number
  fee?: SendFee
  network: CaipNetwork
  /** Warnings the visitor must confirm (a native recipient that does not look like an address). */
  warnings: readonly SendIssue[]
}

export interface SendResult {
  /** Transaction hash (eip155) or signature (solana). */
  hash: string
  network: CaipNetwork
}

export interface SendController {
  readonly state: StateStore<SendState>
  /** Picks the token to send (one of the balances; undefined clears it). The amount is checked again. */
  setToken(token: TokenBalance | undefined): void
  /** The amount as typed (decimal text). */
  setTokenAmount(amount: string | undefined): void
  /** The receiver as typed; its name and avatar are looked up 300 ms after the last change (eip155). */
  setReceiverAddress(address: string | undefined): void
  /** Sets the amount to the most that can be sent: the balance, less the estimated fee for the native currency. */
  setMaxAmount(): Promise<void>
  /** Estimates the fee of the form as it is (the adapter's `estimateGas`; Solana's fee for the message). Never throws. */
  estimateFee(): Promise<SendFee | undefined>
  /**
   * Checks the form (SPEC §5 and the chain's own rules: a SOL amount that leaves a new account below the
   * rent-exempt minimum), estimates the fee and returns what the preview shows.
   * @throws LatchkeyError INVALID_PARAMS with the first problem's message; 'Unsupported chain' where sends are not served.
   */
  preview(): Promise<SendPreview>
  /**
   * Sends the form through the active namespace's adapter (SPEC §4 "Send"), after the checks of `preview`.
   * A warning must be accepted (`acceptWarnings`) or the send is refused with its message. On success the form
   * resets, the balances and activity are read again, and the modal returns to Account with a success snackbar.
   * A rejection keeps the form and sets `error` ('Signature declined' or the wallet's message).
   * @throws the problem, 'Unsupported chain' for a namespace without sends, or the wallet's error.
   */
  send(options?: { acceptWarnings?: boolean }): Promise<SendResult>
  /** Empties the form (SPEC §4: after a send, on a network switch and on disconnect). */
  reset(): void
}

/** The send controller is a chunk of its own, loaded when the Send view first opens: `kit.controllers.send`. */
export interface SendLoader {
  /** The controller once loaded, else undefined. */
  current(): SendController | undefined
  /** Loads it (once; a failed load is tried again on the next call). */
  load(): Promise<SendController>
}
