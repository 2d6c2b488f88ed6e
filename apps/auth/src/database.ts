// The service's own database: PGlite in memory or in a folder (the embedded default), or a PostgreSQL server by
// URL; the migrations of ../migrations are applied when it opens.
import { fileURLToPath } from 'node:url'
import { type Database, openDatabase } from '@latchkey/service-db'
import { AUTH_DATA_DIR_ENV, AUTH_DATABASE_URL_ENV } from './defaults.js'

/** Where the service keeps its data. Neither field: PGlite in memory, gone on stop (dev and test modes only). */
export interface AuthDatabaseOptions {
  /** `postgres://user:password@host:port/database` of a PostgreSQL server (the service's own database). */
  url?: string | undefined
  /** PGlite's folder, kept across restarts (created if missing; one process at a time). Not used with `url`. */
  dataDir?: string | undefined
}

/** The migrations folder, beside src/ and dist/ alike. */
const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url))

/** `option` when given, else LATCHKEY_AUTH_DATABASE_URL, else LATCHKEY_AUTH_DATA_DIR, else in memory (`{}`). */
export function resolveDatabaseOptions(
  option: AuthDatabaseOptions | undefined,
  env: Record<string, string | undefined>,
): AuthDatabaseOptions {
  if (option) return option
  const url = env[AUTH_DATABASE_URL_ENV]?.trim()
  if (url) return { url }
  const dataDir = env[AUTH_DATA_DIR_ENV]?.trim()
  return dataDir ? { dataDir } : {}
}

/** Opens the database and applies the pending migrations. @throws what openDatabase throws (StorageError …). */
export function openAuthDatabase(options: AuthDatabaseOptions): Promise<Database> {
  return openDatabase({
    ...(options.url ? { url: options.url } : options.dataDir ? { dataDir: options.dataDir } : {}),
    migrations: MIGRATIONS,
  })
}
