import type { ServiceClientOptions } from './client-options.js'
import { lazyClient } from './lazy-client.js'
import type { ProviderApi } from './types.js'

/** Options of {@link createProviderApiClient}. */
export type ProviderApiClientOptions = ServiceClientOptions

/**
 * Creates the Provider API client of SPEC §7 (remote config, allowed origins, the wallet listing, analytics config,
 * images, error reports). Every request carries the query sdk properties `projectId`, `st` and `sv`, goes through
 * the kit's HTTP client (timeout and retry policy of SPEC §9), and every answer is shape-checked and cleaned. The
 * fallbacks of SPEC §8 apply: config failure gives null, origins failure [], analytics config failure false, image
 * failures undefined, each logged quietly; only `getWallets` throws.
 *
 * The client's code loads on the first request (the button renders before any service answers). A failed load is
 * tried again by the next request; until then the calls with a fallback answer it, and `getWallets` throws the
 * load's error.
 */
export function createProviderApiClient(options: ProviderApiClientOptions): ProviderApi {
  const load = lazyClient(() => import('./provider-api-client.js').then((m) => m.providerApiClient(options)))
  /** `call` on the loaded client, or `fallback` when its code cannot be loaded. */
  const through = <R>(call: (c: ProviderApi) => Promise<R>, fallback: R): Promise<R> =>
    load().then(call, () => fallback)
  return {
    getProjectConfig: () => through((c) => c.getProjectConfig(), null),
    getAllowedOrigins: () => through((c) => c.getAllowedOrigins(), []),
    getWallets: async (params) => (await load()).getWallets(params),
    getAnalyticsConfig: () => through((c) => c.getAnalyticsConfig(), false),
    getWalletImage: (id) => through((c) => c.getWalletImage(id), undefined),
    getAssetImage: (id) => through((c) => c.getAssetImage(id), undefined),
    getCurrencyImage: (id) => through((c) => c.getCurrencyImage(id), undefined),
    getTokenImage: (symbol) => through((c) => c.getTokenImage(symbol), undefined),
    sendError: (report) => through((c) => c.sendError(report), undefined),
  }
}
