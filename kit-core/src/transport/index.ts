export { TransportDefaults } from './defaults.js'
export {
  createHttpClient,
  type HttpBodyRequestOptions,
  type HttpClient,
  type HttpClientOptions,
  type HttpParams,
  type HttpRequestOptions,
} from './http.js'
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
} from './retry.js'
