import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { loadMigrations, MigrationError, migrationChecksum } from '../src/index.js'
import { sortMigrations } from '../src/migrations.js'

const folders: string[] = []
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'service-db-migrations-'))
  folders.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('loading migrations from a folder', () => {
  test('reads NNNN_name.sql files in version order, with their file names, and leaves other files alone', async () => {
    const dir = folderWith({
      '0002_add_notes.sql': 'ALTER TABLE things ADD COLUMN note text;',
      '0001_create_things.sql': 'CREATE TABLE things (id int);',
      '0010_later.sql.bak': 'not a migration',
      'README.md': '# notes',
    })
    const migrations = await loadMigrations(dir)
    expect(migrations).toEqual([
      {
        version: 1,
        name: 'create_things',
        sql: 'CREATE TABLE things (id int);',
        file: '0001_create_things.sql',
      },
      {
        version: 2,
        name: 'add_notes',
        sql: 'ALTER TABLE things ADD COLUMN note text;',
        file: '0002_add_notes.sql',
      },
    ])
  })

  test('a gap is an error naming the file after it and the missing version', async () => {
    const dir = folderWith({ '0001_a.sql': 'SELECT 1;', '0003_c.sql': 'SELECT 3;' })
    const error = await loadMigrations(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as Error).message).toBe(
      'Migration 0003_c.sql comes after 0001_a.sql: version 2 is missing (versions run 1, 2, 3… with no gap).',
    )
  })

  test('a duplicate version is an error naming both files', async () => {
    const dir = folderWith({
      '0001_a.sql': 'SELECT 1;',
      '0001_b.sql': 'SELECT 2;',
      '0002_c.sql': 'SELECT 3;',
    })
    await expect(loadMigrations(dir)).rejects.toThrow(
      'Migrations 0001_a.sql and 0001_b.sql have the same version 1.',
    )
  })

  test('versions start at 1', () => {
    expect(() => sortMigrations([{ version: 2, name: 'b', sql: 'SELECT 1' }])).toThrow(
      'Migration 0002_b comes first: version 1 is missing',
    )
  })

  test('a .sql file named otherwise, a missing folder and an empty migration are errors, never skipped', async () => {
    await expect(loadMigrations(folderWith({ 'create_things.sql': 'SELECT 1;' }))).rejects.toThrow(
      /create_things\.sql is not named as a migration: NNNN_name\.sql/,
    )
    await expect(loadMigrations('/nonexistent/migrations')).rejects.toThrow(
      'Cannot read the migrations folder /nonexistent/migrations',
    )
    await expect(loadMigrations(folderWith({ '0001_empty.sql': '  \n' }))).rejects.toThrow(
      'Migration 0001_empty.sql has no name or no SQL.',
    )
  })

  test('the checksum follows the SQL, not its line endings', () => {
    expect(migrationChecksum('SELECT 1;\r\nSELECT 2;\r\n')).toBe(migrationChecksum('SELECT 1;\nSELECT 2;\n'))
    expect(migrationChecksum('SELECT 1;')).not.toBe(migrationChecksum('SELECT 2;'))
    expect(migrationChecksum('SELECT 1;')).toMatch(/^[0-9a-f]{64}$/)
  })
})
