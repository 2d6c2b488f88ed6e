export {
  isUserRejection,
  LatchkeyError,
  type LatchkeyErrorCode,
  type LatchkeyErrorOptions,
  normalizeProviderError,
  ProviderRpcError,
  UserRejectedRequestError,
} from './errors.js'
export { HttpRequestError, TimeoutError } from './http-errors.js'
export * as Messages from './messages.js'
export { RETRYABLE_HTTP_STATUSES, RETRYABLE_RPC_CODES, SPECIAL_HTTP_STATUSES } from './retryable.js'
export {
  isKnownRpcErrorCode,
  RpcErrorCode,
  RpcErrorMessages,
  WALLETCONNECT_USER_REJECTED,
} from './rpc-codes.js'
