// Wallet errors as the kit's ProviderRpcError codes (SPEC §8). sats-connect's codes overlap EIP-1474's
// (-32000 is its USER_REJECTION but EIP-1474's InvalidInput), so they are mapped here, not by core.
import {
  normalizeProviderError,
  ProviderRpcError,
  RpcErrorCode,
  UserRejectedRequestError,
} from '@latchkey/core'

/** sats-connect's RpcErrorCode values the adapter maps. */
const SATS_USER_REJECTION = -32000
const SATS_ACCESS_DENIED = -32002

/** A sats-connect (or Wallet Standard bitcoin) wallet error as a ProviderRpcError: rejection is 4001. */
export function walletError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (code === SATS_USER_REJECTION) return new UserRejectedRequestError(undefined, { cause: error })
  if (code === SATS_ACCESS_DENIED) {
    const message = (error as { message?: unknown }).message
    return new ProviderRpcError(RpcErrorCode.Unauthorized, typeof message === 'string' ? message : '', {
      cause: error,
    })
  }
  return normalizeProviderError(error)
}

/** Whether the wallet said the site is not (or no longer) connected. */
export function isAccessDenied(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === SATS_ACCESS_DENIED || code === RpcErrorCode.Unauthorized
}
