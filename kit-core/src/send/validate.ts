import type { ChainNamespace } from '../caip/caip.js'
import * as SendMessages from '../errors/messages-send.js'
import { formatUnits, parseUnits } from '../utils/units.js'
import { isAddress } from '../validators/evm-address.js'

/** The token being sent, as the balances list has it (SPEC §3 "Send state" token). */
export interface SendToken {
  /** Absent for the native currency, else `chain:address` (CAIP-10). */
  address?: string
  symbol: string
  quantity: { decimals: string; numeric: string }
}

/** What the send form holds when the visitor presses Send. */
export interface SendDraft {
  namespace: ChainNamespace
  token?: SendToken
  /** Decimal text, as typed. */
  amount?: string
  receiverAddress?: string
  /** The estimated network fee in the native currency, decimal text (native sends leave it out of the balance). */
  fee?: string
}

/** A problem of the form: `error` blocks sending; `warning` asks the visitor to confirm once more. */
export interface SendIssue {
  field: 'form' | 'token' | 'amount' | 'receiver'
  level: 'error' | 'warning'
  message: string
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** True for an address of `namespace` (EVM: 0x and 40 hex, a mixed-case one matching its checksum). */
export function isReceiverAddress(namespace: ChainNamespace, address: string): boolean {
  if (namespace === 'eip155') return isAddress(address)
  if (namespace === 'solana') return SOLANA_ADDRESS.test(address)
  return false
}

const decimalsOf = (token: SendToken): number => {
  const decimals = Number(token.quantity.decimals)
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : 0
}

/** Base units of decimal text already known to fit `decimals` (no rounding happens). */
const units = (value: string, decimals: number): bigint => parseUnits(value, decimals)

/**
 * The most the visitor can send of `token`: its balance, less the estimated fee for the native currency (never
 * below 0), as decimal text.
 */
export function maxSendAmount(token: SendToken, fee = '0'): string {
  const decimals = decimalsOf(token)
  const balance = units(token.quantity.numeric, decimals)
  const cost = token.address === undefined ? units(fee, decimals) : 0n
  return formatUnits(balance > cost ? balance - cost : 0n, decimals)
}

/**
 * Checks the send form before anything is sent (SPEC §5): both an amount and a receiver ('An amount and receiver
 * address are required'), a token ('A token is required'); for a token send a receiver of the token's namespace; for
 * a native send only its presence, with a warning when it does not look like an address; an amount that is a number,
 * more than 0, with no more decimals than the token has, and within the balance (less the fee for native sends).
 * Returns every issue found; an empty list means the form may be sent.
 */
export function validateSend(draft: SendDraft): SendIssue[] {
  const issues: SendIssue[] = []
  const error = (field: SendIssue['field'], message: string) =>
    issues.push({ field, level: 'error', message })
  const amount = draft.amount?.trim() ?? ''
  const receiver = draft.receiverAddress?.trim() ?? ''
  if (!amount || !receiver) error('form', SendMessages.amountAndReceiverRequired)
  const token = draft.token
  if (!token) {
    error('token', SendMessages.tokenRequired)
    return issues
  }
  const native = token.address === undefined
  if (receiver && !isReceiverAddress(draft.namespace, receiver)) {
    if (native) {
      issues.push({
        field: 'receiver',
        level: 'warning',
        message: SendMessages.receiverUnusual(draft.namespace),
      })
    } else error('receiver', SendMessages.receiverInvalid(draft.namespace))
  }
  if (!amount) return issues
  if (!DECIMAL.test(amount)) {
    error('amount', SendMessages.amountNotANumber)
    return issues
  }
  if (amount.startsWith('-') && /[1-9]/.test(amount)) {
    error('amount', SendMessages.amountNegative)
    return issues
  }
  if (!/[1-9]/.test(amount)) {
    error('amount', SendMessages.amountNotPositive)
    return issues
  }
  const decimals = decimalsOf(token)
  const fraction = amount.split('.')[1]?.replace(/0+$/, '') ?? ''
  if (fraction.length > decimals) {
    error('amount', SendMessages.amountTooPrecise(decimals))
    return issues
  }
  const wanted = units(amount, decimals)
  const balance = units(token.quantity.numeric, decimals)
  if (wanted > balance) error('amount', SendMessages.amountAboveBalance)
  else if (native && draft.fee && wanted + units(draft.fee, decimals) > balance)
    error('amount', SendMessages.amountAboveBalanceWithFee)
  return issues
}
