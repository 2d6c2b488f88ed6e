// The stand-in's own database: PGlite in memory or in a folder of its own (the embedded default), or a PostgreSQL
// server by URL; the migrations of ../migrations are applied when it opens.
import { fileURLToPath } from 'node:url'
import { type Database, openDatabase } from '@latchkey/service-db'
import { SERVICES_DATA_DIR_ENV, SERVICES_DATABASE_URL_ENV } from './defaults.js'

/** Where the stand-in keeps its data. Neither field: PGlite in memory, gone on stop. */
export interface ServicesDatabaseOptions {
  /** `postgres://user:password@host:port/database` of a PostgreSQL server (the service's own database). */
  url?: string | undefined
  /** PGlite's folder, kept across restarts (created if missing; one process at a time). Not used with `url`. */
  dataDir?: string | undefined
}

/** The migrations folder, beside src/ and dist/ alike. */
const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url))

/**
 * The database options in force: `option` when given (`{}`: in memory), else LATCHKEY_SERVICES_DATABASE_URL, else
 * LATCHKEY_SERVICES_DATA_DIR, else in memory.
 */
export function resolveDatabaseOptions(
  option: ServicesDatabaseOptions | undefined,
  env: Record<string, string | undefined>,
): ServicesDatabaseOptions {
  if (option) return option
  const url = env[SERVICES_DATABASE_URL_ENV]?.trim()
  if (url) return { url }
  const dataDir = env[SERVICES_DATA_DIR_ENV]?.trim()
  return dataDir ? { dataDir } : {}
}

/** Opens the database and applies the pending migrations. @throws what openDatabase throws (StorageError …). */
export function openServicesDatabase(
  options: ServicesDatabaseOptions,
  log?: (line: string) => void,
): Promise<Database> {
  return openDatabase({
    ...(options.url ? { url: options.url } : options.dataDir ? { dataDir: options.dataDir } : {}),
    migrations: MIGRATIONS,
    ...(log ? { log } : {}),
  })
}
