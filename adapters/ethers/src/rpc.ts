import {
  type CaipNetwork,
  LatchkeyError,
  Messages,
  RETRYABLE_HTTP_STATUSES,
  RETRYABLE_RPC_CODES,
  TransportDefaults,
} from '@latchkey/core'
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '@latchkey/core/rpc'
import {
  type AbstractProvider,
  FallbackProvider,
  FetchRequest,
  type FetchResponse,
  JsonRpcProvider,
  Network,
} from 'ethers'
import { type Ping, type RpcRanker, startRpcRanker } from './ranking.js'

/** How long FallbackProvider waits for a provider before it also asks the next one, ms (SPEC §9 ping timeout). */
const FALLBACK_STALL_TIMEOUT = TransportDefaults.rankTimeout

/**
 * ethers' request cache, off. Its default keeps an answer for 250 ms, which would hand out a balance read made
 * before a transfer to a read right after it; even at 0 an entry lives until the next timer, so a read made
 * within a millisecond of a failed one got the same failure. Identical reads made together still travel in one
 * JSON-RPC batch.
 */
const NO_REQUEST_CACHE = -1

/**
 * A FetchRequest with the HTTP policy of SPEC §9: `TransportDefaults.timeout` (ethers counts it for the
 * whole request, retries included), and `retryCount` retries after a retryable HTTP status or JSON-RPC error
 * code, waiting `retryDelay`·2ⁿ ms (150, 300, 600), or the server's Retry-After when it sent one (a
 * Retry-After over a minute fails at once). Any other status is final: the first answer is the error.
 */
function rpcFetchRequest(url: string): FetchRequest {
  const request = new FetchRequest(url)
  request.timeout = TransportDefaults.timeout
  request.setThrottleParams({ maxAttempts: TransportDefaults.retryCount + 1 })
  // ethers retries a 429 on its own schedule before processFunc sees it; let processFunc decide instead.
  request.retryFunc = async () => false
  // Retries made so far, per original request (every attempt runs on a clone; response.request is the original).
  const retries = new WeakMap<object, number>()
  request.processFunc = async (_attempt, response) => {
    if (!isRetryable(response)) return response
    const original = response.request ?? response
    const made = retries.get(original) ?? 0
    const retryAfter = parseRetryAfter(response.getHeader('retry-after'))
    if (made >= TransportDefaults.retryCount || (retryAfter ?? 0) > MAX_RETRY_AFTER_MS) return response
    retries.set(original, made + 1)
    return response.throwThrottleError(
      `retryable answer ${response.statusCode}`,
      retryAfter ?? TransportDefaults.retryDelay * 2 ** made,
    )
  }
  return request
}

/** A retryable HTTP status, or a 200 whose JSON-RPC answer (or one in the batch) has a retryable code. */
function isRetryable(response: FetchResponse): boolean {
  if (RETRYABLE_HTTP_STATUSES.has(response.statusCode)) return true
  if (response.statusCode !== 200 || !response.hasBody()) return false
  let body: unknown
  try {
    body = JSON.parse(response.bodyText)
  } catch {
    return false
  }
  const answers = Array.isArray(body) ? body : [body]
  return answers.some((answer) => {
    const code = (answer as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'number' && RETRYABLE_RPC_CODES.has(code)
  })
}

/** A JsonRpcProvider on one URL: the fixed chain id (no detection round trip), batching and polling of SPEC §9. */
function rpcProvider(url: string, chainId: number): JsonRpcProvider {
  const network = Network.from(chainId)
  return new JsonRpcProvider(rpcFetchRequest(url), network, {
    staticNetwork: network,
    batchMaxCount: TransportDefaults.batchSize,
    batchStallTime: TransportDefaults.batchWait,
    pollingInterval: TransportDefaults.rankInterval,
    cacheTimeout: NO_REQUEST_CACHE,
  })
}

interface NetworkReads {
  chainId: number
  urls: readonly string[]
  providers: readonly JsonRpcProvider[]
  current: AbstractProvider
  /** The provider order `current` was built in (indices into `providers`). */
  builtFor: string
  ranker: RpcRanker | undefined
}

export interface ReadProvidersOptions {
  /** The RPC URLs of a network in the order to try them (custom RPC URLs first). */
  urlsOf(network: CaipNetwork): readonly string[]
  /** The ranker's health check; default `net_listening` over ethers' HTTP. */
  ping?: Ping
}

/**
 * The read providers of the adapter, one per network, made on first use: a JsonRpcProvider for one URL, and
 * for several an ethers FallbackProvider (quorum 1, stall timeout 1 s) whose priorities follow a ranking of
 * the URLs. FallbackProvider keeps its priorities for life, so when the ranking changes order the provider is
 * rebuilt over the same JsonRpcProviders; callers ask {@link provider} each time instead of keeping one.
 */
export class ReadProviders {
  private readonly byNetwork = new Map<string, NetworkReads>()

  constructor(private readonly options: ReadProvidersOptions) {}

  /** The read provider of `network`. @throws LatchkeyError UNSUPPORTED_CHAIN for a network without RPC URLs. */
  provider(network: CaipNetwork): AbstractProvider {
    const known = this.byNetwork.get(network.caipNetworkId)
    const urls = this.options.urlsOf(network)
    if (known && known.urls.join() === urls.join()) return this.inRankOrder(known)
    if (known) this.drop(network.caipNetworkId)
    if (urls.length === 0) {
      // The `unsupportedNetwork` stand-in (a chain the host did not configure) has no RPC to read from.
      throw new LatchkeyError(Messages.unsupportedChain, {
        code: 'UNSUPPORTED_CHAIN',
        details: `${network.caipNetworkId} has no RPC URL`,
      })
    }
    const chainId = Number(network.id)
    const providers = urls.map((url) => rpcProvider(url, chainId))
    const reads: NetworkReads = {
      chainId,
      urls,
      providers,
      current: providers.length === 1 && providers[0] ? providers[0] : fallback(providers, chainId),
      builtFor: providers.map((_, index) => index).join(),
      ranker: undefined,
    }
    if (providers.length > 1) reads.ranker = startRpcRanker(urls, this.options.ping)
    this.byNetwork.set(network.caipNetworkId, reads)
    return reads.current
  }

  /**
   * The current provider, rebuilt over the same JsonRpcProviders when the ranking changed order since it was
   * built (FallbackProvider keeps its priorities for life).
   */
  private inRankOrder(reads: NetworkReads): AbstractProvider {
    const order = reads.ranker?.order()
    if (!order || order.join() === reads.builtFor) return reads.current
    reads.current = fallback(
      order.flatMap((index) => reads.providers[index] ?? []),
      reads.chainId,
    )
    reads.builtFor = order.join()
    return reads.current
  }

  /** The URLs of `network` in rank order (the given order before the first ranking round). */
  ranking(network: CaipNetwork): string[] {
    const reads = this.byNetwork.get(network.caipNetworkId)
    if (!reads) return []
    const order = reads.ranker?.order() ?? reads.urls.map((_, index) => index)
    return order.flatMap((index) => reads.urls[index] ?? [])
  }

  /** Stops the rankers and destroys every provider. */
  destroy(): void {
    for (const id of [...this.byNetwork.keys()]) this.drop(id)
  }

  private drop(id: string): void {
    const reads = this.byNetwork.get(id)
    if (!reads) return
    this.byNetwork.delete(id)
    reads.ranker?.stop()
    for (const provider of reads.providers) provider.destroy()
  }
}

/** A FallbackProvider over `providers`, the first the most preferred. */
function fallback(providers: readonly JsonRpcProvider[], chainId: number): FallbackProvider {
  return new FallbackProvider(
    providers.map((provider, index) => ({
      provider,
      priority: index + 1,
      weight: 1,
      stallTimeout: FALLBACK_STALL_TIMEOUT,
    })),
    Network.from(chainId),
    { quorum: 1, pollingInterval: TransportDefaults.rankInterval, cacheTimeout: NO_REQUEST_CACHE },
  )
}
