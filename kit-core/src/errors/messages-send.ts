// The send form's messages (SPEC §5, and the kit's own where the spec gives none), imported by the send code directly:
// an entry of `Messages` (messages.ts) that a chunk reads travels in the page's first chunk with the catalogue.

/** SPEC §5: a send needs an amount and a receiver. */
export const amountAndReceiverRequired = 'An amount and receiver address are required'
/** SPEC §5: a send needs a token. */
export const tokenRequired = 'A token is required'

/** A token send to something that is not an address of the token's namespace. */
export const receiverInvalid = (namespace: string) => `The receiver is not a valid ${namespace} address`
/**
 * A native send whose recipient does not look like an address of the namespace: a warning, not a block (SPEC §5 asks
 * only for its presence); the visitor confirms once more and the wallet has the last word.
 */
export const receiverUnusual = (namespace: string) =>
  `The receiver does not look like a ${namespace} address: funds sent to a wrong address are lost`
export const amountNotANumber = 'The amount must be a number'
export const amountNotPositive = 'The amount must be more than 0'
export const amountNegative = 'The amount cannot be negative'
export const amountTooPrecise = (decimals: number) =>
  decimals === 0 ? 'The amount must be a whole number' : `The amount has more than ${decimals} decimals`
export const amountAboveBalance = 'The amount is more than the balance'
export const amountAboveBalanceWithFee = 'The amount and the network fee are more than the balance'

/** A Solana transfer to an account that does not exist yet must fund it to the rent-exempt minimum. */
export const rentExemptReceiver = (minimum: string, symbol: string) =>
  `The receiver's account is new: send at least ${minimum} ${symbol} (its rent-exempt minimum)`
/** A Solana transfer may empty the sender's account, but not leave less than the rent-exempt minimum in it. */
export const rentExemptSender = (minimum: string, symbol: string) =>
  `Your account would keep less than ${minimum} ${symbol} (its rent-exempt minimum): send less, or everything with Max`
/** The adapter of the connection has no way to send this token (e.g. an SPL token over a bare WalletConnect session). */
export const tokenSendUnsupported = (namespace: string) =>
  `This wallet connection cannot send tokens on ${namespace}`
/** The success snackbar of a send. */
export const sent = (amount: string, symbol: string) => `Sent ${amount} ${symbol}`
/** The chain included the transaction but it failed (an EVM receipt with status 0). */
export const sendReverted = 'The transaction failed on chain'
export const feeUnavailable = 'The network fee could not be estimated'
/** `send` was called again while a send is under way. */
export const sendUnderWay = 'A send is already under way'
