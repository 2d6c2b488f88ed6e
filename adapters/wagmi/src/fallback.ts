// The transport of a chain with several RPC URLs: viem's ranked `fallback` under the policy of SPEC §9 (see
// transports.ts). Loaded with the chain reads (reads.ts re-exports it), when such a chain gets its first client.
import { RETRYABLE_HTTP_STATUSES, RETRYABLE_RPC_CODES, TransportDefaults } from '@latchkey/core'
import {
  BaseError,
  type FallbackTransport,
  fallback,
  HttpRequestError,
  type HttpTransport,
  TimeoutError,
  shouldThrow as viemShouldThrow,
} from 'viem'

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

/**
 * viem's `fallback` over the URLs' `http` transports: it owns the retries (one attempt per URL per round, the next
 * URL on a retryable failure, a non-retryable one thrown at once, the round retried 3 times from 150 ms) and re-ranks
 * the URLs every 4 s by stability (0.7) and latency (0.3) over the last 10 pings of 1 s.
 *
 * viem's ranking loop has no stop; once `stopped()` is true the next ping never settles, which ends the loop
 * without leaving a timer behind.
 */
export function rankedFallback(
  transports: readonly HttpTransport[],
  stopped: () => boolean,
): FallbackTransport {
  return fallback([...transports], {
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
  })
}
