import type { QueryResult as PgResult, Pool, PoolClient, QueryConfig } from 'pg'
import type { Engine, QueryFn } from './engine.js'
import { StorageError } from './errors.js'
import { postgresTypes } from './values.js'

/**
 * The advisory lock every process takes around migrating a database (session-level, on the connection that
 * migrates; PostgreSQL releases it if that connection dies). Any fixed 64-bit key would do: this is the ASCII of "latchkey".
 */
const MIGRATION_LOCK_KEY = '7809651199139603833'

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an unparsable URL)'
  }
}

/** One statement through the extended protocol: parameters never become SQL text, and a second statement is refused. */
function statement(sql: string, params: readonly unknown[]): QueryConfig {
  const config: QueryConfig & { queryMode: 'extended' } = {
    text: sql,
    values: [...params],
    queryMode: 'extended',
  }
  return config
}

function normalize(result: PgResult) {
  return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 }
}

/** Opens a pool against the PostgreSQL server at `url`, and checks it connects. */
export async function openPostgres(url: string, log?: (message: string) => void): Promise<Engine> {
  if (!/^postgres(?:ql)?:\/\//.test(url))
    throw new StorageError(
      `The database URL must start with postgres:// or postgresql://, got ${redactUrl(url)}.`,
    )
  const { default: pg } = await import('pg')
  const pool: Pool = new pg.Pool({ connectionString: url, types: postgresTypes(pg.types) })
  // An idle connection that breaks (a server restart) is dropped by the pool; without a listener it would crash.
  pool.on('error', (error) => log?.(`database connection lost: ${error.message}`))

  const connect = async (): Promise<PoolClient> => {
    try {
      return await pool.connect()
    } catch (error) {
      throw new StorageError(
        `Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`,
        {
          cause: error,
        },
      )
    }
  }
  try {
    ;(await connect()).release()
  } catch (error) {
    await pool.end()
    throw error
  }

  const query: QueryFn = async (sql, params) => normalize(await pool.query(statement(sql, params)))
  return {
    kind: 'postgres',
    query,
    async transaction(fn) {
      const client = await connect()
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        try {
          const value = await fn(async (sql, params) => normalize(await client.query(statement(sql, params))))
          await client.query('COMMIT')
          return value
        } catch (error) {
          await client.query('ROLLBACK').catch((rollback: Error) => {
            broken = rollback
          })
          throw error
        }
      } finally {
        // A connection whose ROLLBACK failed is not returned to the pool.
        client.release(broken)
      }
    },
    async migrating(fn) {
      const client = await connect()
      let broken: Error | undefined
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        try {
          return await fn({
            query: (sql, params = []) => client.query(statement(sql, params)),
            exec: async (sql) => {
              await client.query(sql)
            },
          })
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
            broken = error
          })
        }
      } finally {
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}
