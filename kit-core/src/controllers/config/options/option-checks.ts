import { LatchkeyError } from '../../../errors/errors.js'

/** A short, safe description of a value for an error message (never the value of a long string). */
function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.length > 40 ? 'a long string' : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `${typeof value} ${String(value)}`
  }
  return typeof value === 'object' ? 'an object' : typeof value
}

/**
 * The error of a host option with a wrong type or value: "Invalid option `themeMode`: expected 'light' or
 * 'dark', got "blue"". Code INVALID_OPTIONS.
 */
export function invalidOption(name: string, expected: string, value: unknown): LatchkeyError {
  return new LatchkeyError(`Invalid option \`${name}\`: expected ${expected}, got ${describe(value)}`, {
    code: 'INVALID_OPTIONS',
  })
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks an optional boolean option. @throws LatchkeyError INVALID_OPTIONS. */
export function optionalBoolean(name: string, value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value
  throw invalidOption(name, 'a boolean', value)
}

/** Checks an optional list of non-empty strings. @throws LatchkeyError INVALID_OPTIONS. */
export function optionalStringList(name: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) throw invalidOption(name, 'an array of strings', value)
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item === '') {
      throw invalidOption(`${name}[${index}]`, 'a non-empty string', item)
    }
  })
  return value as string[]
}

/** Checks that every entry of a list is one of `allowed`. @throws LatchkeyError INVALID_OPTIONS. */
export function optionalEnumList<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
): readonly T[] | undefined {
  const list = optionalStringList(name, value)
  list?.forEach((item, index) => {
    if (!allowed.includes(item as T)) {
      throw invalidOption(`${name}[${index}]`, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, item)
    }
  })
  return list as readonly T[] | undefined
}

/** Checks an optional string option (empty allowed). @throws LatchkeyError INVALID_OPTIONS. */
export function optionalString(name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value
  throw invalidOption(name, 'a string', value)
}

/**
 * Checks an optional absolute URL with one of `schemes` (default http and https).
 * @throws LatchkeyError INVALID_OPTIONS.
 */
export function optionalUrl(
  name: string,
  value: unknown,
  schemes: readonly string[] = ['https:', 'http:'],
): string | undefined {
  if (value === undefined) return undefined
  const expected = `an absolute ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL`
  if (typeof value !== 'string') throw invalidOption(name, expected, value)
  try {
    if (schemes.includes(new URL(value).protocol)) return value
  } catch {
    // reported below
  }
  throw invalidOption(name, expected, value)
}

/** Checks an optional plain object. @throws LatchkeyError INVALID_OPTIONS. */
export function optionalRecord(name: string, value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || isRecord(value)) return value
  throw invalidOption(name, 'an object', value)
}
