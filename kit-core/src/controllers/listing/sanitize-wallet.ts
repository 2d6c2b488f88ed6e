import type { WalletListing } from '../../services/types.js'
import { isAllowedImageUrl } from './image-url.js'

const UNSAFE_LINK_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'about'])
const LINK_FIELDS = [
  'homepage',
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'app_store',
  'play_store',
] as const

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/**
 * True when a wallet's link (deep link, universal link, store page) may be opened: no whitespace or control
 * characters (browsers drop them, so `java\tscript:` would run) and no script-capable or local scheme. Custom
 * app schemes (`metamask://`, `trust:`) pass: that is what a deep link is. Never throws.
 */
export function isSafeWalletLink(link: unknown): link is string {
  if (typeof link !== 'string' || link.length === 0 || link.length > 2048) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
  if (/[\u0000-\u0020\u007f]/.test(link)) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link)?.[1]?.toLowerCase()
  return scheme === undefined || !UNSAFE_LINK_SCHEMES.has(scheme)
}

/**
 * Turns one untrusted wallet entry (from the Provider API or the host's `customWallets`) into a
 * {@link WalletListing} the UI may render: the name stays a plain string (never parsed as HTML), image URLs
 * that fail {@link isAllowedImageUrl} and unsafe links are dropped, chains keep only strings. Returns
 * undefined when the entry has no usable id. Never throws.
 */
export function sanitizeWalletListing(raw: unknown): WalletListing | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const entry = raw as Record<string, unknown>
  const id = stringOrUndefined(entry.id)
  if (!id) return undefined
  const wallet: WalletListing = { id, name: typeof entry.name === 'string' ? entry.name : '' }
  const imageId = stringOrUndefined(entry.image_id)
  if (imageId) wallet.image_id = imageId
  if (isAllowedImageUrl(entry.image_url)) wallet.image_url = entry.image_url
  const rdns = stringOrUndefined(entry.rdns)
  if (rdns) wallet.rdns = rdns
  for (const field of LINK_FIELDS) {
    const link = entry[field]
    if (isSafeWalletLink(link)) wallet[field] = link
  }
  if (Array.isArray(entry.chains)) {
    wallet.chains = entry.chains.filter((chain): chain is string => typeof chain === 'string')
  }
  if (entry.badge_type === 'none' || entry.badge_type === 'certified') wallet.badge_type = entry.badge_type
  return wallet
}

/** {@link sanitizeWalletListing} over a list, dropping unusable entries and repeated ids (first kept). */
export function sanitizeWalletListings(raw: unknown): WalletListing[] {
  if (!Array.isArray(raw)) return []
  const seen = new Set<string>()
  const wallets: WalletListing[] = []
  for (const entry of raw) {
    const wallet = sanitizeWalletListing(entry)
    if (!wallet || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    wallets.push(wallet)
  }
  return wallets
}
