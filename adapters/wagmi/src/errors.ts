import { LatchkeyError, normalizeProviderError, type ProviderRpcError } from '@latchkey/core'

/** The innermost error of a cause chain that carries a numeric code: what the wallet or node itself said. */
function innermostCoded(error: unknown): unknown {
  let found: unknown
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && Number.isInteger(code)) found = current
    current = (current as { cause?: unknown }).cause
  }
  return found
}

/**
 * What a wagmi or viem call threw, as the contract wants it: a ProviderRpcError with a code of the table.
 * viem and wagmi wrap the wallet's error (a 4001 becomes a `UserRejectedRequestError` inside a
 * `TransactionExecutionError`, and wagmi reports any failure of the add-chain step as a rejection), so the
 * code is read from the innermost error that has one. The adapter's own LatchkeyErrors pass through.
 */
export function walletError(error: unknown): LatchkeyError | ProviderRpcError {
  if (error instanceof LatchkeyError) return error
  const inner = innermostCoded(error)
  if (inner === undefined || inner === error) return normalizeProviderError(error)
  const normalised = normalizeProviderError(inner)
  return normalised
}

/** Runs a wallet call, rethrowing its failure through {@link walletError}. */
export async function viaWallet<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw walletError(error)
  }
}
