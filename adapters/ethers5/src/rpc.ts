/**
 * Read providers per network, on ethers v5's own classes with the transport policy of SPEC §9: a batching
 * JSON-RPC provider per URL (timeout, retries with backoff, batches of at most 1000 sent on the next
 * macrotask) and, over several URLs, a FallbackProvider whose order follows a health ranking.
 */
import {
  type CaipNetwork,
  HttpRequestError,
  LatchkeyError,
  Messages,
  ProviderRpcError,
  RpcErrorCode,
  TimeoutError,
  TransportDefaults,
} from '@latchkey/core'
import {
  createFallbackTransport,
  type FallbackTransport,
  isReadMethod,
  parseRetryAfter,
  setRetryAfter,
  type TransportRank,
  withRetry,
} from '@latchkey/core/rpc'
import type { providers, utils } from 'ethers5'
import type { EthersLib } from './ethers.js'

interface Pending {
  request: { jsonrpc: '2.0'; id: number; method: string; params: unknown[] }
  resolve(result: unknown): void
  reject(error: unknown): void
}

/** fetchJson's settings: SPEC's timeout, and no 429 handling of its own (the retry below owns that). */
function connectionFor(url: string): utils.ConnectionInfo {
  return { url, timeout: TransportDefaults.timeout, throttleLimit: 1, throttleCallback: async () => false }
}

/** What fetchJson threw, as core's transport error. */
function transportError(error: unknown, url: string): LatchkeyError {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  if (record.code === 'TIMEOUT') return new TimeoutError({ url, timeout: TransportDefaults.timeout })
  if (typeof record.status === 'number') {
    const headers = (record.headers ?? {}) as Record<string, unknown>
    const retryAfter = typeof headers['retry-after'] === 'string' ? headers['retry-after'] : undefined
    const failure = new HttpRequestError(Messages.httpStatus(record.status), {
      url,
      status: record.status,
      body: record.body,
    })
    // withRetry waits at least as long as the server asked.
    const retryAfterMs = parseRetryAfter(retryAfter)
    if (retryAfterMs !== undefined) setRetryAfter(failure, retryAfterMs)
    return failure
  }
  return new HttpRequestError(Messages.httpRequestFailed, { url, cause: error })
}

/** The JSON-RPC error of one answer, from a node we do not trust to send well-formed ones. */
function rpcError(error: unknown): ProviderRpcError {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  const code = Number.isInteger(record.code) ? (record.code as number) : RpcErrorCode.InternalError
  const message = typeof record.message === 'string' ? record.message : undefined
  return new ProviderRpcError(code, message, { data: record.data })
}

/** A network's read provider, and how to stop its timers. */
export interface ReadEndpoint {
  readonly provider: providers.BaseProvider
  stop(): void
}

/**
 * The read provider classes over a loaded ethers v5 (see {@link loadEthers}): {@link BatchRpcProvider} and
 * {@link RankedFallbackProvider}. Classes made per ethers module, because ethers is loaded at run time.
 */
export function rpcClasses(ethers: EthersLib): RpcClasses {
  /**
   * ethers v5's JsonRpcBatchProvider with SPEC §9's figures: its stock batch waits 10 ms and has no size limit,
   * and matches answers by position; this one flushes on the next macrotask or at 1000 requests, matches
   * answers by id, sends a lone request unbatched, retries retryable failures 3 times (150/300/600 ms,
   * `Retry-After` honoured) and throws core's HttpRequestError / TimeoutError / ProviderRpcError. The network
   * is fixed (no `eth_chainId` before every call).
   */
  class Batch extends ethers.providers.JsonRpcBatchProvider {
    private readonly queue: Pending[] = []
    private flushTimer: ReturnType<typeof setTimeout> | undefined
    /** Reads in flight, by method and params, so identical ones share a request. */
    private readonly inFlight = new Map<string, Promise<unknown>>()

    constructor(url: string, network: providers.Network) {
      super(connectionFor(url), network)
    }

    override async detectNetwork(): Promise<providers.Network> {
      return this.network
    }

    /** One JSON-RPC call with the retry policy. @throws core's transport errors. */
    override send(method: string, params: unknown[]): Promise<unknown> {
      const call = () =>
        withRetry(() => this.sendOnce(method, params), {
          retryCount: TransportDefaults.retryCount,
          retryDelay: TransportDefaults.retryDelay,
        })
      if (!isReadMethod(method)) return call()
      // Identical reads in flight share one request (SPEC §9 dedupe); the key is forgotten once it settles.
      const key = `${method}:${JSON.stringify(params)}`
      const shared = this.inFlight.get(key)
      if (shared) return shared
      const promise = call().finally(() => this.inFlight.delete(key))
      if (this.inFlight.size < TransportDefaults.dedupeCacheSize) this.inFlight.set(key, promise)
      return promise
    }

    /** One JSON-RPC call, one attempt (the ranker's pings). */
    sendOnce(method: string, params: unknown[]): Promise<unknown> {
      return new Promise((resolve, reject) => {
        this.queue.push({ request: { jsonrpc: '2.0', id: this._nextId++, method, params }, resolve, reject })
        if (this.queue.length >= TransportDefaults.batchSize) this.flush()
        else if (this.flushTimer === undefined) {
          this.flushTimer = setTimeout(() => this.flush(), TransportDefaults.batchWait)
        }
      })
    }

    /** Sends what is queued now; a request made later waits for the next batch. */
    flush(): void {
      clearTimeout(this.flushTimer)
      this.flushTimer = undefined
      const batch = this.queue.splice(0, TransportDefaults.batchSize)
      if (this.queue.length > 0) this.flushTimer = setTimeout(() => this.flush(), TransportDefaults.batchWait)
      const [only] = batch
      if (!only) return
      const url = this.connection.url
      const body = batch.length === 1 ? only.request : batch.map((item) => item.request)
      ethers.utils.fetchJson(this.connection, JSON.stringify(body)).then(
        (answer: unknown) => {
          const answers: unknown[] = Array.isArray(answer) ? answer : [answer]
          for (const item of batch) {
            const reply = answers.find(
              (entry) => (entry as { id?: unknown } | null)?.id === item.request.id,
            ) as { result?: unknown; error?: unknown } | undefined
            if (!reply) item.reject(new HttpRequestError(Messages.httpRequestFailed, { url }))
            else if (reply.error !== undefined && reply.error !== null) item.reject(rpcError(reply.error))
            else item.resolve(reply.result)
          }
        },
        (error: unknown) => {
          const failure = transportError(error, url)
          for (const item of batch) item.reject(failure)
        },
      )
    }

    /** Sends what is still queued and stops the batch timer. */
    stop(): void {
      if (this.queue.length > 0) this.flush()
      clearTimeout(this.flushTimer)
      this.flushTimer = undefined
    }
  }

  /**
   * A stand-in FallbackProvider backend that forwards to whichever backend holds its rank. The FallbackProvider
   * freezes its configs (priorities) at construction; slots let the ranking reorder the backends behind them.
   */
  function rankSlot(current: () => BatchRpcProvider): providers.BaseProvider {
    // An empty target: the backends' read-only properties differ, which a Proxy of one of them may not report.
    return new Proxy({} as providers.BaseProvider, {
      get(_target, key) {
        const backend = current()
        const value: unknown = Reflect.get(backend, key, backend)
        return typeof value === 'function' ? value.bind(backend) : value
      },
    })
  }

  interface RankSlots {
    /** The backend index behind each priority, best first. */
    order: number[]
    configs: providers.FallbackProviderConfig[]
  }

  function rankSlots(backends: readonly BatchRpcProvider[]): RankSlots {
    const slots: RankSlots = { order: backends.map((_, index) => index), configs: [] }
    slots.configs = backends.map((backend, rank) => ({
      provider: rankSlot(() => backends[slots.order[rank] ?? rank] ?? backend),
      priority: rank + 1,
      stallTimeout: TransportDefaults.rankTimeout,
      weight: 1,
    }))
    return slots
  }

  /**
   * ethers v5's FallbackProvider (quorum 1; the next backend starts when one has not answered within 1 s) over
   * {@link BatchRpcProvider}s kept in the order of core's ranking: every backend is pinged with `net_listening`
   * every 4 s (1 s timeout), and scored over its last 10 samples as 0.7 stability + 0.3 latency. The order is
   * taken when a read starts with no other in flight, so one read never sees two orders.
   */
  class Ranked extends ethers.providers.FallbackProvider {
    private readonly ranker: FallbackTransport
    private readonly backends: readonly BatchRpcProvider[]
    private readonly slots: RankSlots
    private inflight = 0

    constructor(backends: readonly BatchRpcProvider[], slots: RankSlots = rankSlots(backends)) {
      super(slots.configs, 1)
      this.backends = backends
      this.slots = slots
      this.ranker = createFallbackTransport(
        backends.map((backend) => ({
          url: backend.connection.url,
          request: <T>({ method, params }: { method: string; params?: unknown }) =>
            backend.sendOnce(method, Array.isArray(params) ? params : []) as Promise<T>,
        })),
        { rank: true },
      )
    }

    /** The RPC URLs, best first, with their scores. */
    ranking(): TransportRank[] {
      return this.ranker.ranking()
    }

    override async perform(method: string, params: Record<string, unknown>): Promise<unknown> {
      if (this.inflight === 0) this.applyRanking()
      this.inflight++
      try {
        return await super.perform(method, params)
      } finally {
        this.inflight--
      }
    }

    /** Stops the ranking timer and the backends' batch timers. */
    stop(): void {
      this.ranker.stop()
      for (const backend of this.backends) backend.stop()
    }

    private applyRanking(): void {
      const order = this.ranker
        .ranking()
        .map((rank) => this.backends.findIndex((backend) => backend.connection.url === rank.url))
      if (order.length === this.backends.length && order.every((index) => index >= 0))
        this.slots.order = order
    }
  }

  return { BatchRpcProvider: Batch, RankedFallbackProvider: Ranked }
}

/** ethers v5's JsonRpcBatchProvider with SPEC §9's figures; see {@link rpcClasses}. */
export interface BatchRpcProvider extends providers.JsonRpcBatchProvider {
  /** One JSON-RPC call, one attempt (no retry). */
  sendOnce(method: string, params: unknown[]): Promise<unknown>
  /** Sends what is queued now. */
  flush(): void
  /** Sends what is still queued and stops the batch timer. */
  stop(): void
}

/** ethers v5's FallbackProvider over {@link BatchRpcProvider}s kept in rank order; see {@link rpcClasses}. */
export interface RankedFallbackProvider extends providers.FallbackProvider {
  /** The RPC URLs, best first, with their scores. */
  ranking(): TransportRank[]
  /** Stops the ranking timer and the backends' batch timers. */
  stop(): void
}

/** The read provider classes, made over a loaded ethers v5. */
export interface RpcClasses {
  BatchRpcProvider: new (url: string, network: providers.Network) => BatchRpcProvider
  RankedFallbackProvider: new (backends: readonly BatchRpcProvider[]) => RankedFallbackProvider
}

/**
 * The read provider of `network` over `urls` (custom RPC URLs first): a {@link BatchRpcProvider} for one URL,
 * a {@link RankedFallbackProvider} for several. @throws LatchkeyError INVALID_OPTIONS without a URL.
 */
export function createReadEndpoint(
  classes: RpcClasses,
  ethers: EthersLib,
  network: CaipNetwork,
  urls: readonly string[],
): ReadEndpoint {
  const chainId = Number(network.id)
  // Known chains keep ethers' own description (ENS registry on mainnet); others get the CAIP-2 id as name.
  const ethersNetwork = ethers.providers.getNetwork(chainId) ?? { chainId, name: network.caipNetworkId }
  const backends = urls.map((url) => new classes.BatchRpcProvider(url, ethersNetwork))
  const [first] = backends
  if (!first) {
    throw new LatchkeyError(Messages.noTransportUrl, {
      code: 'INVALID_OPTIONS',
      details: `${network.caipNetworkId} has no RPC URL`,
    })
  }
  if (backends.length === 1) return { provider: first, stop: () => first.stop() }
  const provider = new classes.RankedFallbackProvider(backends)
  return { provider, stop: () => provider.stop() }
}
