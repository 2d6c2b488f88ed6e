import {
  HttpRequestError,
  LatchkeyError,
  Messages,
  normalizeProviderError,
  ProviderRpcError,
  TimeoutError,
  TransportDefaults,
  UserRejectedRequestError,
} from '@latchkey/core'

/** A JSON-RPC error object as a node or wallet sent it. */
interface RpcErrorBody {
  code: number
  message?: string
  data?: unknown
}

type Record_ = Record<string, unknown>

const asRecord = (value: unknown): Record_ | undefined =>
  typeof value === 'object' && value !== null ? (value as Record_) : undefined

function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  const record = asRecord(value)
  return typeof record?.code === 'number' && Number.isInteger(record.code)
}

/**
 * The JSON-RPC error under an ethers error. ethers v6 wraps it as `info.error` (CALL_EXCEPTION,
 * ACTION_REJECTED, INSUFFICIENT_FUNDS …), `error` (UNKNOWN_ERROR) or `info.info.error` (UNSUPPORTED_OPERATION);
 * core's normalizer does not look under `info`, so the adapter does.
 */
function innerRpcError(error: unknown, depth = 0): RpcErrorBody | undefined {
  const record = asRecord(error)
  if (!record || depth > 3) return undefined
  const info = asRecord(record.info)
  for (const candidate of [info?.error, record.error]) {
    if (isRpcErrorBody(candidate)) return candidate
  }
  return innerRpcError(info?.info === undefined ? undefined : info, depth + 1)
}

const ethersCode = (error: unknown): string | undefined => {
  const code = asRecord(error)?.code
  return typeof code === 'string' ? code : undefined
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  const record = asRecord(value)
  if (typeof record?.shortMessage === 'string') return record.shortMessage
  return typeof record?.message === 'string' ? record.message : undefined
}

/** The URL an ethers HTTP error was about: `request.url` of the FetchRequest it carries. */
function urlOf(error: unknown): string {
  const url = asRecord(asRecord(error)?.request)?.url
  return typeof url === 'string' ? url : ''
}

function bodyOf(response: Record_): unknown {
  try {
    return typeof response.bodyText === 'string' ? response.bodyText : undefined
  } catch {
    return undefined
  }
}

/**
 * Turns what an ethers wallet call threw into core's ProviderRpcError: a rejection is 4001 whether the wallet
 * said 4001, 5000 or ethers said ACTION_REJECTED, other wallet codes are kept. A LatchkeyError passes through.
 */
export function walletError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error
  if (ethersCode(error) === 'ACTION_REJECTED')
    return new UserRejectedRequestError(undefined, { cause: error })
  const inner = innerRpcError(error)
  if (inner) {
    const normalized = normalizeProviderError(inner)
    return new ProviderRpcError(normalized.code, normalized.message, { cause: error, data: inner.data })
  }
  return normalizeProviderError(error)
}

/**
 * Turns what an ethers read threw into core's errors: an HTTP answer that is not OK is an HttpRequestError
 * with its `status`, a timeout a TimeoutError, a node that never answered an HttpRequestError without status,
 * and a JSON-RPC error a ProviderRpcError with the node's code. A LatchkeyError passes through.
 */
export function readError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error
  const inner = innerRpcError(error)
  if (inner) {
    return new ProviderRpcError(inner.code, textOf(inner) ?? textOf(error), {
      cause: error,
      data: inner.data,
    })
  }
  const code = ethersCode(error)
  const response = asRecord(asRecord(error)?.response)
  const status = response?.statusCode
  if (code === 'SERVER_ERROR' && typeof status === 'number' && status > 0) {
    return new HttpRequestError(Messages.httpStatus(status), {
      url: urlOf(error),
      status,
      body: response ? bodyOf(response) : undefined,
      cause: error,
    })
  }
  if (code === 'TIMEOUT') return new TimeoutError({ url: urlOf(error), timeout: TransportDefaults.timeout })
  if (code === 'CALL_EXCEPTION') {
    const data = asRecord(error)?.data
    return new ProviderRpcError(3, textOf(error), { cause: error, data })
  }
  // Node's http module rejects with its own errors (ECONNREFUSED …), a browser's fetch with a bare TypeError.
  const unreachable = code === undefined ? error instanceof TypeError : /^E[A-Z]+$/.test(code)
  if (code === 'NETWORK_ERROR' || unreachable) {
    return new HttpRequestError(Messages.httpRequestFailed, { url: urlOf(error), cause: error })
  }
  return normalizeProviderError(error)
}
