import type { ServiceClientOptions } from './client-options.js'
import { lazyClient } from './lazy-client.js'
import type { BlockchainApi } from './types.js'

/** Options of {@link createBlockchainApiClient}. */
export interface BlockchainApiClientOptions extends ServiceClientOptions {
  /** The clock of the caches and the retry guard, ms since the epoch. Default `Date.now()`. */
  now?: (() => number) | undefined
}

/**
 * Creates the Blockchain API client of SPEC §7 (supported chains, identity, balance, reverse profile, transaction
 * history, token prices).
 * Every request carries `projectId`, `st` and `sv`; a lookup is sent only after its network was checked
 * supported (GET v1/supported-chains) and its namespace serves the feature (SPEC §9: balance eip155 and
 * solana, names eip155), otherwise the result is empty. Caches (SPEC §9): portfolio and native balance 30 s,
 * identity 5 min. A failed balance fetch is not retried within 30 s (SPEC §5, §9). Answers are shape-checked;
 * token balances with zero decimals are dropped (SPEC §5).
 *
 * The client's code (and its answer checks) loads on the first request, so a page that is never connected never
 * loads it. A failed load is tried again on the next request.
 */
export function createBlockchainApiClient(options: BlockchainApiClientOptions): BlockchainApi {
  const load = lazyClient(() =>
    import('./blockchain-api-client.js').then((m) => m.blockchainApiClient(options)),
  )
  return {
    getSupportedChains: async () => (await load()).getSupportedChains(),
    isNetworkSupported: async (caipNetworkId) => (await load()).isNetworkSupported(caipNetworkId),
    getIdentity: async (params) => (await load()).getIdentity(params),
    getBalance: async (params) => (await load()).getBalance(params),
    reverseLookup: async (params) => (await load()).reverseLookup(params),
    getTransactions: async (params) => (await load()).getTransactions(params),
    getTokenPrices: async (params) => (await load()).getTokenPrices(params),
  }
}
