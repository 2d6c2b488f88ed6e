// sats-connect's JSON-RPC error codes (RpcErrorCode in @sats-connect/core), which the wallet answers with.

/** The codes sats-connect defines. */
export const RpcErrorCode = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
})

/** An error the wallet answers with: a sats-connect code and a message (Wallet Standard features throw it). */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const userRejected = (): WalletRpcError =>
  new WalletRpcError(RpcErrorCode.USER_REJECTION, 'User rejected the request.')
export const invalidParams = (message: string): WalletRpcError =>
  new WalletRpcError(RpcErrorCode.INVALID_PARAMS, message)
export const accessDenied = (): WalletRpcError =>
  new WalletRpcError(RpcErrorCode.ACCESS_DENIED, 'The site is not connected; call wallet_connect first.')
