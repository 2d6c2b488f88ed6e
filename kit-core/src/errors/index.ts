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
export {
  isKnownRpcErrorCode,
  RETRYABLE_HTTP_STATUSES,
  RETRYABLE_RPC_CODES,
  RpcErrorCode,
  RpcErrorMessages,
  SPECIAL_HTTP_STATUSES,
  WALLETCONNECT_USER_REJECTED,
} from './rpc-codes.js'
