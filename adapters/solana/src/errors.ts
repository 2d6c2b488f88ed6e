import {
  HttpRequestError,
  LatchkeyError,
  Messages,
  normalizeProviderError,
  ProviderRpcError,
} from '@latchkey/core'

type Record_ = Record<string, unknown>
const asRecord = (value: unknown): Record_ | undefined =>
  typeof value === 'object' && value !== null ? (value as Record_) : undefined

/**
 * What a wallet call threw, as core's errors: a rejection is ProviderRpcError 4001 whatever the wallet said
 * (a Wallet Standard error with code 4001, a wallet-adapter error wrapping one, or a "user rejected" text);
 * other wallet codes are kept. A LatchkeyError passes through.
 */
export function walletError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error
  return normalizeProviderError(error)
}

/**
 * What a @solana/web3.js read threw, as core's errors: a JSON-RPC error keeps the cluster's code, a node that
 * never answered is an HttpRequestError naming the URL. A LatchkeyError passes through.
 */
export function readError(error: unknown, url: string): LatchkeyError {
  if (error instanceof LatchkeyError) return error
  const record = asRecord(error)
  if (typeof record?.code === 'number') {
    return new ProviderRpcError(
      record.code,
      typeof record.message === 'string' ? record.message : undefined,
      {
        cause: error,
        data: record.data,
      },
    )
  }
  if (
    error instanceof TypeError ||
    /fetch failed|ECONNREFUSED|failed to fetch/i.test(String(record?.message))
  ) {
    return new HttpRequestError(Messages.httpRequestFailed, { url, cause: error })
  }
  return normalizeProviderError(error)
}
