import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Where Debian installs each major version's server binaries. */
const DEBIAN_ROOT = '/usr/lib/postgresql'

/** What to do when no server is installed: the message of the error. */
export const INSTALL_HINT =
  "No PostgreSQL server binaries found (looked for initdb in /usr/lib/postgresql/*/bin and in `pg_config --bindir`). Install Debian's postgresql: apt-get install -y --no-install-recommends postgresql (.ci/run does it when missing)."

/**
 * The folder of the PostgreSQL server binaries (initdb, pg_ctl, postgres): Debian's highest version under
 * /usr/lib/postgresql, else `pg_config --bindir`; undefined when there is none.
 */
export function findServerBinaries(): string | undefined {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter(
          (name) => /^\d+(?:\.\d+)?$/.test(name) && existsSync(join(DEBIAN_ROOT, name, 'bin', 'initdb')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions[0]) return join(DEBIAN_ROOT, versions[0], 'bin')
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    return existsSync(join(dir, 'initdb')) ? dir : undefined
  } catch {
    return undefined
  }
}

/** The uid and gid of the `postgres` user, which runs the server when this process is root. */
export function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
    return { uid: id('-u'), gid: id('-g') }
  } catch (error) {
    throw new Error(
      "The PostgreSQL server refuses to run as root, and there is no `postgres` user to run it as (Debian's postgresql package creates it).",
      { cause: error },
    )
  }
}
