/** Which engine a {@link Database} runs on. */
export type DatabaseKind = 'pglite' | 'postgres'

/**
 * A value bound to a `$n` parameter. Strings, numbers, bigints, booleans and null as they are; a `Date` for
 * timestamptz; a `Uint8Array` (or Buffer) for bytea; a plain object for json/jsonb. A JSON *array* for a jsonb
 * parameter goes as `JSON.stringify(array)`: node-postgres sends a JS array as a Postgres array (`int[]`, `text[]`,
 * for `= ANY($1)`), PGlite follows the parameter's type, so only the string means the same on both.
 */
export type SqlParam =
  | string
  | number
  | bigint
  | boolean
  | Date
  | Uint8Array
  | { readonly [key: string]: unknown }
  | readonly (string | number | bigint | boolean | null)[]
  | null

/** What a query returns. */
export interface QueryResult<Row> {
  rows: Row[]
  /** Rows returned by a SELECT (or RETURNING), or rows written by INSERT/UPDATE/DELETE; 0 for DDL. */
  rowCount: number
}

/** Runs one statement with `$1`, `$2`… parameters: a {@link Database}, or the transaction its callback receives. */
export interface Queryable {
  /**
   * Runs one SQL statement (several in one string are refused on both engines) with `params` bound to `$1`,
   * `$2`…: values never become SQL text. Rows come back typed as the README's table says, the same on both engines.
   */
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[],
  ): Promise<QueryResult<Row>>
}

/** A database opened by `openDatabase`, its migrations applied. */
export interface Database extends Queryable {
  readonly kind: DatabaseKind
  /**
   * Runs `fn` in a transaction: committed when `fn` resolves, rolled back when it throws (the error is rethrown),
   * so nothing is half-written. Inside, query through `tx` only: this Database's own `query` or `transaction`
   * called from within the callback throws, as PGlite would otherwise wait for the transaction forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Closes the pool or the PGlite instance (and releases its data folder). Later calls do nothing. */
  close(): Promise<void>
}

/** One schema change: `sql` runs once, in a transaction of its own, when the database is at `version - 1`. */
export interface Migration {
  /** 1, 2, 3…: no gap, no duplicate. */
  version: number
  /** `create_things`: what the file name says after the number. */
  name: string
  sql: string
  /** The file it came from, named in errors (set by `loadMigrations`). */
  file?: string
}

/** How to open a {@link Database}. */
export interface OpenDatabaseOptions {
  /**
   * `postgres://user:password@host:port/database` of a PostgreSQL server (production): one database per service.
   * Without it, PGlite runs in this process.
   */
  url?: string
  /**
   * PGlite's folder, the service's own, created if missing (its files go to `<dataDir>/pglite`, its lock to
   * `<dataDir>/pglite.lock`). Without it (and without `url`) the database lives in memory and is gone on close.
   * Not used when `url` is given.
   */
  dataDir?: string
  /** The migrations, or a folder of `NNNN_name.sql` files: all applied before `openDatabase` resolves. */
  migrations: readonly Migration[] | string
  /** Where to say which migrations were applied (and pool errors of a server); silent by default. */
  log?: (message: string) => void
}
