import { ServiceDefaults } from './constants.js'

/**
 * Checks for the untrusted values services send: text that will be shown (kept as plain text, never
 * markup), image URLs and links. Pure and side-effect free; none of them throws.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: a URL with them is refused
const URL_FORBIDDEN = /[\u0000-\u0020\u007f-\u009f]/

/**
 * A name or label from a service, made safe to show as text: control, zero-width and bidi-override
 * characters removed, whitespace collapsed, trimmed, cut to `max` characters. Markup characters stay as
 * they are: the UI renders it as text. Undefined when it is not a string or nothing is left.
 */
export function cleanText(value: unknown, max: number = ServiceDefaults.maxNameLength): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.normalize('NFC').replace(/\s+/g, ' ').replace(CONTROL, '').trim()
  if (text === '') return undefined
  const chars = Array.from(text)
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : text
}

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}

function parseUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > ServiceDefaults.maxUrlLength) return
  if (URL_FORBIDDEN.test(value)) return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** https, or http on a loopback host (127.0.0.0/8, localhost, [::1]); no credentials in the URL. */
function isWebUrl(url: URL): boolean {
  if (url.username !== '' || url.password !== '') return false
  if (url.protocol === 'https:') return url.hostname !== ''
  return url.protocol === 'http:' && isLoopbackHost(url.hostname)
}

/**
 * True when an image URL from a service (a wallet's, a token's icon, an avatar) may be rendered: `https:`,
 * `data:image/…`, `blob:`, and `http:` only for loopback hosts (127.0.0.0/8, localhost, [::1]). Refuses
 * `javascript:`, `file:`, other data types, plain http to other hosts, relative and malformed URLs.
 */
export function isSafeImageUrl(url: unknown): url is string {
  const parsed = parseUrl(url)
  if (!parsed) return false
  if (parsed.protocol === 'blob:') return true
  if (parsed.protocol === 'data:') return /^data:image\/[a-z0-9.+-]+[;,]/i.test(url as string)
  return isWebUrl(parsed)
}

/** A web page link (homepage, web app, store page): https, or http on a loopback host. */
export function isSafeWebLink(url: unknown): url is string {
  const parsed = parseUrl(url)
  return parsed !== undefined && isWebUrl(parsed)
}

/**
 * Schemes a wallet's deep link may not use: the ones that run script or read local data, the browser's own pages,
 * the other special schemes of the URL standard (ftp, ws, wss: never a wallet), and Android's `intent:`, whose
 * fallback URL would take the pairing key wherever it says.
 */
const NOT_WALLET_SCHEMES = new Set([
  'javascript:',
  'vbscript:',
  'data:',
  'blob:',
  'file:',
  'filesystem:',
  'about:',
  'view-source:',
  'ftp:',
  'ws:',
  'wss:',
  'intent:',
])

/**
 * A wallet deep link (`metamask://`, a universal link `https://…`): an app scheme that is none of
 * {@link NOT_WALLET_SCHEMES}, or https (http only on a loopback host).
 */
export function isSafeDeepLink(url: unknown): url is string {
  const parsed = parseUrl(url)
  if (!parsed || NOT_WALLET_SCHEMES.has(parsed.protocol)) return false
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return isWebUrl(parsed)
  return /^[a-z][a-z0-9+.-]*:$/.test(parsed.protocol)
}

const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/** A reverse-DNS wallet identifier as EIP-6963 announces it (`io.metamask`), at most 255 characters. */
export function isRdns(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && RDNS.test(value)
}
