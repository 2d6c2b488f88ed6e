/**
 * @latchkey/core/rpc: the JSON-RPC transports adapters read chains with (batching, retries, fallback ranking).
 * A subpath of its own, not the root entry: the kit itself reads no chain, so a host that never loads an adapter
 * needing it keeps it out of its bundle's initial chunk.
 */
export {
  createFallbackTransport,
  type FallbackTransport,
  type FallbackTransportOptions,
  type RankOptions,
  type TransportRank,
} from './transport/fallback.js'
export {
  createHttpClient,
  type HttpBodyRequestOptions,
  type HttpClient,
  type HttpClientOptions,
  type HttpParams,
  type HttpRequestOptions,
} from './transport/http.js'
export {
  isRetryableError,
  isRetryableWriteError,
  isWriteMethod,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  type RetryOptions,
  type Sleep,
  setRetryAfter,
  withRetry,
} from './transport/retry.js'
export {
  createRpcTransport,
  isReadMethod,
  type RpcRequest,
  type RpcRequestOptions,
  type RpcTransport,
  type RpcTransportOptions,
} from './transport/rpc.js'
