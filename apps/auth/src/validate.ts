// Strict reading of request bodies: a JSON object with exactly the fields an endpoint knows, each of its type and
// length; anything else is a 400 naming the field.
import { ACCOUNT_TYPES, type AccountType, CODE_DIGITS } from './defaults.js'
import { ApiError, invalidField } from './errors.js'

export type Body = Record<string, unknown>

/**
 * `body` as an object with no field outside `allowed` (an absent body counts as `{}`).
 * @throws ApiError 400 for another JSON value or an unknown field (named).
 */
export function strictObject(body: unknown, allowed: readonly string[], field = 'body'): Body {
  if (body === undefined && field === 'body') return {}
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw field === 'body'
      ? new ApiError(400, 'INVALID_BODY', 'body: must be a JSON object', { field })
      : invalidField(field, 'must be an object')
  }
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      const name = field === 'body' ? key : `${field}.${key}`
      throw invalidField(name, `unknown field (allowed: ${allowed.join(', ') || 'none'})`)
    }
  }
  return body as Body
}

interface StringRule {
  min?: number
  max: number
  pattern?: RegExp
  /** What the pattern means, for the message: 'an email address'. */
  what?: string
}

/** A required string field. @throws ApiError 400 naming the field. */
export function stringField(body: Body, name: string, rule: StringRule): string {
  const value = body[name]
  if (value === undefined) throw invalidField(name, 'is required')
  if (typeof value !== 'string') throw invalidField(name, 'must be a string')
  if (value.length < (rule.min ?? 1)) throw invalidField(name, `must be at least ${rule.min ?? 1} characters`)
  if (value.length > rule.max) throw invalidField(name, `must be at most ${rule.max} characters`)
  if (rule.pattern && !rule.pattern.test(value))
    throw invalidField(name, `must be ${rule.what ?? 'well formed'}`)
  return value
}

// A practical address check (RFC 5321 lengths, one @, a dotted domain, no spaces or control characters), not the
// whole of RFC 5322: quoted local parts and IP-literal domains are refused.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** An email address, lowercased (addresses are compared without case). */
export const emailField = (body: Body, name: string): string =>
  stringField(body, name, { min: 3, max: 254, pattern: EMAIL, what: 'an email address' }).toLowerCase()

/** A one-time code: exactly six digits, as a string. */
export function otpField(body: Body, name: string): string {
  if (typeof body[name] === 'number') throw invalidField(name, `must be a string of ${CODE_DIGITS} digits`)
  return stringField(body, name, {
    min: CODE_DIGITS,
    max: CODE_DIGITS,
    pattern: /^\d+$/,
    what: `${CODE_DIGITS} digits`,
  })
}

/** The frame's opaque per-browser id: 16 to 128 URL-safe characters. */
export const deviceIdField = (body: Body, name: string): string =>
  stringField(body, name, { min: 16, max: 128, pattern: /^[A-Za-z0-9_-]+$/, what: 'letters, digits, _ or -' })

const PROJECT_ID = /^[A-Za-z0-9._-]+$/

/** Whether `value` is a well-formed project id (1 to 128 of letters, digits, `.`, `_`, `-`). */
export const isProjectId = (value: string): boolean => value.length <= 128 && PROJECT_ID.test(value)

export const projectIdField = (body: Body, name: string): string =>
  stringField(body, name, { max: 128, pattern: PROJECT_ID, what: 'letters, digits, ., _ or -' })

export function accountTypeField(body: Body, name: string): AccountType {
  const value = stringField(body, name, { max: 32 })
  if (!(ACCOUNT_TYPES as readonly string[]).includes(value)) {
    throw invalidField(name, `must be one of ${ACCOUNT_TYPES.join(', ')}`)
  }
  return value as AccountType
}
