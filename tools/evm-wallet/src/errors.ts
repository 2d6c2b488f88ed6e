/** EIP-1193 / EIP-1474 / EIP-5792 error codes the test wallet answers with. */
export const ErrorCode = {
  /** The user rejected the request (EIP-1193). */
  userRejected: 4001,
  /** The requested account or method has not been authorized by the user (EIP-1193). */
  unauthorized: 4100,
  /** The provider does not support the requested method (EIP-1193). */
  unsupportedMethod: 4200,
  /** The provider is disconnected from all chains (EIP-1193). */
  disconnected: 4900,
  /** The chain is not known to the wallet (wallet_switchEthereumChain, EIP-3326). */
  unrecognizedChain: 4902,
  /** Invalid request object (JSON-RPC 2.0). */
  invalidRequest: -32600,
  /** Invalid method parameters (JSON-RPC 2.0). */
  invalidParams: -32602,
  /** Internal error (JSON-RPC 2.0). */
  internal: -32603,
  /** Resource unavailable, e.g. a request of the same kind is already pending (EIP-1474). */
  resourceUnavailable: -32002,
  /** A non-optional capability is not supported (EIP-5792). */
  unsupportedCapability: 5700,
  /** The chain id of a call bundle is not supported (EIP-5792). */
  unsupportedChainId: 5710,
  /** A call bundle with this id already exists (EIP-5792). */
  duplicateBundleId: 5720,
  /** No call bundle with this id exists (EIP-5792). */
  unknownBundleId: 5730,
  /** The wallet cannot execute a bundle atomically (EIP-5792). */
  atomicityNotSupported: 5760,
} as const

/** An EIP-1193 provider error: an `Error` with a numeric `code` and optional `data`. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** The plain `{ code, message, data? }` object, as it would travel over JSON-RPC. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** 4001: the user (or the wallet's policy) rejected the request. */
export function userRejected(): ProviderRpcError {
  return new ProviderRpcError(ErrorCode.userRejected, 'User rejected the request.')
}

/** 4100: the site is not connected, or the account is not one the site may use. */
export function unauthorized(detail?: string): ProviderRpcError {
  return new ProviderRpcError(
    ErrorCode.unauthorized,
    detail ?? 'The requested account and/or method has not been authorized by the user.',
  )
}

/** 4200: the wallet does not support this method. */
export function unsupportedMethod(method: string): ProviderRpcError {
  return new ProviderRpcError(
    ErrorCode.unsupportedMethod,
    `The wallet does not support the method "${method}".`,
  )
}

/** 4900: the provider is disconnected from every chain (dropConnection()). */
export function disconnected(): ProviderRpcError {
  return new ProviderRpcError(ErrorCode.disconnected, 'The provider is disconnected from all chains.')
}

/** -32602: the parameters are invalid. */
export function invalidParams(detail: string): ProviderRpcError {
  return new ProviderRpcError(ErrorCode.invalidParams, `Invalid parameters: ${detail}`)
}

/** Whether a value looks like an EIP-1193 error (an object with a numeric `code`). */
export function hasErrorCode(value: unknown): value is { code: number; message?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}

/** The `{ code, message }` of any thrown value: its own numeric code, else -32603. */
export function errorSummary(error: unknown): { code: number; message: string } {
  return {
    code: hasErrorCode(error) ? error.code : ErrorCode.internal,
    message: error instanceof Error ? error.message : String(error),
  }
}
