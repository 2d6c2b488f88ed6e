// How values come back, the same on both engines (the README's table). Each engine starts from its own defaults,
// which differ: PGlite reads int8 as a JS bigint, node-postgres as a string; node-postgres reads bytea as a Buffer
// and date / timestamp (without time zone) as Dates in the process's time zone. The overrides below make them agree.
import type { CustomTypesConfig } from 'pg'

/** Type OIDs of the built-in types the overrides touch. */
const OID = { BYTEA: 17, INT8: 20, DATE: 1082, TIMESTAMP: 1114 } as const

const asText = (value: string): string => value

/**
 * PGlite's parsers: int8 as a string (like numeric, and like node-postgres), never a lossy number; date and
 * timestamp as Postgres prints them. bytea is already a plain Uint8Array, timestamptz a Date, json(b) parsed.
 */
export const PGLITE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.INT8]: asText,
  [OID.DATE]: asText,
  [OID.TIMESTAMP]: asText,
}

type Parser = (value: string) => unknown

/**
 * node-postgres's parsers for one pool (its global `types` stay as they are): bytea as a plain Uint8Array, not a
 * Buffer; date and timestamp as Postgres prints them. int8 and numeric are already strings.
 */
export function postgresTypes(defaults: CustomTypesConfig): CustomTypesConfig {
  const bytea = defaults.getTypeParser(OID.BYTEA, 'text') as (value: string) => Buffer
  const overrides: Record<number, Parser> = {
    [OID.BYTEA]: (value) => new Uint8Array(bytea(value)),
    [OID.DATE]: asText,
    [OID.TIMESTAMP]: asText,
  }
  const getTypeParser = (oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && overrides[oid] ? overrides[oid] : defaults.getTypeParser(oid, format)
  return { getTypeParser } as CustomTypesConfig
}
