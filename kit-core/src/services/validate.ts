import { type CaipNetworkId, isChainNamespace, parseCaipAddress, parseCaipNetworkId } from '../caip/caip.js'
import { LatchkeyError } from '../errors/errors.js'
import { Messages } from '../errors/messages.js'
import { ServiceDefaults } from './constants.js'
import { cleanText, isSafeDeepLink, isSafeImageUrl, isSafeWebLink } from './sanitize.js'
import type {
  GetWalletsResult,
  IdentityResult,
  ProfileName,
  RemoteFeatureEntry,
  TokenBalance,
  WalletListing,
} from './types.js'

/**
 * Strict shape checks of every service answer (no schema library). An entry whose fields have the wrong
 * types is dropped; a well-typed but unsafe value (an image URL with a bad scheme, a `javascript:` link) is
 * removed from the entry; names are cleaned as plain text. A top-level shape that is wrong throws
 * 'HTTP request failed.' (code HTTP_ERROR, the details say what was wrong), like any other failed request.
 */

class MalformedResponse extends LatchkeyError {
  override name = 'MalformedResponse'
  constructor(details: string) {
    super(Messages.httpRequestFailed, { code: 'HTTP_ERROR', details: `Malformed answer: ${details}` })
  }
}

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function record(value: unknown, what: string): Json {
  if (!isRecord(value)) throw new MalformedResponse(`${what}: expected an object`)
  return value
}

/** An optional string field: undefined and null pass, anything but a string is a wrong type. */
function isOptionalString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string'
}

function asCaipNetworkId(value: unknown): CaipNetworkId | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const { namespace } = parseCaipNetworkId(value)
    return isChainNamespace(namespace) ? (value as CaipNetworkId) : undefined
  } catch {
    return undefined
  }
}

const LISTING_ID = /^[A-Za-z0-9_.:-]{1,128}$/
const RDNS = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,10}$/i
const WEB_LINKS = ['homepage', 'webapp_link', 'app_store', 'play_store'] as const
const DEEP_LINKS = ['mobile_link', 'desktop_link'] as const

/** One wallet of the listing, or undefined when a field has the wrong type or the id or name is unusable. */
export function parseWallet(raw: unknown): WalletListing | undefined {
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
  if (isSafeImageUrl(raw.image_url)) wallet.image_url = raw.image_url
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
export function parseWallets(body: unknown): GetWalletsResult {
  const { data, count } = record(body, 'getWallets')
  if (!Array.isArray(data)) throw new MalformedResponse('getWallets: data is not a list')
  const seen = new Set<string>()
  const wallets: WalletListing[] = []
  for (const raw of data) {
    const wallet = parseWallet(raw)
    if (!wallet || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    wallets.push(wallet)
  }
  const total =
    typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : wallets.length
  return { data: wallets, count: Math.max(total, wallets.length) }
}

const FEATURE_ID = /^[a-z][a-z0-9_]{0,31}$/
const FEATURE_VALUE = /^[a-z0-9][a-z0-9_.-]{0,31}$/i

/** GET /appkit/v1/config: the feature entries; a list config keeps only short identifier strings. */
export function parseFeatures(body: unknown): RemoteFeatureEntry[] {
  const { features } = record(body, 'config')
  if (!Array.isArray(features)) throw new MalformedResponse('config: features is not a list')
  const entries: RemoteFeatureEntry[] = []
  for (const raw of features) {
    if (!isRecord(raw) || typeof raw.id !== 'string' || !FEATURE_ID.test(raw.id)) continue
    if (typeof raw.isEnabled !== 'boolean') continue
    let config: unknown = null
    if (Array.isArray(raw.config)) {
      config = raw.config.filter(
        (item): item is string => typeof item === 'string' && FEATURE_VALUE.test(item),
      )
    } else if (typeof raw.config === 'boolean') {
      config = raw.config
    }
    entries.push({ id: raw.id, isEnabled: raw.isEnabled, config })
  }
  return entries
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: an origin with spaces or control characters is dropped
const BLANK = /[\u0000-\u0020]/

/** GET /projects/v1/origins: the origins, as strings without spaces or control characters. */
export function parseOrigins(body: unknown): string[] {
  const { allowedOrigins } = record(body, 'origins')
  if (!Array.isArray(allowedOrigins)) throw new MalformedResponse('origins: allowedOrigins is not a list')
  return allowedOrigins.filter(
    (origin): origin is string => typeof origin === 'string' && origin.length <= 2048 && !BLANK.test(origin),
  )
}

/** GET /getAnalyticsConfig: true only for a literal `true`. */
export function parseAnalyticsEnabled(body: unknown): boolean {
  return record(body, 'analytics config').isAnalyticsEnabled === true
}

/** GET v1/supported-chains: the CAIP-2 ids of known namespaces. */
export function parseSupportedChains(body: unknown): { http: CaipNetworkId[]; ws: CaipNetworkId[] } {
  const { http, ws } = record(body, 'supported-chains')
  if (!Array.isArray(http)) throw new MalformedResponse('supported-chains: http is not a list')
  const ids = (list: unknown) =>
    Array.isArray(list) ? list.map(asCaipNetworkId).filter((id): id is CaipNetworkId => id !== undefined) : []
  return { http: ids(http), ws: ids(ws) }
}

/** GET /v1/identity/{address}: a cleaned name and a safe avatar URL, each null otherwise. */
export function parseIdentity(body: unknown): IdentityResult {
  const { name, avatar } = record(body, 'identity')
  return { name: cleanText(name) ?? null, avatar: isSafeImageUrl(avatar) ? avatar : null }
}

const DECIMALS = /^\d{1,3}$/
const NUMERIC = /^\d{1,78}(\.\d{1,78})?$/

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/** One token balance, or undefined when a field is missing or has the wrong type. */
function parseTokenBalance(raw: unknown): TokenBalance | undefined {
  if (!isRecord(raw) || !isRecord(raw.quantity)) return undefined
  const name = cleanText(raw.name)
  const symbol = cleanText(raw.symbol, ServiceDefaults.maxSymbolLength)
  const chainId = asCaipNetworkId(raw.chainId)
  const { decimals, numeric } = raw.quantity
  if (!name || !symbol || !chainId) return undefined
  if (typeof decimals !== 'string' || !DECIMALS.test(decimals)) return undefined
  if (typeof numeric !== 'string' || !NUMERIC.test(numeric)) return undefined
  if (raw.value !== undefined && raw.value !== null && !isAmount(raw.value)) return undefined
  if (raw.price !== undefined && raw.price !== null && !isAmount(raw.price)) return undefined
  if (!isOptionalString(raw.address) || !isOptionalString(raw.iconUrl)) return undefined
  const balance: TokenBalance = {
    name,
    symbol,
    chainId,
    price: raw.price ?? 0,
    quantity: { decimals, numeric },
  }
  if (typeof raw.address === 'string') {
    try {
      if (parseCaipAddress(raw.address).caipNetworkId !== chainId) return undefined
    } catch {
      return undefined
    }
    balance.address = raw.address
  }
  if (isAmount(raw.value)) balance.value = raw.value
  if (isSafeImageUrl(raw.iconUrl)) balance.iconUrl = raw.iconUrl
  return balance
}

/** GET /v1/account/{address}/balance: the well-formed token balances. */
export function parseTokenBalances(body: unknown): TokenBalance[] {
  const { balances } = record(body, 'balance')
  if (!Array.isArray(balances)) throw new MalformedResponse('balance: balances is not a list')
  return balances.map(parseTokenBalance).filter((balance): balance is TokenBalance => balance !== undefined)
}

function parseProfile(raw: unknown): ProfileName | undefined {
  if (!isRecord(raw) || !isRecord(raw.addresses)) return undefined
  const name = cleanText(raw.name, 253)
  if (!name || !isAmount(raw.registered)) return undefined
  const addresses: ProfileName['addresses'] = {}
  for (const [coinType, entry] of Object.entries(raw.addresses)) {
    if (!/^\d{1,10}$/.test(coinType) || !isRecord(entry) || typeof entry.address !== 'string') continue
    if (!/^[A-Za-z0-9:.-]{1,128}$/.test(entry.address)) continue
    addresses[coinType] = {
      address: entry.address,
      ...(typeof entry.created === 'string' ? { created: entry.created.slice(0, 64) } : {}),
    }
  }
  const attributes = (Array.isArray(raw.attributes) ? raw.attributes : []).filter(isRecord).map((item) => {
    const kept: Record<string, string> = {}
    for (const [key, value] of Object.entries(item)) {
      if (key === 'avatar') {
        if (isSafeImageUrl(value)) kept.avatar = value
      } else if (/^[a-z][a-z0-9_]{0,31}$/i.test(key)) {
        const text = cleanText(value, 256)
        if (text) kept[key] = text
      }
    }
    return kept
  })
  return {
    name,
    registered: raw.registered,
    ...(isAmount(raw.updated) ? { updated: raw.updated } : {}),
    addresses,
    attributes,
  }
}

/** GET /v1/profile/reverse/{address}: the well-formed profiles. */
export function parseProfiles(body: unknown): ProfileName[] {
  if (!Array.isArray(body)) throw new MalformedResponse('reverse profile: expected a list')
  return body.map(parseProfile).filter((profile): profile is ProfileName => profile !== undefined)
}
