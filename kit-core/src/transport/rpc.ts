import { LatchkeyError, Messages } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import { fetchOnce } from './http.js'
import { createBatcher, readResponse, stringify } from './jsonrpc.js'
import { abortedError, raceSignal, retryRuleFor, type Sleep, withRetry } from './retry.js'

/** One JSON-RPC call. */
export interface RpcRequest {
  method: string
  /**
   * Positional (array) or named (object) parameters; left out of the message when undefined. A bigint
   * is sent as a decimal string: encode EVM quantities as hex yourself.
   */
  params?: unknown
}

export interface RpcRequestOptions {
  /** Aborts the call (and any retry wait); it then rejects with code 'ABORTED'. */
  signal?: AbortSignal | undefined
  /** Overrides the transport's retry count for this call (a fallback transport passes 0). */
  retryCount?: number | undefined
}

/** Something that answers JSON-RPC calls: an HTTP endpoint, or a fallback over several. */
export interface RpcTransport {
  readonly url: string
  /** Sends `{ method, params }` and resolves with the result; throws what the transport's docs list. */
  request<T = unknown>(args: RpcRequest, options?: RpcRequestOptions): Promise<T>
}

export interface RpcTransportOptions {
  /** The JSON-RPC endpoint. Required; undefined is accepted so a missing config fails with a clear message. */
  url: string | undefined
  /** Per-attempt timeout, ms. Default 10 000. */
  timeout?: number | undefined
  /** Retries after a retryable failure. Default 3. */
  retryCount?: number | undefined
  /** Base retry delay, ms, doubled after each retry. Default 150. */
  retryDelay?: number | undefined
  /** Send calls made within `wait` ms as one JSON-RPC batch of at most `batchSize`. Default off. */
  batch?: boolean | { batchSize?: number | undefined; wait?: number | undefined } | undefined
  /**
   * Share one network call between identical in-flight calls (same method and params). Default: on for
   * read methods ({@link isReadMethod}); a function picks the methods itself. Never use it for methods
   * with effects: two identical sends are two intended transactions.
   */
  dedupe?: boolean | ((method: string) => boolean) | undefined
  /** Default: the global `fetch`, looked up when a request is made. */
  fetch?: typeof fetch | undefined
  /**
   * Extra headers. The body is sent as `content-type: application/json`; pass
   * `{ 'content-type': 'text/plain' }` for gateways that want a "simple" CORS request (SPEC §7).
   */
  headers?: Record<string, string> | undefined
  /** Waits between retries. Override to test or to plug a scheduler; default a timer. */
  sleep?: Sleep | undefined
  /**
   * Largest answer read, bytes; a larger one is cancelled and fails with 'RESPONSE_TOO_LARGE' (never retried, nor
   * sent to a fallback's next transport). Default 32 MB.
   */
  maxResponseBytes?: number | undefined
}

const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_chainId',
  'eth_blockNumber',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_syncing',
  'net_version',
  'net_listening',
  'web3_clientVersion',
])

/** State-reading getters whose answer depends on when they are called relative to other calls. */
const STATEFUL_GETTERS: ReadonlySet<string> = new Set(['eth_getFilterChanges', 'eth_getFilterLogs'])

/**
 * The default dedupe rule: true for methods that only read chain state — the EVM reads (`eth_call`,
 * `eth_chainId`, `eth_blockNumber`, `eth_get*` except filter polling, …) and Solana-style getters
 * (`getBalance`, `getAccountInfo`, …). Anything that sends or signs is false.
 */
export function isReadMethod(method: string): boolean {
  if (/send|sign/i.test(method) || STATEFUL_GETTERS.has(method)) return false
  return READ_METHODS.has(method) || /^eth_get[A-Z]/.test(method) || /^get[A-Z]/.test(method)
}

interface SharedCall {
  promise: Promise<unknown>
  controller: AbortController
  waiting: number
}

/**
 * Creates a JSON-RPC 2.0 over HTTP POST transport (SPEC §7) with the policy of SPEC §9: per-attempt
 * timeout, retries with exponential backoff on RPC codes -1, -32005, -32603 and the retryable HTTP
 * statuses (honouring `Retry-After`), optional batching, and dedupe of identical in-flight reads.
 *
 * Throws `LatchkeyError` (Messages.noTransportUrl) when `url` is missing. `request` rejects with a
 * `ProviderRpcError` carrying the node's code/message/data for a JSON-RPC error (a malformed answer is
 * -32603), and with the HTTP, timeout and abort errors of `createHttpClient`.
 */
export function createRpcTransport(options: RpcTransportOptions): RpcTransport {
  const url = options.url
  if (url === undefined || url.trim() === '') {
    throw new LatchkeyError(Messages.noTransportUrl, { code: 'INVALID_OPTIONS' })
  }
  const timeout = options.timeout ?? TransportDefaults.timeout
  const retryCount = options.retryCount ?? TransportDefaults.retryCount
  const retryDelay = options.retryDelay ?? TransportDefaults.retryDelay
  const shouldDedupe =
    typeof options.dedupe === 'function'
      ? options.dedupe
      : options.dedupe === false
        ? () => false
        : isReadMethod
  const headers = () => {
    const result = new Headers({ accept: 'application/json', 'content-type': 'application/json' })
    for (const [name, value] of Object.entries(options.headers ?? {})) result.set(name, value)
    return result
  }
  let nextId = 0
  const inflight = new Map<string, SharedCall>()

  const post = (body: string, signal: AbortSignal | undefined) =>
    fetchOnce({
      url,
      method: 'POST',
      headers: headers(),
      body,
      responseType: 'json',
      fetch: options.fetch,
      timeout,
      signal,
      maxResponseBytes: options.maxResponseBytes ?? TransportDefaults.maxResponseBytes,
    })

  const batchOptions = typeof options.batch === 'object' ? options.batch : {}
  const batcher = options.batch
    ? createBatcher(
        (body) => post(body, undefined),
        Math.max(1, batchOptions.batchSize ?? TransportDefaults.batchSize),
        batchOptions.wait ?? TransportDefaults.batchWait,
      )
    : undefined

  function message(method: string, params: unknown): { id: number; body: string } {
    const id = ++nextId
    const body = stringify(
      params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params },
    )
    return { id, body }
  }

  function call(args: RpcRequest, count: number, signal: AbortSignal | undefined): Promise<unknown> {
    return withRetry(
      async (attempt) => {
        const { id, body } = message(args.method, args.params)
        // A retry goes alone: a batch that was too large (413) or that one request broke would fail the same way.
        if (batcher && attempt === 0) return raceSignal(batcher.enqueue(id, body), signal)
        return readResponse(await post(body, signal))
      },
      // A write is sent again only when it was certainly not processed (isRetryableWriteError).
      { retryCount: count, retryDelay, sleep: options.sleep, signal, shouldRetry: retryRuleFor(args.method) },
    )
  }

  /** Joins the in-flight call for `key`, or starts it; it is aborted only when every caller has left. */
  function shared(key: string, start: (signal: AbortSignal) => Promise<unknown>, signal?: AbortSignal) {
    let entry = inflight.get(key)
    if (!entry) {
      const controller = new AbortController()
      const created: SharedCall = { promise: start(controller.signal), controller, waiting: 0 }
      entry = created
      if (inflight.size >= TransportDefaults.dedupeCacheSize) {
        const oldest = inflight.keys().next()
        if (!oldest.done) inflight.delete(oldest.value)
      }
      inflight.set(key, created)
      const forget = () => {
        if (inflight.get(key) === created) inflight.delete(key)
      }
      created.promise.then(forget, forget)
    }
    const joined = entry
    joined.waiting++
    return raceSignal(joined.promise, signal, () => {
      joined.waiting--
      if (joined.waiting === 0) {
        if (inflight.get(key) === joined) inflight.delete(key)
        joined.controller.abort()
      }
    })
  }

  return {
    url,
    async request<T>(args: RpcRequest, requestOptions: RpcRequestOptions = {}): Promise<T> {
      const { signal } = requestOptions
      if (signal?.aborted) throw abortedError(signal.reason)
      const count = requestOptions.retryCount ?? retryCount
      if (!shouldDedupe(args.method)) return (await call(args, count, signal)) as T
      let key: string
      try {
        key = `${args.method}:${stringify(args.params)}`
      } catch {
        return (await call(args, count, signal)) as T // params that can't be keyed (cycles) are just not shared
      }
      return (await shared(key, (own) => call(args, count, own), signal)) as T
    },
  }
}
