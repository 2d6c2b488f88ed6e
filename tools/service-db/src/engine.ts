import type { MigrationSession } from './migrations.js'
import type { DatabaseKind, QueryResult } from './types.js'

/** Runs one statement with its parameters. */
export type QueryFn = (
  sql: string,
  params: readonly unknown[],
) => Promise<QueryResult<Record<string, unknown>>>

/** What each engine provides; `Database` (database.ts) adds the checks common to both. */
export interface Engine {
  readonly kind: DatabaseKind
  query: QueryFn
  /** Runs `fn` in BEGIN … COMMIT, or ROLLBACK when it throws; `fn` queries through the function it is given. */
  transaction<T>(fn: (query: QueryFn) => Promise<T>): Promise<T>
  /** Runs `fn` on one session that no other process migrates through meanwhile. */
  migrating<T>(fn: (session: MigrationSession) => Promise<T>): Promise<T>
  close(): Promise<void>
}
