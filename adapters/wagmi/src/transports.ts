import {
  type CaipNetwork,
  LatchkeyError,
  Messages,
  RETRYABLE_HTTP_STATUSES,
  RETRYABLE_RPC_CODES,
  TransportDefaults,
} from '@latchkey/core'
import {
  BaseError,
  type Chain,
  defineChain,
  fallback,
  HttpRequestError,
  type HttpTransport,
  http,
  TimeoutError,
  type Transport,
  shouldThrow as viemShouldThrow,
} from 'viem'

/** The viem chain of an eip155 network: id, name, currency, RPC endpoints (custom ones first), explorer. */
export function chainOf(network: CaipNetwork, rpcUrls: readonly string[]): Chain {
  const explorer = network.blockExplorers?.default
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}

/**
 * Whether a failed RPC call may succeed on another attempt or another endpoint: core's sets of retryable HTTP statuses
 * and JSON-RPC codes (SPEC §9), read on viem's own error objects.
 */
export function isRetryableRpcFailure(error: Error): boolean {
  const chain = error instanceof BaseError ? error : undefined
  const httpError = chain?.walk((item) => item instanceof HttpRequestError) as
    | HttpRequestError
    | null
    | undefined
  if (httpError) return httpError.status === undefined || RETRYABLE_HTTP_STATUSES.has(httpError.status)
  if (chain?.walk((item) => item instanceof TimeoutError)) return true
  const code = (error as { code?: unknown }).code
  return typeof code === 'number' && RETRYABLE_RPC_CODES.has(code)
}

/** One endpoint over HTTP; alone it retries by itself, behind a fallback the fallback owns the retries. */
function httpTransport(url: string, alone: boolean): HttpTransport {
  return http(url, {
    batch: { batchSize: TransportDefaults.batchSize, wait: TransportDefaults.batchWait },
    timeout: TransportDefaults.timeout,
    ...(alone ? { retryCount: TransportDefaults.retryCount } : {}),
    retryDelay: TransportDefaults.retryDelay,
  })
}

/**
 * The transport of one chain under the policy of SPEC §9: each URL over HTTP (timeout 10 s, batches of up to
 * 1000 requests collected for 0 ms). One URL retries 3 times from 150 ms, doubling, on the retryable HTTP
 * statuses and RPC codes, and needs no ranking (it would only add pings). Several URLs sit behind a
 * fallback that, like core's, owns the retries: one attempt per URL per round, the next URL on a retryable
 * failure, a non-retryable one (a 400, a revert, a rejection) thrown at once, the whole round retried 3
 * times from 150 ms; the URLs re-ranked every 4 s by stability (0.7) and latency (0.3) over the last 10
 * pings of 1 s.
 *
 * viem's ranking loop has no stop; once `stopped()` is true the next ping never settles, which ends the loop
 * without leaving a timer behind.
 */
export function transportFor(rpcUrls: readonly string[], stopped: () => boolean): Transport {
  const [first, ...rest] = rpcUrls
  if (first === undefined) throw new LatchkeyError(Messages.noTransportUrl, { code: 'INVALID_OPTIONS' })
  if (rest.length === 0) return httpTransport(first, true)
  return fallback(
    rpcUrls.map((url) => httpTransport(url, false)),
    {
      rank: {
        interval: TransportDefaults.rankInterval,
        sampleCount: TransportDefaults.rankSampleCount,
        timeout: TransportDefaults.rankTimeout,
        weights: { ...TransportDefaults.rankWeights },
        ping: ({ transport }) =>
          stopped() ? new Promise<never>(() => {}) : transport.request({ method: 'net_listening' }),
      },
      shouldThrow: (error) => viemShouldThrow(error) || !isRetryableRpcFailure(error),
      retryCount: TransportDefaults.retryCount,
      retryDelay: TransportDefaults.retryDelay,
    },
  )
}
