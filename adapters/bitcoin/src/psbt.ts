// PSBT text: wallets answer hex or base64; the adapter always gives base64.
import { LatchkeyError } from '@latchkey/core'
import { Psbt } from 'bitcoinjs-lib'

/** Parses a PSBT given as base64 or hex. @throws LatchkeyError INVALID_PARAMS when it is neither. */
export function parsePsbt(text: string, what: string): Psbt {
  if (typeof text !== 'string' || text.length === 0) {
    throw new LatchkeyError(`${what} must be a PSBT in base64 or hex`, { code: 'INVALID_PARAMS' })
  }
  try {
    return /^([0-9a-fA-F]{2})+$/.test(text) ? Psbt.fromHex(text) : Psbt.fromBase64(text)
  } catch (cause) {
    throw new LatchkeyError(`${what} is not a valid PSBT`, { code: 'INVALID_PARAMS', cause })
  }
}

/** The PSBT in base64, whatever encoding the wallet used. */
export function psbtToBase64(text: string): string {
  return parsePsbt(text, 'The wallet answered a PSBT that').toBase64()
}

/** The unsigned transaction of a PSBT, as hex: the same for a PSBT before and after its inputs are signed. */
export function unsignedTransactionHex(psbt: Psbt): string {
  return Array.from(psbt.data.globalMap.unsignedTx.toBuffer(), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}
