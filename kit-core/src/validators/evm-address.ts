// The EVM address checks (SPEC §5): the implementation behind `address.ts`, imported directly by the send chunk.
import { keccak_256 } from '@noble/hashes/sha3.js'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The EIP-55 mixed-case checksum form of an EVM address.
 * @throws TypeError when `address` is not 0x plus 40 hex characters.
 */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!ADDRESS.test(address)) throw new TypeError(`Not an address: ${address}`)
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    const char = lower[i] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}

export interface IsAddressOptions {
  /** Check a mixed-case address against its EIP-55 checksum (default true). */
  strict?: boolean
}

/**
 * True for an EVM address: 0x plus 40 hex characters; when `strict` (the default), a mixed-case address
 * must also match its EIP-55 checksum (SPEC §5). All-lowercase and all-uppercase addresses carry no
 * checksum and pass.
 */
export function isAddress(value: unknown, options: IsAddressOptions = {}): value is `0x${string}` {
  if (typeof value !== 'string' || !ADDRESS.test(value)) return false
  if (options.strict === false) return true
  const hex = value.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return toChecksumAddress(value) === value
}
