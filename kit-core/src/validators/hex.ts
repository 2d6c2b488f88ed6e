/** The validators of SPEC §5 on hex values: transaction hashes and signatures. */

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/** True for a transaction hash: 0x plus exactly 64 hex characters (SPEC §5). */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** True for a signed message (a signature): 0x plus 62 or more hex characters (SPEC §5). */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}
