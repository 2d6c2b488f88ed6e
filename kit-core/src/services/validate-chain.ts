// The Blockchain API's answers (supported chains, identity, balances, profiles), checked as strictly as every
// service answer (validate.ts). Loaded with the Blockchain API client, on its first request.
import { type CaipNetworkId, parseCaipAddress } from '../caip/caip.js'
import { ServiceDefaults } from './constants.js'
import { cleanText, type ImagePolicy, isSafeImageUrl } from './sanitize.js'
import type { IdentityResult, ProfileName, TokenBalance } from './types.js'
import { asCaipNetworkId, isOptionalString, isRecord, MalformedResponse, record } from './validate.js'

/** GET v1/supported-chains: the CAIP-2 ids of known namespaces. */
export function parseSupportedChains(body: unknown): { http: CaipNetworkId[]; ws: CaipNetworkId[] } {
  const { http, ws } = record(body, 'supported-chains')
  if (!Array.isArray(http)) throw new MalformedResponse('supported-chains: http is not a list')
  const ids = (list: unknown) =>
    Array.isArray(list) ? list.map(asCaipNetworkId).filter((id): id is CaipNetworkId => id !== undefined) : []
  return { http: ids(http), ws: ids(ws) }
}

/** GET /v1/identity/{address}: a cleaned name and a safe avatar URL, each null otherwise. */
export function parseIdentity(body: unknown, images: ImagePolicy = {}): IdentityResult {
  const { name, avatar } = record(body, 'identity')
  return { name: cleanText(name) ?? null, avatar: isSafeImageUrl(avatar, images) ? avatar : null }
}

const DECIMALS = /^\d{1,3}$/
const NUMERIC = /^\d{1,78}(\.\d{1,78})?$/

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/** One token balance, or undefined when a field is missing or has the wrong type. */
function parseTokenBalance(raw: unknown, images: ImagePolicy): TokenBalance | undefined {
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
  if (isSafeImageUrl(raw.iconUrl, images)) balance.iconUrl = raw.iconUrl
  return balance
}

/** GET /v1/account/{address}/balance: the well-formed token balances. */
export function parseTokenBalances(body: unknown, images: ImagePolicy = {}): TokenBalance[] {
  const { balances } = record(body, 'balance')
  if (!Array.isArray(balances)) throw new MalformedResponse('balance: balances is not a list')
  return balances
    .map((raw) => parseTokenBalance(raw, images))
    .filter((balance): balance is TokenBalance => balance !== undefined)
}

function parseProfile(raw: unknown, images: ImagePolicy): ProfileName | undefined {
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
        if (isSafeImageUrl(value, images)) kept.avatar = value
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
export function parseProfiles(body: unknown, images: ImagePolicy = {}): ProfileName[] {
  if (!Array.isArray(body)) throw new MalformedResponse('reverse profile: expected a list')
  return body
    .map((raw) => parseProfile(raw, images))
    .filter((profile): profile is ProfileName => profile !== undefined)
}
