// Token prices: the catalog of the assets the stand-in knows (the configured chains' native currencies and tokens),
// their default USD prices (written at start), the per-project prices the control API sets, and the answer of
// POST /v1/fungible/price.
import type { Database } from '@latchkey/service-db'
import { type AssetMeta, assetKey, NATIVE, NATIVE_PLACEHOLDERS, tokenIconUrl } from './assets.js'
import type { ServicesEvm } from './balances.js'
import type { ServicesBitcoin } from './bitcoin.js'
import type { ServicesSolana } from './solana.js'

/** An asset the stand-in can describe, with its default USD price. */
interface CatalogAsset {
  meta: AssetMeta
  caip2: string
  token?: string
  price: number
}

/** The known assets by price key ({@link assetKey}). */
export type AssetCatalog = ReadonlyMap<string, CatalogAsset>

/** Every asset of the configured chains: each chain's native currency, the EVM tokens on each EVM chain, the mint. */
export function assetCatalog(config: {
  evm?: ServicesEvm | undefined
  solana?: ServicesSolana | undefined
  bitcoin?: ServicesBitcoin | undefined
}): AssetCatalog {
  const catalog = new Map<string, CatalogAsset>()
  const add = (caip2: string, meta: AssetMeta, price: number, token?: string) => {
    catalog.set(assetKey(caip2, token), { meta, caip2, price, ...(token ? { token } : {}) })
  }
  for (const chain of config.evm?.chains ?? []) {
    const caip2 = `eip155:${chain.chainId}`
    add(caip2, NATIVE.eip155, NATIVE.eip155.price)
    for (const token of config.evm?.tokens ?? []) add(caip2, token, token.price ?? 1, token.address)
  }
  for (const cluster of config.solana?.clusters ?? []) {
    add(cluster.caipNetworkId, NATIVE.solana, NATIVE.solana.price)
    const mint = config.solana?.mint
    if (mint) add(cluster.caipNetworkId, mint, mint.price ?? 1, mint.address)
  }
  for (const network of config.bitcoin?.networks ?? [])
    add(network.caipNetworkId, NATIVE.bip122, NATIVE.bip122.price)
  return catalog
}

const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/**
 * The price key of a CAIP-10 token address (`eip155:31337:0x…`; the native currency as the namespace's
 * placeholder address, see NATIVE_PLACEHOLDERS, or as `<caip2>:native`); undefined when it is not one.
 */
function priceKeyOf(address: unknown): string | undefined {
  if (typeof address !== 'string') return undefined
  const match = CAIP10.exec(address)
  if (!match) return undefined
  const [, namespace = '', reference = '', account = ''] = match
  const caip2 = `${namespace}:${reference}`
  const placeholder = NATIVE_PLACEHOLDERS[namespace]
  if (account === 'native' || account.toLowerCase() === placeholder?.toLowerCase()) return assetKey(caip2)
  if (namespace === 'eip155' && !/^0x[0-9a-fA-F]{40}$/.test(account)) return undefined
  return assetKey(caip2, account)
}

/** Writes the catalog's default prices (the configuration wins over what an earlier start wrote). */
export async function seedDefaultPrices(db: Database, catalog: AssetCatalog): Promise<void> {
  if (catalog.size === 0) return
  await db.query(
    `INSERT INTO default_prices (asset, price) SELECT * FROM unnest($1::text[], $2::float8[])
     ON CONFLICT (asset) DO UPDATE SET price = EXCLUDED.price`,
    [[...catalog.keys()], [...catalog.values()].map((asset) => asset.price)],
  )
}

/** The USD prices `projectId` sees for `keys`: its own where set (a null: none), else the defaults. */
export async function pricesOf(
  db: Database,
  projectId: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const prices = new Map<string, number>()
  if (keys.length === 0) return prices
  const { rows } = await db.query<{ asset: string; price: number | null; rank: number }>(
    `SELECT asset, price, 0 AS rank FROM project_prices WHERE project_id = $1 AND asset = ANY($2::text[])
     UNION ALL SELECT asset, price, 1 AS rank FROM default_prices WHERE asset = ANY($2::text[])
     ORDER BY rank`,
    [projectId, [...new Set(keys)]],
  )
  const decided = new Set<string>()
  for (const row of rows) {
    if (decided.has(row.asset)) continue
    decided.add(row.asset)
    if (row.price !== null) prices.set(row.asset, row.price)
  }
  return prices
}

/**
 * Sets prices for one project, by CAIP-10 token address (as POST /v1/fungible/price takes them): a number, or null
 * for no price at all. @throws TypeError naming a malformed address or price.
 */
export async function setProjectPrices(db: Database, projectId: string, prices: unknown): Promise<void> {
  if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) {
    throw new TypeError('prices must be an object of CAIP-10 token addresses to a price or null')
  }
  const entries = Object.entries(prices).map(([address, price]) => {
    const key = priceKeyOf(address)
    if (!key) throw new TypeError(`prices: ${JSON.stringify(address)} is not a CAIP-10 token address`)
    if (price !== null && !(typeof price === 'number' && Number.isFinite(price) && price >= 0)) {
      throw new TypeError(`prices: the price of ${address} must be a number >= 0 or null`)
    }
    return [key, price as number | null] as const
  })
  if (entries.length === 0) return
  await db.query(
    `INSERT INTO project_prices (project_id, asset, price) SELECT $1, * FROM unnest($2::text[], $3::float8[])
     ON CONFLICT (project_id, asset) DO UPDATE SET price = EXCLUDED.price`,
    [projectId, entries.map(([key]) => key), entries.map(([, price]) => price)],
  )
}

/** One entry of the price answer (Reown's FungiblePriceItem): `price` only when one is known. */
export interface FungiblePrice {
  address: string
  name: string
  symbol: string
  iconUrl: string
  decimals: number
  price?: number
}

/** Most addresses one price request may ask for. */
const MAX_PRICE_ADDRESSES = 100

/**
 * POST /v1/fungible/price: `{ fungibles }` for the body's `addresses` the catalog knows (others are left out), or
 * the error message of a malformed body, naming the field.
 */
export async function answerPrices(
  db: Database,
  catalog: AssetCatalog,
  body: unknown,
  queryProjectId: string,
  baseUrl: string,
): Promise<{ fungibles: FungiblePrice[] } | string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object'
  const { currency, addresses, projectId } = body as Record<string, unknown>
  if (currency !== undefined && currency !== 'usd')
    return `currency ${JSON.stringify(currency)} is not supported (usd)`
  if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > MAX_PRICE_ADDRESSES) {
    return `addresses must be a list of 1 to ${MAX_PRICE_ADDRESSES} CAIP-10 token addresses`
  }
  if (projectId !== undefined && typeof projectId !== 'string') return 'projectId must be a string'
  const keys: string[] = []
  for (const [index, address] of addresses.entries()) {
    const key = priceKeyOf(address)
    if (!key) return `addresses[${index}] ${JSON.stringify(address)} is not a CAIP-10 token address`
    keys.push(key)
  }
  const prices = await pricesOf(db, projectId ?? queryProjectId, keys)
  const fungibles: FungiblePrice[] = []
  keys.forEach((key, index) => {
    const asset = catalog.get(key)
    if (!asset) return
    const price = prices.get(key)
    fungibles.push({
      address: addresses[index] as string,
      name: asset.meta.name,
      symbol: asset.meta.symbol,
      iconUrl: tokenIconUrl(baseUrl, asset.meta.symbol),
      decimals: asset.meta.decimals,
      ...(price !== undefined ? { price } : {}),
    })
  })
  return { fungibles }
}
