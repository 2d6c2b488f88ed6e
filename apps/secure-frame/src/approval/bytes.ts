/**
 * Bytes as a person reads them: UTF-8 text when they are text, hex otherwise; base58 and base64 decoding. Pure, no
 * Node `Buffer` (this runs in the browser too).
 */
import { bytesToHex } from 'viem'

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Control characters other than \n, \r and \t (C0, DEL and C1): text containing one is shown as hex. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x09 || code === 0x0a || code === 0x0d) continue
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

/**
 * Invisible characters and direction overrides: they can make text read other than it is (a reversed address, a
 * hidden word). Shown as they are, with a warning.
 */
const DECEPTIVE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]

export function hasDeceptiveCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (DECEPTIVE.some(([from, to]) => code >= from && code <= to)) return true
  }
  return false
}

/** How bytes are shown: UTF-8 text when they are valid UTF-8 without control characters (but \n \r \t), else hex. */
interface ShownBytes {
  kind: 'text' | 'hex'
  value: string
}

export function showBytes(bytes: Uint8Array): ShownBytes {
  if (bytes.length > 0) {
    let text: string | undefined
    try {
      text = UTF8.decode(bytes)
    } catch {
      text = undefined
    }
    if (text !== undefined && !hasControlCharacter(text)) return { kind: 'text', value: text }
  }
  return { kind: 'hex', value: bytesToHex(bytes) }
}

/** UTF-8 bytes of a string, as signers encode text. */
export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text)
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE58_DIGITS = new Map([...BASE58_ALPHABET].map((char, index) => [char, BigInt(index)]))
/** Characters decoded per big-integer step: 58^10 < 2^64. */
const BASE58_CHUNK = 10

/** Base58 (Bitcoin alphabet) to bytes; undefined when a character is outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  let value = 0n
  for (let start = zeros; start < text.length; start += BASE58_CHUNK) {
    const chunk = text.slice(start, start + BASE58_CHUNK)
    let part = 0n
    for (const char of chunk) {
      const digit = BASE58_DIGITS.get(char)
      if (digit === undefined) return undefined
      part = part * 58n + digit
    }
    value = value * 58n ** BigInt(chunk.length) + part
  }
  let hex = value === 0n ? '' : value.toString(16)
  if (hex.length % 2 === 1) hex = `0${hex}`
  const bytes = new Uint8Array(zeros + hex.length / 2)
  for (let index = 0; index < hex.length / 2; index++) {
    bytes[zeros + index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

/** Bytes to base58 (Bitcoin alphabet), leading zero bytes as '1's. */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Standard, padded base64 to bytes; undefined when it is not that. */
export function base64Decode(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** A little-endian unsigned integer of `size` bytes (1 to 8) at `offset`. */
export function readUintLE(data: Uint8Array, offset: number, size: number): bigint {
  let value = 0n
  for (let index = size - 1; index >= 0; index--) value = (value << 8n) | BigInt(data[offset + index] ?? 0)
  return value
}
