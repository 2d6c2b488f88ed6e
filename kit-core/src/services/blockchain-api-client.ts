import type { CaipNetworkId } from '../caip/caip.js'
import type { BlockchainApiClientOptions } from './blockchain-api.js'
import { createServiceHttp, describeFailure, loggerOf } from './client-options.js'
import { ServiceDefaults } from './constants.js'
import { isNamespaceSupported, type NamespaceFeature } from './supported-namespaces.js'
import type { BlockchainApi, IdentityResult, ProfileName, TokenBalance, TransactionsPage } from './types.js'
import { asCaipNetworkId } from './validate.js'
import { parseIdentity, parseProfiles, parseSupportedChains, parseTokenBalances } from './validate-chain.js'
import { parseTokenPrices, parseTransactions } from './validate-history.js'

type SupportedChains = { http: readonly CaipNetworkId[]; ws: readonly CaipNetworkId[] }
const NONE: SupportedChains = Object.freeze({ http: Object.freeze([]), ws: Object.freeze([]) })
const NO_TRANSACTIONS: TransactionsPage = Object.freeze({ data: Object.freeze([]) })
/** A CAIP-10 token address, the only thing put into a price request. */
const TOKEN_ADDRESS = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/** Address shapes per namespace; anything else is never put into a request path. */
const ADDRESS: Record<string, RegExp> = {
  eip155: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
}

interface Timed<T> {
  at: number
  value: T
}

/** The Blockchain API client itself; `createBlockchainApiClient` loads this module on the first request. */
export function blockchainApiClient(options: BlockchainApiClientOptions): BlockchainApi {
  const images = { allowLocal: options.allowLocalImages === true }
  const http = createServiceHttp(options)
  const logger = loggerOf(options)
  const now = options.now ?? (() => Date.now())
  const secret = options.projectId
  const warn = (what: string, error: unknown) =>
    logger.warn(`[latchkey] ${what} failed: ${describeFailure(error, secret)}`)

  let supported: SupportedChains | undefined
  let supportedFailedAt: number | undefined
  let supportedPending: Promise<SupportedChains> | undefined
  const identities = new Map<string, Timed<IdentityResult>>()
  const portfolios = new Map<string, Timed<readonly TokenBalance[]>>()
  const names = new Map<string, Timed<readonly ProfileName[]>>()
  const balanceFailures = new Map<string, Timed<unknown>>()
  const pending = new Map<string, Promise<unknown>>()

  /** Shares one request between callers asking for the same key at the same time. */
  function once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = pending.get(key) as Promise<T> | undefined
    if (running) return running
    const promise = run().finally(() => pending.delete(key))
    pending.set(key, promise)
    return promise
  }

  async function getSupportedChains(): Promise<SupportedChains> {
    if (supported) return supported
    if (supportedFailedAt !== undefined && now() - supportedFailedAt < ServiceDefaults.balanceRetryGuardMs) {
      return NONE
    }
    supportedPending ??= (async () => {
      try {
        const chains = parseSupportedChains(await http.get('v1/supported-chains'))
        supported = Object.freeze({ http: Object.freeze(chains.http), ws: Object.freeze(chains.ws) })
        supportedFailedAt = undefined
        return supported
      } catch (error) {
        supportedFailedAt = now()
        warn('supported chains', error)
        return NONE
      } finally {
        supportedPending = undefined
      }
    })()
    return supportedPending
  }

  async function isNetworkSupported(caipNetworkId: CaipNetworkId): Promise<boolean> {
    return (await getSupportedChains()).http.includes(caipNetworkId)
  }

  /** The namespace serves `feature`, the address has its shape, and the network is supported. */
  async function allowed(feature: NamespaceFeature, caipNetworkId: CaipNetworkId, address: string) {
    const namespace = String(caipNetworkId).split(':', 1)[0] ?? ''
    if (!isNamespaceSupported(feature, namespace)) return false
    if (typeof address !== 'string' || !ADDRESS[namespace]?.test(address)) return false
    return isNetworkSupported(caipNetworkId)
  }

  const fresh = <T>(entry: Timed<T> | undefined, lifetime: number): entry is Timed<T> =>
    entry !== undefined && now() - entry.at < lifetime

  return {
    getSupportedChains,
    isNetworkSupported,

    async getIdentity({ address, caipNetworkId, sender }) {
      if (!(await allowed('names', caipNetworkId, address))) return null
      const key = address.toLowerCase()
      const cached = identities.get(key)
      if (fresh(cached, ServiceDefaults.identityCacheMs)) return cached.value
      return once(`identity:${key}`, async () => {
        try {
          const body = await http.get(`/v1/identity/${address}`, { params: { sender: sender ?? address } })
          const value = Object.freeze(parseIdentity(body, images))
          identities.set(key, { at: now(), value })
          return value
        } catch (error) {
          warn('identity lookup', error)
          return null
        }
      })
    },

    async getBalance({ address, caipNetworkId, forceUpdate }) {
      if (!(await allowed('balance', caipNetworkId, address))) return []
      const key = `${caipNetworkId}:${caipNetworkId.startsWith('eip155:') ? address.toLowerCase() : address}`
      const failure = balanceFailures.get(key)
      if (fresh(failure, ServiceDefaults.balanceRetryGuardMs)) throw failure.value
      const cached = portfolios.get(key)
      if (!forceUpdate && fresh(cached, ServiceDefaults.portfolioCacheMs)) return cached.value
      return once(`balance:${key}:${forceUpdate ? 'force' : ''}`, async () => {
        try {
          const body = await http.get(`/v1/account/${address}/balance`, {
            params: { currency: 'usd', chainId: caipNetworkId, forceUpdate: forceUpdate ? true : undefined },
          })
          const value = Object.freeze(
            parseTokenBalances(body, images).filter((balance) => Number(balance.quantity.decimals) !== 0),
          )
          portfolios.set(key, { at: now(), value })
          balanceFailures.delete(key)
          return value
        } catch (error) {
          balanceFailures.set(key, { at: now(), value: error })
          warn('balance fetch', error)
          throw error
        }
      })
    },

    async getTransactions({ address, caipNetworkId, cursor, onramp }) {
      if (!(await allowed(onramp ? 'onramp' : 'activity', caipNetworkId, address))) return NO_TRANSACTIONS
      const key = `history:${caipNetworkId}:${address}:${cursor ?? ''}:${onramp ?? ''}`
      return once(key, async () => {
        try {
          const body = await http.get(`/v1/account/${address}/history`, {
            params: { chainId: caipNetworkId, cursor: cursor || undefined, onramp },
          })
          return Object.freeze(parseTransactions(body, images))
        } catch (error) {
          warn('transaction history', error)
          throw error
        }
      })
    },

    async getTokenPrices({ addresses }) {
      const wanted = [...new Set(addresses)].filter(
        (address) => typeof address === 'string' && TOKEN_ADDRESS.test(address),
      )
      const networks = [...new Set(wanted.map((address) => address.slice(0, address.lastIndexOf(':'))))]
      const served = new Set<string>()
      for (const network of networks) {
        const id = asCaipNetworkId(network)
        if (id && (await isNetworkSupported(id))) served.add(network)
      }
      const asked = wanted.filter((address) => served.has(address.slice(0, address.lastIndexOf(':'))))
      if (asked.length === 0) return []
      try {
        const body = await http.post('/v1/fungible/price', {
          body: { currency: 'usd', addresses: asked, ...(secret ? { projectId: secret } : {}) },
          retry: true, // a read: asking again does nothing twice
        })
        return Object.freeze(parseTokenPrices(body, images))
      } catch (error) {
        warn('token prices', error)
        throw error
      }
    },

    async reverseLookup({ address, caipNetworkId, sender }): Promise<readonly ProfileName[]> {
      if (!(await allowed('names', caipNetworkId, address))) return []
      const key = address.toLowerCase()
      const cached = names.get(key)
      if (fresh(cached, ServiceDefaults.nameLookupCacheMs)) return cached.value
      return once(`names:${key}`, async () => {
        try {
          const body = await http.get(`/v1/profile/reverse/${address}`, {
            params: { sender: sender ?? address, apiVersion: 2 },
          })
          const value = Object.freeze(parseProfiles(body, images))
          names.set(key, { at: now(), value })
          return value
        } catch (error) {
          warn('reverse profile lookup', error)
          return []
        }
      })
    },
  }
}
