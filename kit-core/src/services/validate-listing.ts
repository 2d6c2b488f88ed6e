// The wallet listing's answers (GET /getWallets), checked as strictly as every service answer (validate.ts). A
// module of its own so that the kit loads it with the first listing request, not at start-up.
import { cleanText, type ImagePolicy, isSafeDeepLink, isSafeImageUrl, isSafeWebLink } from './sanitize.js'
import type { GetWalletsResult, WalletListing } from './types.js'
import { asCaipNetworkId, isOptionalString, isRecord, MalformedResponse, record } from './validate.js'

const LISTING_ID = /^[A-Za-z0-9_.:-]{1,128}$/
const RDNS = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,10}$/i
const WEB_LINKS = ['homepage', 'webapp_link', 'app_store', 'play_store'] as const
const DEEP_LINKS = ['mobile_link', 'desktop_link'] as const

/** One wallet of the listing, or undefined when a field has the wrong type or the id or name is unusable. */
export function parseWallet(raw: unknown, images: ImagePolicy = {}): WalletListing | undefined {
  if (!isRecord(raw)) return undefined
  const name = cleanText(raw.name)
  if (typeof raw.id !== 'string' || !LISTING_ID.test(raw.id) || !name) return undefined
  const stringFields = ['image_id', 'image_url', 'rdns', ...WEB_LINKS, ...DEEP_LINKS, 'badge_type'] as const
  if (!stringFields.every((field) => isOptionalString(raw[field]))) return undefined
  if (raw.chains !== undefined && raw.chains !== null) {
    if (!Array.isArray(raw.chains) || !raw.chains.every((chain) => typeof chain === 'string'))
      return undefined
  }
  const wallet: WalletListing = { id: raw.id, name }
  if (typeof raw.image_id === 'string' && LISTING_ID.test(raw.image_id)) wallet.image_id = raw.image_id
  if (isSafeImageUrl(raw.image_url, images)) wallet.image_url = raw.image_url
  wallet.rdns = typeof raw.rdns === 'string' && RDNS.test(raw.rdns) ? raw.rdns : null
  for (const field of WEB_LINKS) wallet[field] = isSafeWebLink(raw[field]) ? (raw[field] as string) : null
  for (const field of DEEP_LINKS) wallet[field] = isSafeDeepLink(raw[field]) ? (raw[field] as string) : null
  if (Array.isArray(raw.chains)) {
    wallet.chains = raw.chains.filter((chain) => asCaipNetworkId(chain) !== undefined) as string[]
  }
  if (raw.badge_type === 'none' || raw.badge_type === 'certified') wallet.badge_type = raw.badge_type
  return wallet
}

/** GET /getWallets: `{ data, count }` with every bad entry dropped and repeated ids kept once. */
export function parseWallets(body: unknown, images: ImagePolicy = {}): GetWalletsResult {
  const { data, count } = record(body, 'getWallets')
  if (!Array.isArray(data)) throw new MalformedResponse('getWallets: data is not a list')
  const seen = new Set<string>()
  const wallets: WalletListing[] = []
  for (const raw of data) {
    const wallet = parseWallet(raw, images)
    if (!wallet || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    wallets.push(wallet)
  }
  const total =
    typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : wallets.length
  return { data: wallets, count: Math.max(total, wallets.length) }
}
