import { LatchkeyError } from '@latchkey/core'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Bitcoin alphabet), as Solana writes signatures and addresses. */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  return '1'.repeat(zeros) + text
}

/** Base58 text to bytes. @throws LatchkeyError INVALID_PARAMS for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new LatchkeyError('Not base58 text', { code: 'INVALID_PARAMS' })
    value = value * 58n + BigInt(digit)
  }
  const out: number[] = []
  while (value > 0n) {
    out.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...out])
}

/** Bytes to base64, in Node and browsers alike. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Base64 to bytes. @throws LatchkeyError INVALID_PARAMS for text that is not base64. */
function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch (cause) {
    throw new LatchkeyError('Not base64 text', { code: 'INVALID_PARAMS', cause })
  }
}

/** A transaction given as wire bytes or base64 text, as bytes. */
export function transactionBytes(transaction: Uint8Array | string): Uint8Array {
  if (transaction instanceof Uint8Array) return transaction
  if (typeof transaction === 'string') return fromBase64(transaction)
  throw new LatchkeyError('A transaction must be wire bytes or base64 text', { code: 'INVALID_PARAMS' })
}

/** A message to sign as bytes: text as UTF-8, `{ raw }` as given (hex or bytes). */
export function messageBytes(message: string | { raw: Uint8Array | `0x${string}` }): Uint8Array {
  if (typeof message === 'string') return new TextEncoder().encode(message)
  const raw = message?.raw
  if (raw instanceof Uint8Array) return raw
  if (typeof raw === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(raw)) {
    return Uint8Array.from(raw.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  }
  throw new LatchkeyError('A message must be text or { raw } bytes or hex', { code: 'INVALID_PARAMS' })
}
