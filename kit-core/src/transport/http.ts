import { HttpRequestError, Messages, TimeoutError } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import { abortedError, parseRetryAfter, type Sleep, setRetryAfter, withRetry } from './retry.js'

type ParamValue = string | number | boolean | bigint | null | undefined
/** Query parameters: undefined and null values are left out, arrays are joined with commas. */
export type HttpParams = Record<string, ParamValue | readonly ParamValue[]>

export interface HttpClientOptions {
  /** Prefix of every request path, e.g. 'https://api.example.com/v1'. */
  baseUrl: string
  /** Sent as the `x-latchkey-client-id` header on every request when set. */
  clientId?: string | undefined
  /** Headers sent on every request. */
  headers?: Record<string, string> | undefined
  /** Query parameters added to every request (sdk type, version, projectId …); undefined and empty values are left out. */
  query?: Record<string, string | undefined> | undefined
  /** Default: the global `fetch`, looked up when a request is made. */
  fetch?: typeof fetch | undefined
  /** Per-attempt timeout, ms. Default 10 000. */
  timeout?: number | undefined
  /** Retries after a retryable failure (idempotent methods only). Default 3. */
  retryCount?: number | undefined
  /** Base retry delay, ms, doubled after each retry. Default 150. */
  retryDelay?: number | undefined
  /** Waits between retries. Override to test or to plug a scheduler; default a timer. */
  sleep?: Sleep | undefined
  /**
   * Largest answer read, bytes; a larger one is cancelled and fails with 'RESPONSE_TOO_LARGE' (never retried).
   * Default 32 MB ({@link TransportDefaults}); the service clients use 2 MB.
   */
  maxResponseBytes?: number | undefined
}

export interface HttpRequestOptions {
  /** Query parameters of this request; they override the client's `query` of the same name. */
  params?: HttpParams | undefined
  /** Headers of this request; they override the client's. */
  headers?: Record<string, string> | undefined
  /** Aborts the request (and any retry wait); it then rejects with code 'ABORTED'. */
  signal?: AbortSignal | undefined
  /** Overrides the client's timeout for this request, ms. */
  timeout?: number | undefined
  /**
   * Whether a retryable failure is retried. Default true for GET, PUT and DELETE (idempotent: sending
   * them twice is harmless) and false for POST: a POST whose answer was lost may already have been
   * acted on (a name registered, a session revoked), so sending it again could do it twice.
   */
  retry?: boolean | undefined
}

export interface HttpBodyRequestOptions extends HttpRequestOptions {
  /** Sent as JSON (`content-type: application/json`). */
  body?: unknown
}

/** A small JSON-over-HTTP client bound to one base URL; see {@link createHttpClient}. */
export interface HttpClient {
  get<T = unknown>(path: string, options?: HttpRequestOptions): Promise<T>
  post<T = unknown>(path: string, options?: HttpBodyRequestOptions): Promise<T>
  put<T = unknown>(path: string, options?: HttpBodyRequestOptions): Promise<T>
  delete<T = unknown>(path: string, options?: HttpBodyRequestOptions): Promise<T>
  /** GETs a binary resource (an image) as a Blob. */
  getBlob(path: string, options?: HttpRequestOptions): Promise<Blob>
}

/**
 * Creates the HTTP wrapper of SPEC §7: JSON in and out, the client's query and `clientId` on every
 * request, a per-attempt timeout and the retry policy of SPEC §9 for idempotent methods.
 *
 * Each method throws:
 * - `HttpRequestError` 'HTTP status code: {status}' on a non-OK answer (with `status` and parsed `body`);
 * - `HttpRequestError` 'HTTP request failed.' when no answer came (network failure; `cause` says why)
 *   or an OK answer was not valid JSON;
 * - `HttpRequestError` with code 'RESPONSE_TOO_LARGE' (Messages.responseTooLarge) when the answer is larger than
 *   `maxResponseBytes`, by its Content-Length or as it arrives: the rest is not read, the request is not retried;
 * - `HttpRequestError` Messages.responseTruncated when the answer broke off before its end (code
 *   'HTTP_REQUEST_FAILED': a GET is retried like a network failure);
 * - `TimeoutError` 'The request took too long to respond.' after `timeout` ms (the request is aborted);
 * - `LatchkeyError` with code 'ABORTED' when the caller's signal fires.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const retryCount = options.retryCount ?? TransportDefaults.retryCount
  const retryDelay = options.retryDelay ?? TransportDefaults.retryDelay

  async function send(
    method: string,
    path: string,
    request: HttpBodyRequestOptions,
    responseType: ResponseType,
  ): Promise<unknown> {
    const url = buildUrl(options.baseUrl, path, options.query, request.params)
    const headers = new Headers({ accept: responseType === 'json' ? 'application/json' : '*/*' })
    if (request.body !== undefined) headers.set('content-type', 'application/json')
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
    if (options.clientId) headers.set(TransportDefaults.clientIdHeader, options.clientId)
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value)
    const body = request.body === undefined ? undefined : JSON.stringify(request.body)
    const retry = request.retry ?? method !== 'POST'
    return withRetry(
      () =>
        fetchOnce({
          url,
          method,
          headers,
          body,
          responseType,
          fetch: options.fetch,
          timeout: request.timeout ?? options.timeout ?? TransportDefaults.timeout,
          signal: request.signal,
          maxResponseBytes: options.maxResponseBytes ?? TransportDefaults.maxResponseBytes,
        }),
      { retryCount: retry ? retryCount : 0, retryDelay, sleep: options.sleep, signal: request.signal },
    )
  }

  return {
    get: (path, request = {}) => send('GET', path, request, 'json') as Promise<never>,
    post: (path, request = {}) => send('POST', path, request, 'json') as Promise<never>,
    put: (path, request = {}) => send('PUT', path, request, 'json') as Promise<never>,
    delete: (path, request = {}) => send('DELETE', path, request, 'json') as Promise<never>,
    getBlob: (path, request = {}) => send('GET', path, request, 'blob') as Promise<Blob>,
  }
}

/**
 * Joins `baseUrl` and `path` with exactly one slash (a `path` that is already an absolute http(s) URL
 * is used as is) and appends `query`, then `params`. A `query` value that is empty is left out like an undefined
 * one: those are the sdk properties, and a request never carries an empty project id.
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, string | undefined>,
  params?: HttpParams,
): string {
  const joined = /^https?:\/\//i.test(path)
    ? path
    : path === ''
      ? baseUrl
      : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const url = new URL(joined)
  const shared = Object.entries(query ?? {}).filter(([, value]) => value?.trim())
  for (const [name, value] of Object.entries({ ...Object.fromEntries(shared), ...params })) {
    const text = paramText(value)
    if (text !== undefined) url.searchParams.set(name, text)
  }
  return url.toString()
}

function paramText(value: ParamValue | readonly ParamValue[]): string | undefined {
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined && item !== null).map(String)
    return items.length === 0 ? undefined : items.join(',')
  }
  return value === undefined || value === null ? undefined : String(value)
}

type ResponseType = 'json' | 'blob'

/** One HTTP exchange, shared by the HTTP client and the JSON-RPC transport. */
export interface FetchOnceRequest {
  url: string
  method: string
  headers: Headers
  body: string | undefined
  responseType: ResponseType
  fetch: typeof fetch | undefined
  timeout: number
  signal: AbortSignal | undefined
  /** Largest answer read, bytes. */
  maxResponseBytes: number
}

/**
 * Sends one request (no retry) and returns the parsed answer: JSON (undefined for an empty body) or a
 * Blob. Throws the errors listed on {@link createHttpClient}; a `Retry-After` header of a non-OK answer
 * is recorded for the retry policy.
 */
export async function fetchOnce(request: FetchOnceRequest): Promise<unknown> {
  const { url, timeout, signal } = request
  if (signal?.aborted) throw abortedError(signal.reason)
  const controller = new AbortController()
  let timedOut = false
  const timer =
    timeout > 0 && Number.isFinite(timeout)
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, timeout)
      : undefined
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  // Once we aborted, whatever fetch threw is only the echo of our abort: say why we aborted instead.
  const explain = (error: unknown) => {
    if (timedOut) return new TimeoutError({ url, timeout })
    if (signal?.aborted) return abortedError(signal.reason)
    return error
  }
  try {
    let response: Response
    let chunks: Uint8Array[]
    try {
      const init: RequestInit = {
        method: request.method,
        headers: request.headers,
        signal: controller.signal,
      }
      if (request.body !== undefined) init.body = request.body
      response = await (request.fetch ?? globalThis.fetch)(url, init)
      chunks = await readBody(response, request.maxResponseBytes, url)
    } catch (cause) {
      throw explain(
        cause instanceof HttpRequestError
          ? cause
          : new HttpRequestError(Messages.httpRequestFailed, { url, cause }),
      )
    }
    if (response.ok && request.responseType === 'blob') {
      return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' })
    }
    const decoder = new TextDecoder()
    const text = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()
    if (!response.ok) {
      const error = new HttpRequestError(Messages.httpStatus(response.status), {
        url,
        status: response.status,
        body: parseLoosely(text),
      })
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
      if (retryAfter !== undefined) setRetryAfter(error, retryAfter)
      throw error
    }
    if (text.trim() === '') return undefined
    try {
      return JSON.parse(text) as unknown
    } catch (cause) {
      throw new HttpRequestError(Messages.httpRequestFailed, {
        url,
        status: response.status,
        body: text,
        cause,
      })
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * The body of `response`, as its chunks. An answer whose Content-Length passes `limit` is not read, one that streams
 * past it is not read beyond the chunk that did: either is cancelled (the connection closes) and fails with
 * 'RESPONSE_TOO_LARGE'. One that breaks off (undici's 'terminated', Chromium's 'network error' when it ends before its
 * Content-Length) fails as truncated.
 */
async function readBody(response: Response, limit: number, url: string): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = []
  const reader = response.body?.getReader()
  let size = Number(response.headers.get('content-length')) > limit ? limit + 1 : 0
  try {
    if (!reader && size <= limit) {
      // No stream (a 204, or a fetch polyfill over XHR): the answer comes whole, and is still refused when too large.
      const whole = new Uint8Array(await response.arrayBuffer())
      chunks.push(whole)
      size += whole.byteLength
    }
    while (reader && size <= limit) {
      const next = await reader.read().catch((cause: unknown) => {
        throw new HttpRequestError(Messages.responseTruncated, { url, cause })
      })
      if (next.done) return chunks
      chunks.push(next.value)
      size += next.value.byteLength
    }
    if (size <= limit) return chunks
    throw new HttpRequestError(Messages.responseTooLarge(limit), { url, code: 'RESPONSE_TOO_LARGE' })
  } catch (error) {
    reader?.cancel().catch(() => undefined)
    throw error
  }
}

/** An error body: JSON when it parses, the raw text otherwise, undefined when empty. */
function parseLoosely(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
