// Reading JSON-RPC params: each reader throws -32602 with a message that names the bad value.

import { PublicKey } from '@solana/web3.js'
import { decodeBase58 } from './base58.js'
import { invalidParams } from './errors.js'

/** A request's params as a list (a missing params member is an empty list). */
export function paramList(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw invalidParams('Invalid params: params must be an array')
  return params
}

/** A required base58 public key at `index`. */
export function pubkeyAt(params: unknown[], index: number, label: string): PublicKey {
  const value = params[index]
  if (value === undefined) throw invalidParams(`Invalid params: missing ${label}`)
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${label} must be a base58 string`)
  const bytes = decodeBase58(value)
  if (bytes?.length !== 32) throw invalidParams(`Invalid param: ${label} '${value}' is not a public key`)
  return new PublicKey(bytes)
}

/** A required string at `index`. */
export function stringAt(params: unknown[], index: number, label: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${label} must be a string`)
  return value
}

/** A required non-negative safe integer at `index`. */
export function integerAt(params: unknown[], index: number, label: string): number {
  const value = params[index]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${label} must be a non-negative integer`)
  }
  return value
}

/** The optional config object at `index` (an empty object when absent). */
export function configAt(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams('Invalid params: the configuration must be an object')
  }
  return value as Record<string, unknown>
}

/** The `encoding` of a config: one of `allowed`, else `fallback`. */
export function encodingOf<T extends string>(
  config: Record<string, unknown>,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = config.encoding
  if (value === undefined) return fallback
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw invalidParams(
    `Invalid params: unsupported encoding '${String(value)}'; use one of ${allowed.join(', ')}`,
  )
}

/** Decodes a transaction or message given as base58 or base64 text. */
export function decodeWire(text: string, encoding: 'base58' | 'base64', label: string): Uint8Array {
  if (encoding === 'base58') {
    const bytes = decodeBase58(text)
    if (!bytes) throw invalidParams(`Invalid params: ${label} is not valid base58`)
    return bytes
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw invalidParams(`Invalid params: ${label} is not valid base64`)
  }
  return Buffer.from(text, 'base64')
}
