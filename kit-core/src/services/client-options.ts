import { LatchkeyError } from '../errors/errors.js'
import type { Logger } from '../kit/context.js'
import { createHttpClient, type HttpClient } from '../transport/http.js'
import { ServiceDefaults } from './constants.js'

/** What both service clients take. */
export interface ServiceClientOptions {
  /** The API's base URL, e.g. the public endpoint or the local stand-in (`http://127.0.0.1:8547`). */
  baseUrl: string
  /** Sent as the `projectId` query parameter of every request; left out when unset. */
  projectId?: string | undefined
  /** The `st` query parameter. Default 'appkit' (SPEC §7). */
  sdkType?: string | undefined
  /** The `sv` query parameter: the kit's version string. */
  sdkVersion: string
  /** Default: the global fetch, looked up per request. */
  fetch?: typeof fetch | undefined
  /** Sent as the `x-latchkey-client-id` header when set. */
  clientId?: string | undefined
  /**
   * Keep image URLs on this machine or a private network in answers (the kit's `allowLocalImages`); default false:
   * they are dropped like any unsafe image URL.
   */
  allowLocalImages?: boolean | undefined
  /** Where failures the client swallows are reported (warn or debug). Default: nowhere. */
  logger?: Pick<Logger, 'warn' | 'debug'> | undefined
  /** Per-attempt timeout, ms. Default 10 000 (SPEC §9). */
  timeout?: number | undefined
  /** Retries of a retryable failure (5xx, 403, 408, 413, 429, network, timeout). Default 3 (SPEC §9). */
  retryCount?: number | undefined
  /** Base retry delay, ms, doubled after each retry. Default 150 (SPEC §9). */
  retryDelay?: number | undefined
  /** Largest answer read, bytes; a larger one fails with code 'RESPONSE_TOO_LARGE' and is not retried. Default 2 MB. */
  maxResponseBytes?: number | undefined
}

const SILENT: Pick<Logger, 'warn' | 'debug'> = { warn: () => undefined, debug: () => undefined }

/** The sdk properties every request carries as query parameters (SPEC §7): `projectId`, `st`, `sv`. */
export function sdkQuery(options: ServiceClientOptions): Record<string, string | undefined> {
  return {
    projectId: options.projectId || undefined,
    st: options.sdkType || ServiceDefaults.sdkType,
    sv: options.sdkVersion,
  }
}

/** The HTTP client of a service: the sdk properties `projectId`, `st`, `sv` on every request. */
export function createServiceHttp(options: ServiceClientOptions): HttpClient {
  return createHttpClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    fetch: options.fetch,
    timeout: options.timeout,
    retryCount: options.retryCount,
    retryDelay: options.retryDelay,
    maxResponseBytes: options.maxResponseBytes ?? ServiceDefaults.maxResponseBytes,
    query: sdkQuery(options),
  })
}

/** The options' logger, or one that drops everything. */
export function loggerOf(options: ServiceClientOptions): Pick<Logger, 'warn' | 'debug'> {
  return options.logger ?? SILENT
}

/**
 * One line about a failure, for a log: the error's name and message and, for the kit's own errors, their
 * details (URLs there are already redacted). Never the request URL itself; `secret` (the project id) is
 * blanked wherever it still shows up.
 */
export function describeFailure(error: unknown, secret?: string): string {
  let text: string
  if (error instanceof LatchkeyError) {
    text = `${error.name}: ${error.message}${error.details ? ` (${error.details})` : ''}`
  } else if (error instanceof Error) {
    text = `${error.name}: ${error.message}`
  } else {
    text = String(error)
  }
  return secret ? text.split(secret).join('…') : text
}
