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
