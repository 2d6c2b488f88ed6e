import {
  HttpRequestError,
  LatchkeyError,
  Messages,
  ProviderRpcError,
  RETRYABLE_HTTP_STATUSES,
  RETRYABLE_RPC_CODES,
  TimeoutError,
} from '../errors/index.js'

/**
 * Waits `ms` milliseconds; rejects with the aborted error when `signal` aborts first. With `jitter`, `ms` is the
 * backoff step and the wait is a random time between 0 and it (full jitter); without, the server asked for `ms`.
 */
export type Sleep = (ms: number, signal?: AbortSignal, options?: { jitter?: boolean }) => Promise<void>

/**
 * The longest `Retry-After` we wait for. A server asking for more is down for longer than a user will
 * look at a spinner, so the error is thrown at once instead of hanging the request.
 */
export const MAX_RETRY_AFTER_MS = 60_000

/** Retry-After values (ms) read from the response that caused an error; kept off the error object. */
const retryAfterByError = new WeakMap<object, number>()

/** Records the `Retry-After` header (already parsed to ms) of the response that caused `error`. */
export function setRetryAfter(error: object, ms: number): void {
  retryAfterByError.set(error, ms)
}

/** The `Retry-After` recorded for `error`, in ms, if its response had one. */
function getRetryAfter(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? retryAfterByError.get(error) : undefined
}

/**
 * Parses a `Retry-After` header: delay-seconds or an HTTP-date, to milliseconds from `now`.
 * Returns undefined for a missing or unreadable value; a date in the past gives 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The error a request rejects with when the caller's AbortSignal fires (code 'ABORTED'). */
export function abortedError(reason?: unknown): LatchkeyError {
  return new LatchkeyError(Messages.requestAborted, { code: 'ABORTED', cause: reason })
}

/** True for the error {@link abortedError} makes. */
function isAbortedError(error: unknown): boolean {
  return error instanceof LatchkeyError && error.code === 'ABORTED'
}

/**
 * True when a request that failed with `error` may succeed if sent again (SPEC §9): a network failure,
 * a timeout, a retryable HTTP status (403, 408, 413, 429, 500, 502, 503, 504) or a retryable RPC code
 * (-1, -32005, -32603). Aborts, other statuses and other RPC codes (4001, -32601, 3 …) are final.
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof ProviderRpcError) return RETRYABLE_RPC_CODES.has(error.code)
  if (error instanceof TimeoutError) return true
  if (error instanceof HttpRequestError) {
    return error.status === undefined
      ? error.code === 'HTTP_REQUEST_FAILED'
      : RETRYABLE_HTTP_STATUSES.has(error.status)
  }
  return false
}

/**
 * True for a method that sends or signs (`eth_sendRawTransaction`, `eth_sendTransaction`, `wallet_sendCalls`,
 * `personal_sign`, `eth_signTypedData_v4`, Solana's `sendTransaction`, …): sending it twice may do twice what it does.
 */
export function isWriteMethod(method: string): boolean {
  return /send|sign/i.test(method)
}

/** True when `error`, or an error it was caused by, is a connection refused (nothing was sent). */
function refusedBeforeSending(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === 'ECONNREFUSED' || refusedBeforeSending(cause, depth + 1)
}

/**
 * True when a write that failed with `error` was certainly not processed, so sending it again cannot send it twice:
 * 429 (rate limited) and 503 (unavailable) answers, and a connection refused before the request went out. A timeout,
 * a network failure after sending, a 502 or 504 may follow processing: the answer was lost, not the request, so the
 * error is final (a refinement of SPEC §9 recorded in the rule index).
 */
export function isRetryableWriteError(error: unknown): boolean {
  if (!(error instanceof HttpRequestError)) return false
  if (error.status === 429 || error.status === 503) return true
  return error.status === undefined && refusedBeforeSending(error.cause)
}

/** The retry rule for a method: {@link isRetryableWriteError} for writes, {@link isRetryableError} for reads. */
export function retryRuleFor(method: string): (error: unknown) => boolean {
  return isWriteMethod(method) ? isRetryableWriteError : isRetryableError
}

/**
 * The default {@link Sleep}: a timer, cleared when `signal` aborts. A backoff step is waited with full jitter, so callers
 * failed by the same 429 do not all come back together; a server's `Retry-After` is waited as asked.
 */
export const sleep: Sleep = (step, signal, options) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError(signal.reason))
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortedError(signal?.reason))
    }
    const ms = options?.jitter ? Math.floor(Math.random() * step) : step
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * How long to wait before retry number `attempt + 1`: `retryDelay * 2 ** attempt`, or the server's
 * `Retry-After` when that is longer. Undefined when the server asks for more than
 * {@link MAX_RETRY_AFTER_MS} (do not retry).
 */
export function backoffDelay(
  attempt: number,
  retryDelay: number,
  retryAfter: number | undefined,
): number | undefined {
  if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS) return undefined
  return Math.max(retryDelay * 2 ** attempt, retryAfter ?? 0)
}

export interface RetryOptions {
  /** Retries after the first attempt. */
  retryCount: number
  /** Base delay in ms; doubled after each retry. */
  retryDelay: number
  /** Which errors are worth another attempt. Default {@link isRetryableError}. */
  shouldRetry?: (error: unknown) => boolean
  sleep?: Sleep | undefined
  signal?: AbortSignal | undefined
}

/**
 * Runs `run` and, while it fails with a retryable error, runs it again up to `retryCount` more times
 * with exponential backoff (honouring `Retry-After`). Throws the last error, or the aborted error when
 * `signal` fires during a wait.
 */
export async function withRetry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const shouldRetry = options.shouldRetry ?? isRetryableError
  const wait = options.sleep ?? sleep
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(attempt)
    } catch (error) {
      if (attempt >= options.retryCount || isAbortedError(error) || !shouldRetry(error)) throw error
      const retryAfter = getRetryAfter(error)
      const delay = backoffDelay(attempt, options.retryDelay, retryAfter)
      if (delay === undefined) throw error
      await wait(delay, options.signal, { jitter: retryAfter === undefined })
      if (options.signal?.aborted) throw abortedError(options.signal.reason)
    }
  }
}

/**
 * Settles like `promise`, or rejects with the aborted error as soon as `signal` fires (calling
 * `onAbort` first, so a shared request can count who still waits for it).
 */
export function raceSignal<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort?: () => void,
): Promise<T> {
  if (!signal) return promise
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.()
      reject(abortedError(signal.reason))
    }
    if (signal.aborted) {
      promise.catch(() => undefined)
      abort()
      return
    }
    signal.addEventListener('abort', abort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort)
        reject(error)
      },
    )
  })
}

/** Lets a timer not keep a Node process alive (a no-op in browsers, where timers are numbers). */
export function unrefTimer(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') {
    timer.unref()
  }
}
