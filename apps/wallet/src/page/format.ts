// What the page shows of what dApps send: every field is untrusted. Text is clipped and rendered as text (Preact
// escapes it; nothing is ever set as HTML); an icon is used only when it is an http(s) or data: image URL.
import { base58, hex } from '@scure/base'

/** Whether `character` is a C0 control character or DEL (tabs and newlines allowed when `allowLines`). */
function isControl(character: string, allowLines: boolean): boolean {
  const code = character.charCodeAt(0)
  if (allowLines && (code === 0x09 || code === 0x0a || code === 0x0d)) return false
  return code < 0x20 || code === 0x7f
}

/** `value` as text of at most `max` characters (an ellipsis marks a cut); '' for anything but a string. */
export function clip(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const text = [...value].filter((character) => !isControl(character, true)).join('')
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)(;base64)?,/i

/**
 * The URL of a dApp's icon when it is safe to hand to an `<img>`: http(s) (at most 2,048 characters) or a data: URL
 * of an image type (at most 100,000). Anything else (javascript:, blob:, file:, a relative path, a non-string) is
 * undefined, and no image is shown.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  if (DATA_IMAGE.test(value)) return value.length <= 100_000 ? value : undefined
  if (value.length > 2048) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** UTF-8 text of `bytes` when they are valid UTF-8 without control characters (newlines and tabs allowed). */
function readableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return [...text].some((character) => isControl(character, true)) ? undefined : text
  } catch {
    return undefined
  }
}

/** The message a signing request asks to sign, as the user reads it (UTF-8 when it is text), if it has one. */
export function messageOf(method: string, params: unknown): string | undefined {
  const object = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  try {
    if (method === 'personal_sign' && Array.isArray(params) && typeof params[0] === 'string') {
      const text = params[0]
      if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) return text
      return readableText(hex.decode(text.slice(2))) ?? text
    }
    if (method === 'solana_signMessage' && typeof object.message === 'string') {
      const bytes = base58.decode(object.message)
      return readableText(bytes) ?? `0x${hex.encode(bytes)}`
    }
    if (method === 'signMessage' && typeof object.message === 'string') return object.message
    if (method === 'eth_signTypedData_v4' && Array.isArray(params) && typeof params[1] === 'string') {
      return JSON.stringify(JSON.parse(params[1]), null, 2)
    }
  } catch {
    return undefined
  }
  return undefined
}

/** The request's params as indented JSON, clipped. */
export function paramsText(params: unknown, max = 2000): string {
  let text: string
  try {
    text = JSON.stringify(params, null, 2) ?? String(params)
  } catch {
    text = String(params)
  }
  return clip(text, max)
}

/** A result or error for the log, on one line, clipped. */
export function shortJson(value: unknown, max = 160): string {
  try {
    return clip(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), max)
  } catch {
    return clip(String(value), max)
  }
}

/** `0x1234…cdef` */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address
}
