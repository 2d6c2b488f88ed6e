/**
 * Bytes as a person reads them: UTF-8 text when they are text, hex otherwise. Base58 and base64 text to bytes, by
 * the Solana codecs. Pure, no Node `Buffer` (this runs in the browser too).
 */
import { getBase58Encoder, getBase64Encoder } from '@solana/kit'
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

// The codecs' "encoder" turns text into bytes.
const BASE58 = getBase58Encoder()
const BASE64 = getBase64Encoder()

/** Standard base64, padded: browsers' `atob`, which the codec uses, would also take it unpadded or with spaces. */
const PADDED_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Base58 (Bitcoin alphabet) to bytes; undefined when a character is outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(BASE58.encode(text))
  } catch {
    return undefined
  }
}

/** Standard, padded base64 to bytes; undefined when it is not that. */
export function base64Decode(text: string): Uint8Array | undefined {
  if (!PADDED_BASE64.test(text)) return undefined
  return Uint8Array.from(BASE64.encode(text))
}
