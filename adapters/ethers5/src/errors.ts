import {
  LatchkeyError,
  normalizeProviderError,
  ProviderRpcError,
  UserRejectedRequestError,
} from '@latchkey/core'

/** JSON-RPC "execution reverted" (EIP-1474 code 3), what nodes answer for a failing call. */
const EXECUTION_REVERTED = 3

/** Where ethers v5 keeps the error it wrapped: `error` (checkError, fetchJson), `results[i].error` (fallback). */
const NESTED_KEYS = ['error', 'serverError', 'cause'] as const

/**
 * The error of ours (a transport's HttpRequestError / TimeoutError / ProviderRpcError, or a LatchkeyError)
 * ethers wrapped on the way up, if any; looks a few levels deep, never trusting the shape.
 */
function findOwnError(error: unknown, depth = 0): LatchkeyError | undefined {
  if (error instanceof LatchkeyError) return error
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined
  const record = error as Record<string, unknown>
  for (const key of NESTED_KEYS) {
    const found = findOwnError(record[key], depth + 1)
    if (found) return found
  }
  // FallbackProvider's "failed to meet quorum": the backends' errors in rank order.
  if (Array.isArray(record.results)) {
    for (const result of record.results) {
      const found = findOwnError((result as { error?: unknown } | null)?.error, depth + 1)
      if (found) return found
    }
  }
  return undefined
}

/**
 * What a read through the ethers v5 provider threw, as core's error: the transport's HttpRequestError (with
 * `.status`), TimeoutError or ProviderRpcError wherever ethers wrapped it; a revert as ProviderRpcError 3;
 * anything else through core's normalisation.
 */
export function readError(error: unknown): LatchkeyError {
  const own = findOwnError(error)
  if (own) return own
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  if (record.code === 'CALL_EXCEPTION' || record.code === 'UNPREDICTABLE_GAS_LIMIT') {
    const reason = typeof record.reason === 'string' ? record.reason : undefined
    return new ProviderRpcError(EXECUTION_REVERTED, reason ?? 'execution reverted', {
      cause: error,
      data: record.data,
    })
  }
  return normalizeProviderError(error)
}

/**
 * What a wallet call through ethers v5 (Web3Provider, JsonRpcSigner) threw, as core's error. Ethers 5.7+
 * reports a rejection as `ACTION_REJECTED` (dropping the wallet's error) and wraps others under `.error`;
 * both come out as a ProviderRpcError with the wallet's code, a rejection always as 4001.
 */
export function walletError(error: unknown): LatchkeyError {
  const own = findOwnError(error)
  if (own) return own
  if ((error as { code?: unknown } | null)?.code === 'ACTION_REJECTED') {
    return new UserRejectedRequestError(undefined, { cause: error })
  }
  return normalizeProviderError(error)
}

/** Runs a read, rethrowing its failure as core's error. */
export async function reading<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw readError(error)
  }
}

/** Runs a wallet call, rethrowing its failure as core's error. */
export async function walletCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/** A bad argument from the host: LatchkeyError INVALID_PARAMS with what was wrong. */
export function invalidParams(message: string, cause?: unknown): LatchkeyError {
  return new LatchkeyError(message, { code: 'INVALID_PARAMS', cause })
}
