// Random identifiers from the platform's crypto (Node and browsers).

import type { Hex } from 'viem'

function randomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  crypto.getRandomValues(bytes)
  return bytes
}

const toHexDigits = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/** A random v4 UUID. */
export function randomUuid(): string {
  const bytes = randomBytes(16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = toHexDigits(bytes)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** `size` random bytes as 0x-prefixed hex. */
export function randomHex(size: number): Hex {
  return `0x${toHexDigits(randomBytes(size))}`
}
