import { AsyncLocalStorage } from 'node:async_hooks'
import type { Engine, QueryFn } from './engine.js'
import { StorageError } from './errors.js'
import type { Database, Queryable, QueryResult, SqlParam } from './types.js'

/** The transaction whose callback is running, and whether it is still open. */
const current = new AsyncLocalStorage<{ engine: Engine; open: boolean }>()

function queryable(run: QueryFn, check: () => void): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      check()
      return (await run(sql, params)) as QueryResult<Row>
    },
  }
}

/** The {@link Database} over an engine: the same checks and shapes on both. */
export function wrapEngine(engine: Engine): Database {
  let closed: Promise<void> | undefined
  const usable = () => {
    if (closed) throw new StorageError('The database is closed.')
    const inside = current.getStore()
    if (inside?.open && inside.engine === engine)
      throw new StorageError(
        "This database was used inside one of its own transactions: query through the transaction's `tx.query` there.",
      )
  }
  return {
    kind: engine.kind,
    ...queryable(engine.query, usable),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      usable()
      return engine.transaction(async (run) => {
        const state = { engine, open: true }
        const tx = queryable(run, () => {
          if (!state.open)
            throw new StorageError('This transaction has ended: its `tx` cannot query any more.')
        })
        try {
          return await current.run(state, () => fn(tx))
        } finally {
          state.open = false
        }
      })
    },
    close() {
      closed ??= engine.close()
      return closed
    },
  }
}
