import { wrapEngine } from './database.js'
import type { Engine } from './engine.js'
import { applyMigrations, loadMigrations, sortMigrations } from './migrations.js'
import type { Database, OpenDatabaseOptions } from './types.js'

/**
 * Opens the service's database and brings it to its last migration before resolving. With `url`, a pool against
 * that PostgreSQL server; otherwise PGlite in this process, in `dataDir` (kept across restarts) or in memory. Two
 * processes opening one PostgreSQL database at once apply each migration once (an advisory lock around
 * migrating); a PGlite folder already open elsewhere is refused with `DataDirInUseError`.
 * @throws MigrationError for a bad migration list, an edited applied migration or a failing one (rolled back);
 *   StorageError when the server cannot be reached. Nothing stays open when it throws.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrations =
    typeof options.migrations === 'string'
      ? await loadMigrations(options.migrations)
      : sortMigrations(options.migrations)
  let engine: Engine
  if (options.url !== undefined) {
    const { openPostgres } = await import('./postgres.js')
    engine = await openPostgres(options.url, options.log)
  } else {
    const { openPglite } = await import('./pglite.js')
    engine = await openPglite(options.dataDir)
  }
  try {
    await engine.migrating((session) => applyMigrations(session, migrations, options.log))
  } catch (error) {
    await engine.close().catch(() => undefined)
    throw error
  }
  return wrapEngine(engine)
}
