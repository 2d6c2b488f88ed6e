// A Solana native transfer built by hand (the universal adapter carries no Solana SDK): one legacy transaction
// with one System Program `Transfer` instruction, the fee payer's signature slot left empty for the wallet.
import { LatchkeyError } from '@latchkey/core'
import { base58 } from '@scure/base'

/** Solana's compact-u16 length prefix (1 to 3 bytes, 7 bits each). */
function compactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(byte)
      return out
    }
    out.push(byte | 0x80)
  }
}

function publicKey(value: string, what: string): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(value)
  } catch {
    bytes = new Uint8Array()
  }
  if (bytes.length !== 32)
    throw new LatchkeyError(`${what} is not a Solana address: ${value.slice(0, 64)}`, {
      code: 'INVALID_PARAMS',
    })
  return bytes
}

/** The System Program's id: 32 zero bytes (base58 `11111111111111111111111111111111`). */
const SYSTEM_PROGRAM = new Uint8Array(32)
/** The System Program's `Transfer` instruction index (a little-endian u32). */
const TRANSFER = 2

/**
 * The wire bytes of an unsigned transfer of `lamports` from `from` to `to`, valid for the blockhash's lifetime.
 * @throws LatchkeyError INVALID_PARAMS for an address that is not 32 base58 bytes or an amount outside u64.
 */
export function solanaTransfer(params: {
  from: string
  to: string
  lamports: bigint
  blockhash: string
}): Uint8Array {
  const from = publicKey(params.from, 'from')
  const to = publicKey(params.to, 'to')
  const blockhash = publicKey(params.blockhash, 'The blockhash')
  if (params.lamports < 0n || params.lamports >= 1n << 64n)
    throw new LatchkeyError('The amount is outside a u64 of lamports', { code: 'INVALID_PARAMS' })
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER, true)
  view.setBigUint64(4, params.lamports, true)
  const message = [
    // Header: one required signature (the payer), no read-only signer, one read-only account (the program).
    1,
    0,
    1,
    ...compactU16(3),
    ...from,
    ...to,
    ...SYSTEM_PROGRAM,
    ...blockhash,
    ...compactU16(1),
    // The instruction: program 2, accounts [payer (writable signer), recipient (writable)], the data.
    2,
    ...compactU16(2),
    0,
    1,
    ...compactU16(data.length),
    ...data,
  ]
  return Uint8Array.from([...compactU16(1), ...new Uint8Array(64), ...message])
}
