import { type BalanceEntry, readBalances, type ServicesEvm } from './balances.js'
import {
  InvalidBitcoinAddress,
  looksLikeBitcoinAddress,
  readBitcoinBalances,
  type ServicesBitcoin,
} from './bitcoin.js'
import { supportedChains } from './chains.js'
import type { ProjectState } from './control.js'
import { DEFAULT_ALLOWED_ORIGINS, defaultRemoteFeatures } from './defaults.js'
import { badgeIcon, initialsOf, walletIcon } from './images.js'
import { queryWallets, readWalletQuery } from './listing.js'
import { identityOf, reverseProfilesOf } from './profiles.js'
import { isSolanaAddress, readSolanaBalances, type ServicesSolana } from './solana.js'

/** An answer: JSON, or an SVG image. */
export type Reply = { status: number; json: unknown } | { status: number; svg: string }

export interface RouteRequest {
  method: string
  path: string
  query: URLSearchParams
  /** The parsed JSON body (undefined without one). */
  body: unknown
  project: ProjectState
}

export interface RouteOptions {
  /** The server's own base URL, for image links in answers. */
  baseUrl: () => string
  /** The default listing (fixture or generated). */
  wallets: readonly unknown[]
  evm: ServicesEvm | undefined
  solana: ServicesSolana | undefined
  bitcoin: ServicesBitcoin | undefined
}

const IMAGE_ID = /^[A-Za-z0-9_.-]{1,128}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const json = (json: unknown, status = 200): Reply => ({ status, json })
const badRequest = (error: string): Reply => json({ error }, 400)

/** The Provider API of SPEC §7. Undefined for a path it does not serve. */
function providerRoute(request: RouteRequest, options: RouteOptions): Reply | undefined {
  const { method, path, query, project } = request
  const settings = project.settings
  if (method === 'GET' && path === '/appkit/v1/config') {
    return json({ features: settings.features !== undefined ? settings.features : defaultRemoteFeatures() })
  }
  if (method === 'GET' && path === '/projects/v1/origins') {
    return json({ allowedOrigins: settings.allowedOrigins ?? [...DEFAULT_ALLOWED_ORIGINS] })
  }
  if (method === 'GET' && path === '/getAnalyticsConfig') {
    return json({ isAnalyticsEnabled: settings.isAnalyticsEnabled ?? true })
  }
  if (method === 'GET' && path === '/getWallets') {
    const walletQuery = readWalletQuery(query)
    if ('error' in walletQuery) return badRequest(walletQuery.error)
    return json(queryWallets(settings.wallets ?? options.wallets, walletQuery))
  }
  if (method === 'POST' && path === '/e') {
    if (typeof request.body !== 'object' || request.body === null)
      return badRequest('a JSON report is required')
    project.reports.push(request.body)
    return json({ received: true }, 202)
  }
  const image =
    /^\/(getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/(.+)$/.exec(
      path,
    )
  if (method === 'GET' && image) {
    const id = decodeURIComponent(image[2] ?? '')
    if (!IMAGE_ID.test(id)) return json({ error: 'unknown image' }, 404)
    if (image[1] === 'getWalletImage') return { status: 200, svg: walletIcon(id) }
    return { status: 200, svg: badgeIcon(id, initialsOf(id)) }
  }
  return undefined
}

function liveIds(options: RouteOptions): { solana: string[]; bitcoin: string[] } {
  return {
    solana: options.solana?.clusters.map((cluster) => cluster.caipNetworkId) ?? [],
    bitcoin: options.bitcoin?.networks.map((network) => network.caipNetworkId) ?? [],
  }
}

/**
 * How to read `address`'s balances on a supported `chainId`: a reader, an error message for an address that
 * cannot be on that chain, or undefined for a chain served with empty balances (Solana and Bitcoin mainnet).
 */
function balanceReader(
  chainId: string,
  address: string,
  options: RouteOptions,
): (() => Promise<BalanceEntry[]>) | string | undefined {
  const baseUrl = options.baseUrl()
  if (chainId.startsWith('eip155:')) {
    if (!EVM_ADDRESS.test(address)) return 'an EVM address is required'
    const chain = options.evm?.chains.find((item) => `eip155:${item.chainId}` === chainId)
    return chain && (() => readBalances(chain, options.evm?.tokens ?? [], address, baseUrl))
  }
  const cluster = options.solana?.clusters.find((item) => item.caipNetworkId === chainId)
  if (cluster) {
    if (!isSolanaAddress(address)) return 'a Solana address is required'
    return () => readSolanaBalances(cluster, options.solana?.mint, address, baseUrl)
  }
  const network = options.bitcoin?.networks.find((item) => item.caipNetworkId === chainId)
  if (network) {
    if (!looksLikeBitcoinAddress(address)) return 'a Bitcoin address is required'
    return () => readBitcoinBalances(network, address, baseUrl)
  }
  return undefined
}

/** The Blockchain API endpoints in scope (SPEC §7). Undefined for a path it does not serve. */
async function blockchainRoute(request: RouteRequest, options: RouteOptions): Promise<Reply | undefined> {
  const { method, path, query } = request
  if (method !== 'GET') return undefined
  if (path === '/v1/supported-chains') {
    return json(supportedChains(liveIds(options)))
  }
  const identity = /^\/v1\/identity\/([^/]+)$/.exec(path)
  if (identity) {
    const address = decodeURIComponent(identity[1] ?? '')
    if (address.length > 128) return badRequest('address too long')
    return json(identityOf(address, options.baseUrl()))
  }
  const reverse = /^\/v1\/profile\/reverse\/([^/]+)$/.exec(path)
  if (reverse) {
    const address = decodeURIComponent(reverse[1] ?? '')
    if (!EVM_ADDRESS.test(address)) return badRequest('an EVM address is required')
    return json(reverseProfilesOf(address, options.baseUrl()))
  }
  const balance = /^\/v1\/account\/([^/]+)\/balance$/.exec(path)
  if (balance) {
    const address = decodeURIComponent(balance[1] ?? '')
    const chainId = query.get('chainId') ?? ''
    if (!supportedChains(liveIds(options)).http.includes(chainId)) {
      return badRequest(`chainId ${chainId || '(none)'} is not supported`)
    }
    const read = balanceReader(chainId, address, options)
    if (typeof read === 'string') return badRequest(read)
    if (!read) return json({ balances: [] })
    try {
      return json({ balances: await read() })
    } catch (error) {
      if (error instanceof InvalidBitcoinAddress) return badRequest(`not a ${chainId} address`)
      return json({ error: `chain ${chainId} did not answer: ${(error as Error).message}` }, 502)
    }
  }
  return undefined
}

/** Answers one API request; 404 for paths neither API serves. */
export async function route(request: RouteRequest, options: RouteOptions): Promise<Reply> {
  return (
    providerRoute(request, options) ??
    (await blockchainRoute(request, options)) ??
    json({ error: `no route for ${request.method} ${request.path}` }, 404)
  )
}
