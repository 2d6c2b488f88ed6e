// PGlite only: migrations read from a folder of files, and a data folder that is one process's.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { DataDirInUseError, type Migration, openDatabase } from '../src/index.js'

const CREATE_THINGS: Migration = {
  version: 1,
  name: 'create_things',
  sql: 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL UNIQUE);',
}

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

test('reads its migrations from a folder of NNNN_name.sql files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-db-files-'))
  folders.push(dir)
  writeFileSync(join(dir, '0001_create_things.sql'), CREATE_THINGS.sql)
  writeFileSync(
    join(dir, '0002_add_notes.sql'),
    "ALTER TABLE things ADD COLUMN note text;\nINSERT INTO things (name, note) VALUES ('seed', 'from 0002');",
  )
  const logged: string[] = []
  const db = await openDatabase({ migrations: dir, log: (line) => logged.push(line) })
  try {
    expect(logged.map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'applied migration 0001_create_things.sql',
      'applied migration 0002_add_notes.sql',
    ])
    expect((await db.query('SELECT name, note FROM things')).rows).toEqual([
      { name: 'seed', note: 'from 0002' },
    ])
  } finally {
    await db.close()
  }
})

describe("a PGlite folder is one process's", () => {
  test('a second open is refused while the first is open, by this process or another running one; a stale lock is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-db-lock-'))
    folders.push(dir)
    const dataDir = join(dir, 'data')
    const first = await openDatabase({ dataDir, migrations: [CREATE_THINGS] })
    const second = await openDatabase({ dataDir, migrations: [CREATE_THINGS] }).catch(
      (caught: unknown) => caught,
    )
    expect(second).toBeInstanceOf(DataDirInUseError)
    expect((second as Error).message).toBe(
      `The data folder ${dataDir} is already open in this process: open it once and share the Database.`,
    )
    // The refused open left the first one working, and its lock in place.
    await first.query('INSERT INTO things (name) VALUES ($1)', ['still here'])
    expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe(`${process.pid}\n`)
    await first.close()
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)

    // Another process holds it (as if it had the folder open).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    const exited = new Promise((done) => other.once('exit', done))
    try {
      writeFileSync(join(dataDir, 'pglite.lock'), `${other.pid}\n`)
      await expect(openDatabase({ dataDir, migrations: [CREATE_THINGS] })).rejects.toThrow(
        `The data folder ${dataDir} is open in process ${other.pid}: a PGlite folder is one process's.`,
      )
    } finally {
      other.kill()
      await exited
    }
    // That process is gone (a crash leaves its lock): the next open takes the folder over, data intact.
    const third = await openDatabase({ dataDir, migrations: [CREATE_THINGS] })
    expect((await third.query('SELECT name FROM things')).rows).toEqual([{ name: 'still here' }])
    await third.close()
    await expect(openDatabase({ dataDir: ' ', migrations: [] })).rejects.toThrow('dataDir is empty')
  })
})
