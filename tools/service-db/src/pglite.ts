import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite, Results } from '@electric-sql/pglite'
import type { Engine, QueryFn } from './engine.js'
import { StorageError } from './errors.js'
import { lockDataDir } from './folder-lock.js'
import { PGLITE_PARSERS } from './values.js'

/** PGlite's own folder inside the service's data folder, and the lock beside it. */
const PGLITE_FOLDER = 'pglite'
const LOCK_FILE = 'pglite.lock'

/**
 * A dump of a freshly created, empty cluster, taken by the first in-memory database of this process: later fresh
 * ones (in memory, or a new folder) load it instead of running initdb again, about 0.4 s instead of 1.3 s. It holds
 * about 40 MB while the process runs; a process that never opens an in-memory database never makes one.
 */
let emptyCluster: Promise<Blob> | undefined

function normalize(result: Results<Record<string, unknown>>) {
  // PGlite counts written rows in affectedRows (0 for SELECT): rowCount counts returned rows then, as pg does.
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
}

/** Opens PGlite in `dataDir` (created if missing, locked for this process) or in memory. */
export async function openPglite(dataDir: string | undefined): Promise<Engine> {
  const { PGlite } = await import('@electric-sql/pglite')
  let release = () => {}
  let folder: string | undefined
  if (dataDir !== undefined) {
    if (!dataDir.trim())
      throw new StorageError('dataDir is empty: give the service its own folder, or leave it out.')
    const root = resolve(dataDir)
    if (existsSync(join(root, 'PG_VERSION')))
      throw new StorageError(
        `${root} holds a PGlite database at its top level; this layer keeps it in ${join(root, PGLITE_FOLDER)}: move it there.`,
      )
    mkdirSync(root, { recursive: true })
    release = lockDataDir(join(root, LOCK_FILE), root)
    folder = join(root, PGLITE_FOLDER)
  }
  let db: PGlite
  try {
    const fresh = folder === undefined || !existsSync(join(folder, 'PG_VERSION'))
    const template = fresh && emptyCluster ? await emptyCluster.catch(() => undefined) : undefined
    db = await PGlite.create({
      ...(folder !== undefined ? { dataDir: folder } : {}),
      ...(template ? { loadDataDir: template } : {}),
      parsers: PGLITE_PARSERS,
    })
    if (folder === undefined && !template && !emptyCluster) {
      // Before any migration runs: the dump is of the empty cluster.
      emptyCluster = db.dumpDataDir('none')
      await emptyCluster.catch(() => {
        emptyCluster = undefined
      })
    }
  } catch (error) {
    release()
    throw error
  }

  const query: QueryFn = async (sql, params) => normalize(await db.query(sql, [...params]))
  return {
    kind: 'pglite',
    query,
    transaction: (fn) =>
      // PGlite queues every other query until the transaction ends, and rolls back when fn throws.
      db.transaction((tx) => fn(async (sql, params) => normalize(await tx.query(sql, [...params])))),
    // One session, not yet shared: nothing else can migrate meanwhile.
    migrating: (fn) =>
      fn({
        query: (sql, params = []) => db.query(sql, [...params]),
        exec: async (sql) => {
          await db.exec(sql)
        },
      }),
    async close() {
      try {
        await db.close()
      } finally {
        release()
      }
    },
  }
}
