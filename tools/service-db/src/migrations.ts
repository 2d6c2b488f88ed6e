import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MigrationError } from './errors.js'
import type { Migration } from './types.js'

/** `0001_create_things.sql`: the version, then the name. */
const FILE_NAME = /^(\d+)_([A-Za-z0-9][\w-]*)\.sql$/

/** How errors and logs name a migration: its file, or `0001_create_things`. */
function migrationLabel(migration: Pick<Migration, 'version' | 'name' | 'file'>): string {
  return migration.file ?? `${String(migration.version).padStart(4, '0')}_${migration.name}`
}

/** The SHA-256 of a migration's SQL (line endings as `\n`, so a checkout with CRLF is not an edit). */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex')
}

/**
 * The migrations of a folder: every `NNNN_name.sql` file, sorted and checked as {@link sortMigrations} does. Other
 * files (a README) are left alone; a `.sql` file named otherwise is an error, never silently skipped.
 * @throws MigrationError naming the folder or the file.
 */
export async function loadMigrations(dir: string): Promise<Migration[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    throw new MigrationError(
      `Cannot read the migrations folder ${dir}: ${(error as Error).message}`,
      undefined,
      {
        cause: error,
      },
    )
  }
  const migrations: Migration[] = []
  for (const file of names.filter((name) => name.endsWith('.sql'))) {
    const match = FILE_NAME.exec(file)
    if (!match) {
      throw new MigrationError(
        `${join(dir, file)} is not named as a migration: NNNN_name.sql (0001_create_things.sql).`,
        file,
      )
    }
    const sql = await readFile(join(dir, file), 'utf8')
    migrations.push({ version: Number(match[1]), name: match[2] ?? '', sql, file })
  }
  return sortMigrations(migrations)
}

/**
 * The migrations in version order, checked: versions are whole numbers from 1 with no gap and no duplicate, and
 * each has a name and some SQL.
 * @throws MigrationError naming the migrations at fault.
 */
export function sortMigrations(migrations: readonly Migration[]): Migration[] {
  for (const migration of migrations) {
    if (!Number.isSafeInteger(migration.version) || migration.version < 1)
      throw new MigrationError(
        `Migration ${migrationLabel(migration)} has version ${migration.version}: versions are 1, 2, 3…`,
        migrationLabel(migration),
      )
    if (!migration.name || !migration.sql.trim())
      throw new MigrationError(
        `Migration ${migrationLabel(migration)} has no name or no SQL.`,
        migrationLabel(migration),
      )
  }
  const sorted = [...migrations].sort((a, b) => a.version - b.version)
  sorted.forEach((migration, index) => {
    const previous = sorted[index - 1]
    if (previous && previous.version === migration.version) {
      throw new MigrationError(
        `Migrations ${migrationLabel(previous)} and ${migrationLabel(migration)} have the same version ${migration.version}.`,
        migrationLabel(migration),
      )
    }
    const expected = index + 1
    if (migration.version !== expected) {
      const after = previous ? `after ${migrationLabel(previous)}` : 'first'
      throw new MigrationError(
        `Migration ${migrationLabel(migration)} comes ${after}: version ${expected} is missing (versions run 1, 2, 3… with no gap).`,
        migrationLabel(migration),
      )
    }
  })
  return sorted
}

/** One connection that runs the migrations: nobody else uses it meanwhile. */
export interface MigrationSession {
  query(sql: string, params?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  /** Runs a script of several statements (simple protocol, no parameters). */
  exec(sql: string): Promise<void>
}

interface AppliedRow {
  version: number
  name: string
  checksum: string
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`

/**
 * Brings the database to the last migration: checks every applied one against its SQL, then applies each pending
 * one in a transaction of its own, recording it in `schema_migrations` in that same transaction. The caller makes
 * sure no other session migrates meanwhile (an advisory lock on PostgreSQL; PGlite has one session).
 * @returns the migrations applied now.
 * @throws MigrationError when an applied migration was edited or is unknown here, or when one fails (rolled back).
 */
export async function applyMigrations(
  session: MigrationSession,
  migrations: readonly Migration[],
  log?: (message: string) => void,
): Promise<Migration[]> {
  await session.exec(CREATE_TABLE)
  const { rows } = await session.query(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  )
  const applied = new Map((rows as unknown as AppliedRow[]).map((row) => [row.version, row]))
  for (const row of applied.values()) {
    const migration = migrations.find((each) => each.version === row.version)
    const recorded = migrationLabel({ version: row.version, name: row.name })
    if (!migration) {
      throw new MigrationError(
        `The database has migration ${recorded} applied, which is not among this code's migrations (was it written by a newer version?).`,
        recorded,
      )
    }
    const label = migrationLabel(migration)
    if (migration.name !== row.name) {
      throw new MigrationError(
        `Migration ${label} was applied under another name, ${recorded}: never rename or replace an applied migration, add a new one.`,
        label,
      )
    }
    if (migrationChecksum(migration.sql) !== row.checksum) {
      throw new MigrationError(
        `Migration ${label} has been edited since it was applied (its SQL no longer matches the checksum in schema_migrations): never edit an applied migration, add a new one.`,
        label,
      )
    }
  }
  const pending = migrations.filter((migration) => !applied.has(migration.version))
  for (const migration of pending) {
    const started = Date.now()
    await session.exec('BEGIN')
    try {
      await session.exec(migration.sql)
      await session.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migrationChecksum(migration.sql),
      ])
      await session.exec('COMMIT')
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => undefined)
      throw new MigrationError(
        `Migration ${migrationLabel(migration)} failed and was rolled back: ${(error as Error).message}`,
        migrationLabel(migration),
        { cause: error },
      )
    }
    log?.(`applied migration ${migrationLabel(migration)} (${Date.now() - started} ms)`)
  }
  return pending
}
