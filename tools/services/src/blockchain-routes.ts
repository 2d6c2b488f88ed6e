// The Blockchain API endpoints of SPEC §7 that the stand-in serves. Every query parameter and body field is checked:
// a malformed one is a 400 naming it; a well-formed chain id the service does not serve answers empty, as SPEC §7
// says of unsupported networks.
import type { Database } from '@latchkey/service-db'
import { assetKey, type BalanceEntry, balanceEntry, type Holding } from './assets.js'
import { readEvmHoldings, type ServicesEvm } from './balances.js'
import {
  InvalidBitcoinAddress,
  looksLikeBitcoinAddress,
  readBitcoinHoldings,
  type ServicesBitcoin,
} from './bitcoin.js'
import { supportedChains } from './chains.js'
import { historyAddress } from './extras.js'
import { decodeCursor, readHistory } from './history.js'
import { type AssetCatalog, answerPrices, pricesOf } from './prices.js'
import { identityOf, reverseProfilesOf } from './profiles.js'
import { isSolanaAddress, readSolanaHoldings, type ServicesSolana } from './solana.js'

/** An answer: JSON, or an SVG image. */
export type Reply = { status: number; json: unknown } | { status: number; svg: string }

export interface BlockchainRequest {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  projectId: string
}

export interface BlockchainOptions {
  baseUrl: () => string
  evm: ServicesEvm | undefined
  solana: ServicesSolana | undefined
  bitcoin: ServicesBitcoin | undefined
  db: Database
  catalog: AssetCatalog
  /** The key each followed EVM chain's rows are written under now (its current genesis), by CAIP-2 id. */
  chainKeys: () => ReadonlyMap<string, number>
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

export const json = (body: unknown, status = 200): Reply => ({ status, json: body })
export const badRequest = (error: string): Reply => json({ error }, 400)

/** What GET /v1/supported-chains answers for this server's configuration. */
function servedChains(options: BlockchainOptions): { http: string[]; ws: string[] } {
  return supportedChains({
    evm: options.evm?.chains.map((chain) => `eip155:${chain.chainId}`) ?? [],
    solana: options.solana?.clusters.map((cluster) => cluster.caipNetworkId) ?? [],
    bitcoin: options.bitcoin?.networks.map((network) => network.caipNetworkId) ?? [],
  })
}
const supported = (options: BlockchainOptions) => servedChains(options).http

/** Whether `address` can be an account on `chainId`'s namespace (any of the three without a chain). */
function addressFits(address: string, chainId: string | undefined): boolean {
  const namespace = chainId?.split(':', 1)[0]
  if (namespace === 'eip155') return EVM_ADDRESS.test(address)
  if (namespace === 'solana') return isSolanaAddress(address)
  if (namespace === 'bip122') return looksLikeBitcoinAddress(address)
  return EVM_ADDRESS.test(address) || isSolanaAddress(address) || looksLikeBitcoinAddress(address)
}

/** A `chainId` query parameter: undefined when absent, an error message when malformed. */
function chainIdParam(query: URLSearchParams): { chainId?: string } | string {
  const chainId = query.get('chainId')
  if (chainId === null || chainId === '') return {}
  return CAIP2.test(chainId) ? { chainId } : `chainId: ${JSON.stringify(chainId)} is not a CAIP-2 network id`
}

/** How to read what `address` holds on a served chain; undefined for one served with nothing (mainnets). */
function holdingsReader(
  chainId: string,
  address: string,
  options: BlockchainOptions,
): (() => Promise<Holding[]>) | undefined {
  const chain = options.evm?.chains.find((item) => `eip155:${item.chainId}` === chainId)
  if (chain) return () => readEvmHoldings(chain, options.evm?.tokens ?? [], address)
  const cluster = options.solana?.clusters.find((item) => item.caipNetworkId === chainId)
  if (cluster) return () => readSolanaHoldings(cluster, options.solana?.mint, address)
  const network = options.bitcoin?.networks.find((item) => item.caipNetworkId === chainId)
  if (network) return () => readBitcoinHoldings(network, address)
  return undefined
}

async function balance(
  address: string,
  request: BlockchainRequest,
  options: BlockchainOptions,
): Promise<Reply> {
  const { query } = request
  const chain = chainIdParam(query)
  if (typeof chain === 'string') return badRequest(chain)
  if (chain.chainId === undefined) return badRequest('chainId: a CAIP-2 network id is required')
  const currency = query.get('currency')
  if (currency !== null && currency !== 'usd')
    return badRequest(`currency: ${JSON.stringify(currency)} is not supported (usd)`)
  const force = query.get('forceUpdate')
  if (force !== null && force !== 'true' && force !== 'false') return badRequest('forceUpdate: true or false')
  if (!addressFits(address, chain.chainId))
    return badRequest(`address: not an account address of ${chain.chainId}`)
  const read = supported(options).includes(chain.chainId)
    ? holdingsReader(chain.chainId, address, options)
    : undefined
  if (!read) return json({ balances: [] })
  let holdings: Holding[]
  try {
    holdings = await read()
  } catch (error) {
    if (error instanceof InvalidBitcoinAddress) return badRequest(`address: not a ${chain.chainId} address`)
    return json({ error: `chain ${chain.chainId} did not answer: ${(error as Error).message}` }, 502)
  }
  const keys = holdings.map((held) => assetKey(held.caip2, held.token))
  const prices = await pricesOf(options.db, request.projectId, keys)
  const balances = holdings
    .map((held, index) => balanceEntry(held, prices.get(keys[index] as string), options.baseUrl()))
    .filter((entry): entry is BalanceEntry => entry !== undefined)
  return json({ balances })
}

async function history(
  address: string,
  request: BlockchainRequest,
  options: BlockchainOptions,
): Promise<Reply> {
  const { query } = request
  const chain = chainIdParam(query)
  if (typeof chain === 'string') return badRequest(chain)
  const cursorText = query.get('cursor')
  const cursor = cursorText ? decodeCursor(cursorText) : undefined
  if (cursorText && !cursor) return badRequest('cursor: not a cursor this service gave out')
  const onramp = query.get('onramp')
  if (onramp !== null && onramp !== '' && onramp !== 'coinbase') {
    return badRequest(`onramp: ${JSON.stringify(onramp)} is not an onramp provider (coinbase)`)
  }
  if (!addressFits(address, chain.chainId)) {
    return badRequest(`address: not an account address${chain.chainId ? ` of ${chain.chainId}` : ''}`)
  }
  const empty = json({ data: [], next: null })
  if (chain.chainId !== undefined && !supported(options).includes(chain.chainId)) return empty
  // Onramp purchases (SPEC §3 coinbaseTransactions): none until the stand-in serves an onramp.
  if (onramp) return empty
  const page = await readHistory(
    options.db,
    {
      chainKeys: [...options.chainKeys().values()],
      catalog: options.catalog,
      baseUrl: options.baseUrl(),
    },
    { address: historyAddress(address), projectId: request.projectId, chainId: chain.chainId, cursor },
  )
  return json(page)
}

/** Answers a Blockchain API request; undefined for a path it does not serve. */
export async function blockchainRoute(
  request: BlockchainRequest,
  options: BlockchainOptions,
): Promise<Reply | undefined> {
  const { method, path } = request
  if (method === 'POST' && path === '/v1/fungible/price') {
    const answer = await answerPrices(
      options.db,
      options.catalog,
      request.body,
      request.projectId,
      options.baseUrl(),
    )
    return typeof answer === 'string' ? badRequest(answer) : json(answer)
  }
  if (method !== 'GET') return undefined
  if (path === '/v1/supported-chains') {
    return json(servedChains(options))
  }
  const identity = /^\/v1\/identity\/([^/]+)$/.exec(path)
  if (identity) {
    const address = decodeURIComponent(identity[1] ?? '')
    if (address.length > 128) return badRequest('address: too long')
    return json(identityOf(address, options.baseUrl()))
  }
  const reverse = /^\/v1\/profile\/reverse\/([^/]+)$/.exec(path)
  if (reverse) {
    const address = decodeURIComponent(reverse[1] ?? '')
    if (!EVM_ADDRESS.test(address)) return badRequest('address: an EVM address is required')
    return json(reverseProfilesOf(address, options.baseUrl()))
  }
  const account = /^\/v1\/account\/([^/]+)\/(balance|history)$/.exec(path)
  if (account) {
    let address: string
    try {
      address = decodeURIComponent(account[1] ?? '')
    } catch {
      return badRequest('address: not URL-encoded text')
    }
    return account[2] === 'balance' ? balance(address, request, options) : history(address, request, options)
  }
  return undefined
}
