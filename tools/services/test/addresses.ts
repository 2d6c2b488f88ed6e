// Fresh Solana and Bitcoin addresses for the live-balance tests, written here because this package has no
// Solana or Bitcoin library: base58 public keys, and bech32 (BIP-173) segwit v0 addresses.
import { randomBytes } from 'node:crypto'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** Base58 of `bytes`. */
export function base58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out
    value /= 58n
  }
  return '1'.repeat(zeros) + out
}

/** A fresh Solana address nobody holds the key of (any 32 bytes can receive SOL). */
export function freshSolanaAddress(): string {
  return base58(randomBytes(32))
}

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let check = 1
  for (const value of values) {
    const top = check >>> 25
    check = ((check & 0x1ffffff) << 5) ^ value
    generators.forEach((generator, bit) => {
      if ((top >>> bit) & 1) check ^= generator
    })
  }
  return check
}

/** The segwit v0 address (bech32) of a 20-byte key hash under `hrp` ('bcrt' regtest, 'tb' testnet). */
function segwitV0Address(hrp: string, hash: Uint8Array): string {
  const words = [0]
  let accumulator = 0
  let bits = 0
  for (const byte of hash) {
    accumulator = (accumulator << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words.push((accumulator >>> bits) & 31)
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31)
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5)
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31))
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31)
  return `${hrp}1${[...words, ...checksum].map((word) => BECH32[word]).join('')}`
}

/** A fresh P2WPKH address nobody holds the key of. */
export function freshBitcoinAddress(kind: string): string {
  return segwitV0Address(kind === 'regtest' ? 'bcrt' : 'tb', randomBytes(20))
}
