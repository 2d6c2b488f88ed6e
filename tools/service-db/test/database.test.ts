// One suite, run on PGlite in memory, PGlite in a folder, and a throwaway PostgreSQL server (started once for the
// file): the same migrations, queries and values must behave the same on each.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  type Database,
  type Migration,
  MigrationError,
  type OpenDatabaseOptions,
  openDatabase,
  StorageError,
} from '../src/index.js'
import { type PostgresCluster, startPostgresCluster } from '../src/testing/index.js'

const CREATE_THINGS: Migration = {
  version: 1,
  name: 'create_things',
  sql: 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL UNIQUE);',
}
const ADD_NOTES: Migration = {
  version: 2,
  name: 'add_notes',
  sql: "ALTER TABLE things ADD COLUMN note text;\nINSERT INTO things (name, note) VALUES ('seed', 'from 0002');",
}
const ADD_VALUES: Migration = {
  version: 3,
  name: 'add_values',
  sql: `CREATE TABLE samples (
    id int PRIMARY KEY, label text, small integer, big bigint, amount numeric, flag boolean,
    doc jsonb, at timestamptz, day date, raw bytea
  );`,
}

const ADD_NOTES_ON_RUNS: Migration = {
  version: 2,
  name: 'note_runs',
  sql: "ALTER TABLE runs ADD COLUMN note text;\nUPDATE runs SET note = coalesce(note, '') || 'once';",
}

let cluster: PostgresCluster
beforeAll(async () => {
  cluster = await startPostgresCluster()
})
afterAll(() => cluster?.stop())

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** Where a test's database lives: each call of `fresh` gives a new, empty one; `persistent` ones can be reopened. */
interface Target {
  name: string
  persistent: boolean
  fresh(): Promise<Omit<OpenDatabaseOptions, 'migrations'>>
}
const targets: Target[] = [
  { name: 'pglite in memory', persistent: false, fresh: async () => ({}) },
  {
    name: 'pglite in a folder',
    persistent: true,
    fresh: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'service-db-'))
      folders.push(dir)
      return { dataDir: join(dir, 'data') }
    },
  },
  { name: 'postgres', persistent: true, fresh: async () => ({ url: await cluster.createDatabase() }) },
]

describe.each(targets)('on $name', (target) => {
  const open: Database[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()))
  })
  /** Opens `place` with `migrations`; the lines it logs go to `logged`. */
  async function openAt(
    place: Omit<OpenDatabaseOptions, 'migrations'>,
    migrations: Migration[],
    logged: string[] = [],
  ): Promise<Database> {
    const db = await openDatabase({ ...place, migrations, log: (line) => logged.push(line) })
    open.push(db)
    return db
  }
  const versions = async (db: Database) =>
    (
      await db.query<{ version: number; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      )
    ).rows

  test('applies the migrations before it resolves; reopened, it applies none again and the data is still there', async () => {
    const place = await target.fresh()
    const logged: string[] = []
    const db = await openAt(place, [CREATE_THINGS, ADD_NOTES], logged)
    expect(db.kind).toBe(target.name === 'postgres' ? 'postgres' : 'pglite')
    expect(logged.map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'applied migration 0001_create_things',
      'applied migration 0002_add_notes',
    ])
    expect(await versions(db)).toEqual([
      { version: 1, name: 'create_things' },
      { version: 2, name: 'add_notes' },
    ])
    await db.query('INSERT INTO things (name) VALUES ($1)', ['kept'])
    if (!target.persistent) return
    await db.close()

    const again: string[] = []
    const reopened = await openAt(place, [CREATE_THINGS, ADD_NOTES], again)
    expect(again).toEqual([])
    expect((await reopened.query('SELECT name FROM things ORDER BY id')).rows).toEqual([
      { name: 'seed' },
      { name: 'kept' },
    ])
    await reopened.close()

    const third: string[] = []
    const migrated = await openAt(place, [CREATE_THINGS, ADD_NOTES, ADD_VALUES], third)
    expect(third).toHaveLength(1)
    expect(third[0]).toMatch(/^applied migration 0003_add_values/)
    expect((await versions(migrated)).map((row) => row.version)).toEqual([1, 2, 3])
  })

  // A database in memory is gone on close: there is nothing to reopen.
  if (target.persistent) {
    test('refuses an applied migration whose SQL was edited, or one this code does not know', async () => {
      const place = await target.fresh()
      await (await openAt(place, [CREATE_THINGS, ADD_NOTES])).close()
      const edited = { ...ADD_NOTES, sql: `${ADD_NOTES.sql}\n-- tidied` }
      const error = await openAt(place, [CREATE_THINGS, edited]).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as MigrationError).migration).toBe('0002_add_notes')
      expect((error as Error).message).toMatch(
        /^Migration 0002_add_notes has been edited since it was applied \(its SQL no longer matches the checksum/,
      )
      const renamed = { ...ADD_NOTES, name: 'add_remarks' }
      await expect(openAt(place, [CREATE_THINGS, renamed])).rejects.toThrow(
        'Migration 0002_add_remarks was applied under another name, 0002_add_notes',
      )
      await expect(openAt(place, [CREATE_THINGS])).rejects.toThrow(
        'The database has migration 0002_add_notes applied, which is not among this code',
      )
      // None of the refusals changed anything: the real list still opens, with nothing to apply.
      const logged: string[] = []
      await openAt(place, [CREATE_THINGS, ADD_NOTES], logged)
      expect(logged).toEqual([])
    })
  }

  test('a gap is refused before anything opens', async () => {
    const place = await target.fresh()
    await expect(openAt(place, [CREATE_THINGS, ADD_VALUES])).rejects.toThrow(
      'Migration 0003_add_values comes after 0001_create_things: version 2 is missing',
    )
    if (place.dataDir) expect(existsSync(place.dataDir)).toBe(false)
    if (place.url) {
      const db = await openAt(place, [])
      expect((await db.query("SELECT to_regclass('things') AS t")).rows).toEqual([{ t: null }])
    }
  })

  test('a failing migration is rolled back, named in the error, and what ran before it stays', async () => {
    const place = await target.fresh()
    const failing: Migration = {
      version: 2,
      name: 'half_done',
      sql: 'CREATE TABLE extra (x int);\nINSERT INTO extra VALUES (1);\nINSERT INTO missing_table VALUES (1);',
    }
    const error = await openAt(place, [CREATE_THINGS, failing]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as Error).message).toMatch(
      /^Migration 0002_half_done failed and was rolled back: relation "missing_table" does not exist/,
    )
    expect((error as MigrationError).migration).toBe('0002_half_done')
    if (!target.persistent) return
    const db = await openAt(place, [CREATE_THINGS])
    expect(await versions(db)).toEqual([{ version: 1, name: 'create_things' }])
    expect((await db.query("SELECT to_regclass('extra') AS t, to_regclass('things') AS u")).rows).toEqual([
      { t: null, u: 'things' },
    ])
  })

  test('a transaction commits when its function resolves and writes nothing when it throws', async () => {
    const db = await openAt(await target.fresh(), [CREATE_THINGS])
    const id = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('INSERT INTO things (name) VALUES ($1) RETURNING id', [
        'a',
      ])
      await tx.query('INSERT INTO things (name) VALUES ($1)', ['b'])
      return rows[0]?.id
    })
    expect(id).toBe(1)
    const boom = new Error('boom')
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (name) VALUES ($1)', ['c'])
        await tx.query('UPDATE things SET name = $1 WHERE name = $2', ['a2', 'a'])
        throw boom
      }),
    ).rejects.toBe(boom)
    // A failing statement inside aborts it the same way.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (name) VALUES ($1)', ['d'])
        await tx.query('INSERT INTO things (name) VALUES ($1)', ['b'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await db.query('SELECT name FROM things ORDER BY id')).rows).toEqual([
      { name: 'a' },
      { name: 'b' },
    ])
  })

  test("inside a transaction the database's own query throws (no deadlock), and an ended tx cannot query", async () => {
    const db = await openAt(await target.fresh(), [CREATE_THINGS])
    let leaked: { query: Database['query'] } | undefined
    await expect(
      db.transaction(async (tx) => {
        leaked = tx
        await tx.query('INSERT INTO things (name) VALUES ($1)', ['inside'])
        await db.query('SELECT 1')
      }),
    ).rejects.toThrow(StorageError)
    await expect(leaked?.query('SELECT 1')).rejects.toThrow('This transaction has ended')
    expect((await db.query('SELECT count(*) AS n FROM things')).rows).toEqual([{ n: '0' }])
  })

  test('values round-trip with the same types on every engine', async () => {
    const db = await openAt(await target.fresh(), [CREATE_THINGS, ADD_NOTES, ADD_VALUES])
    const at = new Date('2024-02-29T12:34:56.789Z')
    const doc = { name: 'Zoë', tags: ['a', 'b'], nested: { n: 1.5, ok: true, none: null } }
    await db.query('INSERT INTO samples VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
      1,
      'text ✓',
      -2147483648,
      '9223372036854775807',
      '12345678901234567890.123456789',
      true,
      doc,
      at,
      '2024-02-29',
      new Uint8Array([0, 1, 254, 255]),
    ])
    await db.query('INSERT INTO samples (id, big, flag, doc) VALUES ($1, $2, $3, $4)', [
      2,
      9007199254740993n,
      false,
      JSON.stringify([1, 'two']),
    ])
    const { rows, rowCount } = await db.query('SELECT * FROM samples ORDER BY id')
    expect(rowCount).toBe(2)
    expect(rows).toStrictEqual([
      {
        id: 1,
        label: 'text ✓',
        small: -2147483648,
        big: '9223372036854775807',
        amount: '12345678901234567890.123456789',
        flag: true,
        doc,
        at,
        day: '2024-02-29',
        raw: new Uint8Array([0, 1, 254, 255]),
      },
      {
        id: 2,
        label: null,
        small: null,
        big: '9007199254740993',
        amount: null,
        flag: false,
        doc: [1, 'two'],
        at: null,
        day: null,
        raw: null,
      },
    ])
    // A plain Uint8Array on both (node-postgres would give a Buffer), and a count is a bigint: a string.
    expect(Object.getPrototypeOf(rows[0]?.raw)).toBe(Uint8Array.prototype)
    expect((await db.query('SELECT count(*) AS n FROM samples')).rows).toStrictEqual([{ n: '2' }])
  })

  test('parameters are values, never SQL; one statement per query; SQLSTATE in code', async () => {
    const db = await openAt(await target.fresh(), [CREATE_THINGS])
    const hostile = ["Robert'); DROP TABLE things;--", "' OR '1'='1", 'back\\slash $1 "quoted"']
    for (const name of hostile) await db.query('INSERT INTO things (name) VALUES ($1)', [name])
    expect((await db.query('SELECT name FROM things ORDER BY id')).rows.map((row) => row.name)).toEqual(
      hostile,
    )
    expect((await db.query('SELECT id FROM things WHERE name = $1', ["' OR '1'='1"])).rowCount).toBe(1)
    await expect(db.query('SELECT 1; DROP TABLE things')).rejects.toThrow(/cannot insert multiple commands/)
    await expect(db.query('INSERT INTO things (name) VALUES ($1)', [hostile[0] ?? ''])).rejects.toMatchObject(
      {
        code: '23505',
      },
    )
    const updated = await db.query('UPDATE things SET name = name || $1', ['!'])
    expect(updated.rowCount).toBe(3)
  })
})

describe('postgres only', () => {
  test('two processes opening one database at once apply each migration once', async () => {
    const url = await cluster.createDatabase()
    const counted: Migration = {
      version: 1,
      name: 'count_runs',
      // Not idempotent, and slow enough that an unguarded second process would run it too.
      sql: 'CREATE TABLE runs (n int);\nINSERT INTO runs VALUES (1);\nSELECT pg_sleep(0.3);',
    }
    const logs: string[][] = [[], [], []]
    const dbs = await Promise.all(
      logs.map((log) =>
        openDatabase({ url, migrations: [counted, ADD_NOTES_ON_RUNS], log: (line) => log.push(line) }),
      ),
    )
    try {
      expect(logs.flat().filter((line) => line.startsWith('applied migration 0001_count_runs'))).toHaveLength(
        1,
      )
      expect(logs.flat().filter((line) => line.startsWith('applied migration 0002_note_runs'))).toHaveLength(
        1,
      )
      expect((await dbs[2]?.query('SELECT n, note FROM runs'))?.rows).toEqual([{ n: 1, note: 'once' }])
    } finally {
      await Promise.all(dbs.map((db) => db.close()))
    }
  })

  test('the throwaway server listens on 127.0.0.1 only, without fsync; an unreachable URL is a clear error', async () => {
    const db = await openDatabase({ url: cluster.url, migrations: [] })
    try {
      expect((await db.query('SHOW listen_addresses')).rows).toEqual([{ listen_addresses: '127.0.0.1' }])
      expect((await db.query('SHOW fsync')).rows).toEqual([{ fsync: 'off' }])
    } finally {
      await db.close()
    }
    const closedPort = new URL(cluster.url)
    closedPort.port = '1'
    closedPort.password = 'secret'
    const error = await openDatabase({ url: closedPort.toString(), migrations: [] }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toMatch(
      /^Cannot connect to PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//,
    )
  })
})
