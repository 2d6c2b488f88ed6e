import { VERSION } from '../version.js'
import {
  isKnownRpcErrorCode,
  RpcErrorCode,
  RpcErrorMessages,
  WALLETCONNECT_USER_REJECTED,
} from './rpc-codes.js'

/** Codes of the kit's own errors. Provider (wallet) errors carry the numeric code of the RPC table instead. */
export type LatchkeyErrorCode =
  | 'INTERNAL_SDK_ERROR'
  | 'INVALID_CAIP'
  | 'INVALID_CHAIN_ID'
  | 'INVALID_OPTIONS'
  | 'INVALID_PARAMS'
  | 'ADAPTER_NOT_FOUND'
  | 'NETWORK_NOT_FOUND'
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_OPERATION'
  | 'NOT_CONNECTED'
  | 'CONNECTOR_NOT_FOUND'
  | 'HTTP_ERROR'
  | 'HTTP_REQUEST_FAILED'
  | 'RESPONSE_TOO_LARGE'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'RPC_ERROR'

export interface LatchkeyErrorOptions {
  code?: LatchkeyErrorCode | number
  cause?: unknown
  /** Extra, technical detail; never part of `message`, so the spec's messages stay exact. */
  details?: string
}

/**
 * Base class of every error the kit throws. `message` is exactly the spec's message; `details` and
 * `cause` carry the rest; `version` says which package threw it.
 */
export class LatchkeyError extends Error {
  override name = 'LatchkeyError'
  readonly code: LatchkeyErrorCode | number
  readonly details: string | undefined
  readonly version = `@latchkey/core@${VERSION}`

  constructor(message: string, options: LatchkeyErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = options.code ?? 'INTERNAL_SDK_ERROR'
    this.details = options.details
  }
}

/** An error with a code of the JSON-RPC / provider table (SPEC §8): what wallets and nodes answer. */
export class ProviderRpcError extends LatchkeyError {
  override name = 'ProviderRpcError'
  declare readonly code: number
  /** The `data` member of the JSON-RPC error, when there was one. */
  readonly data: unknown

  constructor(code: number, message?: string, options: { cause?: unknown; data?: unknown } = {}) {
    const fallback = isKnownRpcErrorCode(code) ? RpcErrorMessages[code] : 'An unknown RPC error occurred.'
    super(message && message.length > 0 ? message : fallback, { code, cause: options.cause })
    this.data = options.data
  }
}

/** The user rejected the request in the wallet (4001; WalletConnect's 5000 maps here too). */
export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  constructor(message?: string, options: { cause?: unknown } = {}) {
    super(RpcErrorCode.UserRejectedRequest, message, options)
  }
}

const USER_REJECTION_TEXT =
  /user (rejected|denied|cancell?ed|disapproved)|rejected by (the )?user|request rejected/i

/** Reads a numeric code from an error-like value, looking through the shapes wallets and SDKs use. */
function findCode(error: unknown, depth = 0): number | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined
  const record = error as Record<string, unknown>
  if (typeof record.code === 'number' && Number.isInteger(record.code)) return record.code
  if (typeof record.code === 'string' && /^-?\d+$/.test(record.code)) return Number(record.code)
  const data = record.data as Record<string, unknown> | undefined
  return (
    findCode(record.error, depth + 1) ??
    findCode(data?.originalError, depth + 1) ??
    findCode(record.cause, depth + 1)
  )
}

function findMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (typeof error !== 'object' || error === null) return undefined
  const record = error as Record<string, unknown>
  if (typeof record.shortMessage === 'string') return record.shortMessage
  if (typeof record.message === 'string') return record.message
  return findMessage(record.error)
}

/**
 * Turns whatever a wallet, SDK or node threw into a {@link ProviderRpcError} with a code of the table:
 * 5000 becomes 4001, a "user rejected" text without a code becomes 4001, anything else without a code
 * becomes -32603 (internal). The original is kept as `cause`.
 */
export function normalizeProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = findCode(error)
  const message = findMessage(error)
  if (code === RpcErrorCode.UserRejectedRequest || code === WALLETCONNECT_USER_REJECTED) {
    return new UserRejectedRequestError(undefined, { cause: error })
  }
  if (code === undefined && message !== undefined && USER_REJECTION_TEXT.test(message)) {
    return new UserRejectedRequestError(undefined, { cause: error })
  }
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined
  return new ProviderRpcError(code ?? RpcErrorCode.InternalError, message, { cause: error, data })
}

/** True when the error (or what it wraps) is the user rejecting the request. */
export function isUserRejection(error: unknown): boolean {
  return normalizeProviderError(error).code === RpcErrorCode.UserRejectedRequest
}
