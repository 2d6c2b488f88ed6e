import { LatchkeyError, type LatchkeyErrorCode } from './errors.js'
import * as Messages from './messages.js'

// The transport's errors: only what makes HTTP requests (the service clients, the RPC transports) loads them.

/** A non-OK HTTP answer, or a request that never got one. */
export class HttpRequestError extends LatchkeyError {
  override name = 'HttpRequestError'
  readonly status: number | undefined
  readonly url: string
  readonly body: unknown

  constructor(
    message: string,
    params: { url: string; status?: number; body?: unknown; cause?: unknown; code?: LatchkeyErrorCode },
  ) {
    super(message, {
      code: params.code ?? (params.status === undefined ? 'HTTP_REQUEST_FAILED' : 'HTTP_ERROR'),
      cause: params.cause,
      details: `URL: ${redactUrl(params.url)}`,
    })
    this.status = params.status
    this.url = redactUrl(params.url)
    this.body = params.body
  }
}

/** The request took longer than the transport's timeout. */
export class TimeoutError extends LatchkeyError {
  override name = 'TimeoutError'
  readonly url: string
  constructor(params: { url: string; timeout: number }) {
    super(Messages.httpTimeout, {
      code: 'TIMEOUT',
      details: `URL: ${redactUrl(params.url)}; after ${params.timeout} ms`,
    })
    this.url = redactUrl(params.url)
  }
}

/** Drops credentials and query values (project ids, keys) from a URL before it lands in an error. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    for (const key of [...parsed.searchParams.keys()]) parsed.searchParams.set(key, '…')
    return parsed.toString()
  } catch {
    return '(invalid URL)'
  }
}
