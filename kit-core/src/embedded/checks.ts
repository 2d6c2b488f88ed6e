/**
 * The secure frame protocol's validators, written by hand so the frame client stays small: a check takes a value
 * and the path it sits at, and returns the first problem as `path: what is wrong`, or undefined when the value fits.
 * Objects are strict (an unknown field is refused) and only their own fields are read.
 */

/** A check of one value: the problem found (`payload.email: must be an email address`) or undefined. */
export type Check = (value: unknown, path: string) => string | undefined

/** Keys that reach an object's prototype when merged; refused wherever a message carries free-form data. */
const POLLUTING_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const has = (value: object, key: string): boolean => Object.hasOwn(value, key)

/** A plain object: not null, not an array, made by an object literal, JSON.parse or structured clone. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A string of `min` to `max` characters, and matching `pattern` when given (`rule` says what the pattern asks). */
export const text =
  (max: number, min = 0, pattern?: RegExp, rule?: string): Check =>
  (value, path) => {
    if (typeof value !== 'string') return `${path}: must be a string`
    if (value.length < min)
      return min === 1 ? `${path}: must not be empty` : `${path}: must have at least ${min} characters`
    if (value.length > max) return `${path}: must have at most ${max} characters`
    if (pattern && !pattern.test(value)) return `${path}: ${rule ?? `must match ${pattern.source}`}`
    return undefined
  }

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/** An email address (at most 254 characters, one @, a dotted domain, no spaces). */
export const email: Check = (value, path) =>
  typeof value === 'string' && value.length <= 254 && EMAIL.test(value)
    ? undefined
    : `${path}: must be an email address`

/** One of the given strings. */
export const oneOf =
  (choices: readonly string[]): Check =>
  (value, path) =>
    typeof value === 'string' && choices.includes(value)
      ? undefined
      : `${path}: must be one of ${choices.join(', ')}`

export const bool: Check = (value, path) =>
  typeof value === 'boolean' ? undefined : `${path}: must be a boolean`

export const integer: Check = (value, path) =>
  Number.isSafeInteger(value) ? undefined : `${path}: must be an integer`

/** A chain id: a number (a non-negative safe integer) or a string of 1 to 64 characters. */
export const chainId: Check = (value, path) => {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? undefined : `${path}: must be a chain id`
  if (typeof value === 'string' && value.length > 0 && value.length <= 64) return undefined
  return `${path}: must be a chain id (a string or a number)`
}

/** An array of at most `max` items, each passing `item`. */
export const list =
  (item: Check, max: number): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return `${path}: must be an array`
    if (value.length > max) return `${path}: must have at most ${max} items`
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i], `${path}[${i}]`)
      if (problem) return problem
    }
    return undefined
  }

/** The fields of an object: each required unless its name is in `optional`. */
export type Shape = Readonly<Record<string, Check>>

/** A strict object: the fields of `shape`, those not in `optional` required, any other field refused. */
export const object =
  (shape: Shape, optional: readonly string[] = []): Check =>
  (value, path) => {
    if (!isPlainObject(value)) return `${path}: must be an object`
    for (const key of Object.keys(value)) if (!has(shape, key)) return `${path}.${key}: unknown field`
    for (const key of Object.keys(shape)) {
      if (!has(value, key) || value[key] === undefined) {
        if (optional.includes(key)) continue
        return `${path}.${key}: required`
      }
      const problem = (shape[key] as Check)(value[key], `${path}.${key}`)
      if (problem) return problem
    }
    return undefined
  }

/** A map of at most `max` entries, keys of 1 to 64 characters, each value passing `item`. */
export const record =
  (item: Check, max: number): Check =>
  (value, path) => {
    if (!isPlainObject(value)) return `${path}: must be an object`
    const keys = Object.keys(value)
    if (keys.length > max) return `${path}: must have at most ${max} entries`
    for (const key of keys) {
      if (key.length === 0 || key.length > 64 || POLLUTING_KEYS.has(key))
        return `${path}.${key}: not an allowed key`
      const problem = item(value[key], `${path}.${key}`)
      if (problem) return problem
    }
    return undefined
  }

/** Nesting allowed in free-form data (RPC params and results). */
export const MAX_DEPTH = 32

/**
 * Free-form data: JSON values only (null, booleans, finite numbers, strings, arrays, plain objects), nested at most
 * MAX_DEPTH deep, with no key that reaches a prototype. Its size is bounded by the message's.
 */
export const json: Check = (value, path) => jsonAt(value, path, 0)

function jsonAt(value: unknown, path: string, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${path}: must be a finite number`
  if (depth >= MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH}`
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonAt(value[i], `${path}[${i}]`, depth + 1)
      if (problem) return problem
    }
    return undefined
  }
  if (!isPlainObject(value)) return `${path}: must be JSON data`
  for (const key of Object.keys(value)) {
    if (POLLUTING_KEYS.has(key)) return `${path}.${key}: not an allowed key`
    const problem = jsonAt(value[key], `${path}.${key}`, depth + 1)
    if (problem) return problem
  }
  return undefined
}

/** Either of two checks; the problem reported is `rule`. */
export const either =
  (first: Check, second: Check, rule: string): Check =>
  (value, path) =>
    first(value, path) === undefined || second(value, path) === undefined ? undefined : `${path}: ${rule}`
