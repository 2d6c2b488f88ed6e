import { type CaipNetworkId, isChainNamespace, parseCaipNetworkId } from '../caip/caip.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import type { RemoteFeatureEntry } from './types.js'

/**
 * Strict shape checks of every service answer (no schema library). An entry whose fields have the wrong
 * types is dropped; a well-typed but unsafe value (an image URL with a bad scheme, a `javascript:` link) is
 * removed from the entry; names are cleaned as plain text. A top-level shape that is wrong throws
 * 'HTTP request failed.' (code HTTP_ERROR, the details say what was wrong), like any other failed request.
 */

export class MalformedResponse extends LatchkeyError {
  override name = 'MalformedResponse'
  constructor(details: string) {
    super(Messages.httpRequestFailed, { code: 'HTTP_ERROR', details: `Malformed answer: ${details}` })
  }
}

export type Json = Record<string, unknown>

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function record(value: unknown, what: string): Json {
  if (!isRecord(value)) throw new MalformedResponse(`${what}: expected an object`)
  return value
}

/** An optional string field: undefined and null pass, anything but a string is a wrong type. */
export function isOptionalString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string'
}

export function asCaipNetworkId(value: unknown): CaipNetworkId | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const { namespace } = parseCaipNetworkId(value)
    return isChainNamespace(namespace) ? (value as CaipNetworkId) : undefined
  } catch {
    return undefined
  }
}

const FEATURE_ID = /^[a-z][a-z0-9_]{0,31}$/
const FEATURE_VALUE = /^[a-z0-9][a-z0-9_.-]{0,31}$/i

/** GET /appkit/v1/config: the feature entries; a list config keeps only short identifier strings. */
export function parseFeatures(body: unknown): RemoteFeatureEntry[] {
  const { features } = record(body, 'config')
  if (!Array.isArray(features)) throw new MalformedResponse('config: features is not a list')
  const entries: RemoteFeatureEntry[] = []
  for (const raw of features) {
    if (!isRecord(raw) || typeof raw.id !== 'string' || !FEATURE_ID.test(raw.id)) continue
    if (typeof raw.isEnabled !== 'boolean') continue
    let config: unknown = null
    if (Array.isArray(raw.config)) {
      config = raw.config.filter(
        (item): item is string => typeof item === 'string' && FEATURE_VALUE.test(item),
      )
    } else if (typeof raw.config === 'boolean') {
      config = raw.config
    }
    entries.push({ id: raw.id, isEnabled: raw.isEnabled, config })
  }
  return entries
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: an origin with spaces or control characters is dropped
const BLANK = /[\u0000-\u0020]/

/** GET /projects/v1/origins: the origins, as strings without spaces or control characters. */
export function parseOrigins(body: unknown): string[] {
  const { allowedOrigins } = record(body, 'origins')
  if (!Array.isArray(allowedOrigins)) throw new MalformedResponse('origins: allowedOrigins is not a list')
  return allowedOrigins.filter(
    (origin): origin is string => typeof origin === 'string' && origin.length <= 2048 && !BLANK.test(origin),
  )
}

/** GET /getAnalyticsConfig: true only for a literal `true`. */
export function parseAnalyticsEnabled(body: unknown): boolean {
  return record(body, 'analytics config').isAnalyticsEnabled === true
}
