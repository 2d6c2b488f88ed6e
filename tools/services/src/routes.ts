import { type BlockchainOptions, badRequest, blockchainRoute, json, type Reply } from './blockchain-routes.js'
import type { ProjectState } from './control.js'
import { DEFAULT_ALLOWED_ORIGINS, defaultRemoteFeatures } from './defaults.js'
import { badgeIcon, initialsOf, walletIcon } from './images.js'
import { queryWallets, readWalletQuery } from './listing.js'

export type { Reply } from './blockchain-routes.js'

export interface RouteRequest {
  method: string
  path: string
  query: URLSearchParams
  /** The parsed JSON body (undefined without one). */
  body: unknown
  /** The request's `projectId` query parameter ('' without one). */
  projectId: string
  project: ProjectState
}

export interface RouteOptions extends BlockchainOptions {
  /** The default listing (fixture or generated). */
  wallets: readonly unknown[]
}

const IMAGE_ID = /^[A-Za-z0-9_.-]{1,128}$/

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

/** Answers one API request; 404 for paths neither API serves. */
export async function route(request: RouteRequest, options: RouteOptions): Promise<Reply> {
  return (
    providerRoute(request, options) ??
    (await blockchainRoute(request, options)) ??
    json({ error: `no route for ${request.method} ${request.path}` }, 404)
  )
}
