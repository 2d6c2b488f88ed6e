import { execFile, execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { LOCALHOST } from '@latchkey/local-ports'
import { findServerBinaries, INSTALL_HINT, postgresUser } from './binaries.js'

const run = promisify(execFile)

/** A throwaway PostgreSQL server of a test. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/latchkey`: a database made for the test, superuser, no password. */
  url: string
  /** Another empty database on the same server, for a test that needs a fresh one (about 0.1 s). */
  createDatabase(): Promise<string>
  /** Stops the server (`pg_ctl stop -m fast`) and removes its folder; the same promise on each call. */
  stop(): Promise<void>
}

/** An ephemeral port of 127.0.0.1 that was free a moment ago (the server binds it next; see the retries). */
async function pickPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, LOCALHOST, done)
  })
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (address === null || typeof address === 'string') throw new Error('no port was assigned')
  return address.port
}

/** The last lines of the server log, for an error message. */
function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-8).join('\n')
  } catch {
    return '(no log)'
  }
}

/**
 * Starts a throwaway PostgreSQL server: `initdb` into a fresh temp folder, the server on a free port of 127.0.0.1
 * only (its unix socket in that folder, fsync off, small buffers), an empty database made. As root, the folder
 * belongs to the `postgres` user and the binaries run through `runuser -u postgres --` (the server refuses root).
 * If the test process exits without `stop()`, the server is stopped on the way out.
 * @throws Error saying to install Debian's postgresql when no server binaries are found: a test must not skip.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findServerBinaries()
  if (!bin) throw new Error(INSTALL_HINT)
  const asRoot = process.getuid?.() === 0
  const folder = mkdtempSync(join(tmpdir(), 'latchkey-pg-'))
  const data = join(folder, 'data')
  const log = join(folder, 'server.log')
  const command = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args]
  const pgCtl = (args: string[]) => run(...command('pg_ctl', args), { cwd: folder })
  const stopNow = () => {
    try {
      execFileSync(...command('pg_ctl', ['stop', '-D', data, '-m', 'immediate']), {
        cwd: folder,
        stdio: 'ignore',
      })
    } catch {
      // Not running.
    }
    rmSync(folder, { recursive: true, force: true })
  }
  process.once('exit', stopNow)

  try {
    if (asRoot) {
      const { uid, gid } = postgresUser()
      chownSync(folder, uid, gid)
    }
    await run(
      ...command('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ]),
      {
        cwd: folder,
      },
    )
    let port = 0
    for (let attempt = 1; ; attempt++) {
      port = await pickPort()
      const settings = [
        `listen_addresses=${LOCALHOST}`,
        `port=${port}`,
        `unix_socket_directories=${folder}`,
        'fsync=off',
        'synchronous_commit=off',
        'full_page_writes=off',
        'shared_buffers=16MB',
        'max_connections=50',
      ]
      try {
        await pgCtl([
          'start',
          '-D',
          data,
          '-l',
          log,
          '-w',
          '-t',
          '30',
          '-o',
          settings.map((s) => `-c ${s}`).join(' '),
        ])
        break
      } catch (error) {
        // Another process may have taken the port between pickPort and the server's bind: try another.
        if (attempt >= 3) throw new Error(`PostgreSQL did not start:\n${tail(log)}`, { cause: error })
      }
    }
    const { default: pg } = await import('pg')
    const base = `postgres://postgres@${LOCALHOST}:${port}`
    let made = 0
    const createDatabase = async (): Promise<string> => {
      const name = made === 0 ? 'latchkey' : `latchkey_${made}`
      made++
      const client = new pg.Client({ connectionString: `${base}/postgres` })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `${base}/${name}`
    }
    const url = await createDatabase()
    let stopped: Promise<void> | undefined
    return {
      url,
      createDatabase,
      stop() {
        stopped ??= (async () => {
          process.removeListener('exit', stopNow)
          try {
            await pgCtl(['stop', '-D', data, '-m', 'fast', '-w'])
          } finally {
            rmSync(folder, { recursive: true, force: true })
          }
        })()
        return stopped
      },
    }
  } catch (error) {
    process.removeListener('exit', stopNow)
    stopNow()
    throw error
  }
}
