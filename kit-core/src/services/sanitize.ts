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
 * A host name on this machine or a private network: `localhost` and `*.localhost`, mDNS `*.local`, IPv4 loopback
 * (127/8), private (10/8, 172.16/12, 192.168/16), shared (100.64/10), link-local (169.254/16) and 0.0.0.0, IPv6
 * loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10) and IPv4-mapped literals.
 */
function isLocalNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host)
  if (v4) {
    const a = Number(v4[1])
    const b = Number(v4[2])
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    )
  }
  if (!host.startsWith('[')) return false
  const v6 = host.slice(1, -1)
  return v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('::ffff:')
}

/** What a kit accepts in image URLs beyond the public web: `allowLocal` for hosts on this machine or network. */
export interface ImagePolicy {
  /**
   * Accept images from this machine and private networks (`http://127.0.0.1:…`, `https://192.168.…`); default
   * false, so that a hostile icon cannot make a visitor's browser probe local services. A local test setup (the lab)
   * turns it on through the kit's `allowLocalImages` option.
   */
  allowLocal?: boolean
}

/**
 * The policy that checks only an image URL's form, for code that is not where a URL enters the kit (an adapter listing
 * a wallet's icon, the `<img>` that loads a URL core already let in): the kit's own `allowLocalImages` is applied where
 * URLs come in (its connectors, the listing, the custom wallets, the services' answers).
 */
export const ANY_IMAGE_HOST: Readonly<ImagePolicy> = { allowLocal: true }

/**
 * True when an image URL from a service (a wallet's, a token's icon, an avatar) may be rendered: `https:` to a
 * public host, `data:image/…`, `blob:`; with `policy.allowLocal`, also http or https to a host on this machine or
 * a private network ({@link isLocalNetworkHost}). Refuses `javascript:`, `file:`, other data types, plain http to
 * public hosts, credentials in the URL, relative and malformed URLs.
 */
export function isSafeImageUrl(url: unknown, policy: ImagePolicy = {}): url is string {
  const parsed = parseUrl(url)
  if (!parsed) return false
  if (parsed.protocol === 'blob:') return true
  if (parsed.protocol === 'data:') return /^data:image\/[a-z0-9.+-]+[;,]/i.test(url as string)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (parsed.username !== '' || parsed.password !== '' || parsed.hostname === '') return false
  if (isLocalNetworkHost(parsed.hostname)) return policy.allowLocal === true
  return parsed.protocol === 'https:'
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
