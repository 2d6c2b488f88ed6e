// Checks of a remote signer's answers (a WalletConnect wallet, the embedded wallet's frame): what comes back is
// untrusted, so a signature or a signed transaction is taken only in the form the Solana RPC reference gives it.
import { malformedWalletAnswer } from '@latchkey/core'
import type { VersionedTransaction } from '@solana/web3.js'
import { base58Decode, transactionBytes } from './encoding.js'
import type { LibsOf } from './libs.js'

/** An ed25519 signature as the wallet must give it: base58 of 64 bytes. */
export function signatureOf(value: unknown, method: string): Uint8Array {
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof value === 'string' ? base58Decode(value) : undefined
  } catch {
    bytes = undefined
  }
  if (bytes?.length !== 64) throw malformedWalletAnswer(method, 'a signature that is not base58 of 64 bytes')
  // An empty slot, as an unsigned transaction carries: never a signature.
  if (bytes.every((byte) => byte === 0)) throw malformedWalletAnswer(method, 'an empty signature')
  return bytes
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** Signed wire bytes the wallet returned: base64 of a transaction that decodes. */
export function signedBytes(
  libs: LibsOf,
  value: unknown,
  method: string,
): { bytes: Uint8Array; transaction: VersionedTransaction } {
  try {
    if (typeof value !== 'string') throw new Error('not text')
    const bytes = transactionBytes(value)
    return { bytes, transaction: libs().web3.VersionedTransaction.deserialize(bytes) }
  } catch (cause) {
    throw malformedWalletAnswer(method, 'a transaction that does not decode', cause)
  }
}
