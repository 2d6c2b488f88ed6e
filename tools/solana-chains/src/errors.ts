import { LocalServiceError } from '@latchkey/local-ports'

/** Base class of the errors this package throws on purpose; a CLI can print their message without a stack. */
export class SolanaChainsError extends LocalServiceError {
  override name = 'SolanaChainsError'
}

/** A JSON-RPC error as a Solana node answers it: a code, a message and optional data. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** Solana's JSON-RPC error codes used here (the standard ones plus the node's own -320xx). */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  transactionVersionNotSupported: -32015,
} as const

/** A -32602 error for a bad parameter. */
export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_ERROR.invalidParams, message)
}
