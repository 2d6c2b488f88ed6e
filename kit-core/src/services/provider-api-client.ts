import { buildUrl } from '../transport/http.js'
import { createServiceHttp, describeFailure, loggerOf, sdkQuery } from './client-options.js'
import type { ProviderApiClientOptions } from './provider-api.js'
import { isSafeImageUrl } from './sanitize.js'
import type { ErrorReport, GetWalletsParams, GetWalletsResult, ProviderApi } from './types.js'
import { parseAnalyticsEnabled, parseFeatures, parseOrigins } from './validate.js'

/** Ids that may go into an image path: what listings use (UUIDs, slugs, token symbols). */
const IMAGE_ID = /^[A-Za-z0-9_.-]{1,128}$/

/** The listing's answer checks, once loaded (a failed load is tried again by the next page). */
let listingChecks: Promise<typeof import('./validate-listing.js')> | undefined
function loadListingChecks(): Promise<typeof import('./validate-listing.js')> {
  listingChecks ??= import('./validate-listing.js').catch((error: unknown) => {
    listingChecks = undefined
    throw error
  })
  return listingChecks
}

/**
 * The Provider API client of SPEC §7 (loaded by {@link createProviderApiClient} on its first request). Every request carries the query sdk properties `projectId`,
 * `st` (default 'appkit') and `sv`, and goes through the kit's HTTP client (timeout and retry policy of SPEC
 * §9). Every answer is shape-checked and cleaned before it is returned. The fallbacks of SPEC §8 apply:
 * config failure gives null, origins failure [], analytics config failure false, image failures undefined;
 * each is logged quietly through `logger`, never thrown. Only `getWallets` throws.
 */
export function providerApiClient(options: ProviderApiClientOptions): ProviderApi {
  const images = { allowLocal: options.allowLocalImages === true }
  const http = createServiceHttp(options)
  const logger = loggerOf(options)
  const secret = options.projectId

  async function fallback<T>(what: string, value: T, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      logger.warn(`[latchkey] ${what} unavailable: ${describeFailure(error, secret)}`)
      return value
    }
  }

  /**
   * An image endpoint's URL for `id`, with the sdk properties as query parameters: the page's <img> loads it (lazily,
   * cached by the browser), so no image goes through script, a Blob or an object URL.
   */
  async function image(path: string, id: string): Promise<string | undefined> {
    if (typeof id !== 'string' || !IMAGE_ID.test(id)) return undefined
    const url = buildUrl(options.baseUrl, `${path}/${encodeURIComponent(id)}`, sdkQuery(options))
    return isSafeImageUrl(url, images) ? url : undefined
  }

  return {
    getProjectConfig: () =>
      fallback('remote project config', null, async () => parseFeatures(await http.get('/appkit/v1/config'))),

    getAllowedOrigins: () =>
      fallback('allowed origins', [], async () => parseOrigins(await http.get('/projects/v1/origins'))),

    getAnalyticsConfig: () =>
      fallback('analytics config', false, async () =>
        parseAnalyticsEnabled(await http.get('/getAnalyticsConfig')),
      ),

    /**
     * GET /getWallets with page, entries, include, exclude, chains, search and badge_type; entries with wrong
     * field types are dropped and unsafe links and image URLs removed.
     * @throws HttpRequestError / TimeoutError when the request fails; 'HTTP request failed.' for a malformed answer.
     */
    async getWallets(params: GetWalletsParams): Promise<GetWalletsResult> {
      const body = await http.get('/getWallets', {
        params: {
          page: params.page,
          entries: params.entries,
          include: params.include,
          exclude: params.exclude,
          chains: params.chains,
          search: params.search || undefined,
          badge_type: params.badge_type,
        },
      })
      // The listing's checks load with its first page: a page that only shows the button never needs them. The
      // import's promise is kept: a later page waits only a microtask for it, where an import() of a module already
      // loaded may wait for a task of the browser's (a page fetched ahead would then finish in the visitor's next
      // scroll, not when it arrived).
      const { parseWallets } = await loadListingChecks()
      return parseWallets(body, images)
    },

    getWalletImage: (imageId) => image('/getWalletImage', imageId),
    getAssetImage: (imageId) => image('/public/getAssetImage', imageId),
    getCurrencyImage: (imageId) => image('/public/getCurrencyImage', imageId),
    getTokenImage: (symbol) => image('/public/getTokenImage', symbol),

    async sendError(report: ErrorReport): Promise<void> {
      try {
        await http.post('/e', { body: report })
      } catch (error) {
        logger.debug(`[latchkey] error report not sent: ${describeFailure(error, secret)}`)
      }
    },
  }
}
