import {
  cleanText,
  type ImagePolicy,
  isSafeDeepLink,
  isSafeImageUrl,
  isSafeWebLink,
} from '../../services/sanitize.js'
import type { WalletListing } from '../../services/types.js'

const DEEP_LINK_FIELDS = ['mobile_link', 'desktop_link'] as const
const WEB_LINK_FIELDS = ['homepage', 'webapp_link', 'app_store', 'play_store'] as const

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/**
 * Turns one untrusted wallet entry (from the Provider API or the host's `customWallets`) into a
 * {@link WalletListing} the UI may render, with the same checks the service clients apply (the name cleaned and
 * kept as plain text, never parsed as HTML; unsafe image URLs and links dropped) but lenient about the rest:
 * a wrong-typed field is dropped rather than the whole wallet. Chains keep only strings. Returns
 * undefined when the entry has no usable id. Never throws.
 */
export function sanitizeWalletListing(raw: unknown, images: ImagePolicy = {}): WalletListing | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const entry = raw as Record<string, unknown>
  const id = stringOrUndefined(entry.id)
  if (!id) return undefined
  const wallet: WalletListing = { id, name: cleanText(entry.name) ?? '' }
  const imageId = stringOrUndefined(entry.image_id)
  if (imageId) wallet.image_id = imageId
  if (isSafeImageUrl(entry.image_url, images)) wallet.image_url = entry.image_url
  const rdns = stringOrUndefined(entry.rdns)
  if (rdns) wallet.rdns = rdns
  for (const field of DEEP_LINK_FIELDS) {
    const link = entry[field]
    if (isSafeDeepLink(link)) wallet[field] = link
  }
  for (const field of WEB_LINK_FIELDS) {
    const link = entry[field]
    if (isSafeWebLink(link)) wallet[field] = link
  }
  if (Array.isArray(entry.chains)) {
    wallet.chains = entry.chains.filter((chain): chain is string => typeof chain === 'string')
  }
  if (entry.badge_type === 'none' || entry.badge_type === 'certified') wallet.badge_type = entry.badge_type
  return wallet
}

/** {@link sanitizeWalletListing} over a list, dropping unusable entries and repeated ids (first kept). */
export function sanitizeWalletListings(raw: unknown, images: ImagePolicy = {}): WalletListing[] {
  if (!Array.isArray(raw)) return []
  const seen = new Set<string>()
  const wallets: WalletListing[] = []
  for (const entry of raw) {
    const wallet = sanitizeWalletListing(entry, images)
    if (!wallet || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    wallets.push(wallet)
  }
  return wallets
}
