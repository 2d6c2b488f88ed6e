import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { DataDirInUseError } from './errors.js'

/** Whether a process with this id runs (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The process id a lock file names, or undefined when it names none (or is gone). */
function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Takes the lock file of a PGlite folder, holding this process's id: written beside it, then hard-linked into
 * place, which fails when the lock exists (so the lock never exists without its id). PGlite itself lets a second
 * instance open a folder already open (its postmaster.pid holds a made-up pid) and both would then write it; this
 * lock refuses the second one instead. A lock left by a process that no longer runs (a crash) is taken over.
 * @returns how to release it.
 * @throws DataDirInUseError when a running process (this one included) holds it.
 */
export function lockDataDir(lockFile: string, dataDir: string): () => void {
  const mine = `${lockFile}.${process.pid}`
  writeFileSync(mine, `${process.pid}\n`)
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lockFile)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = holderOf(lockFile)
      if (holder !== undefined && (isRunning(holder) || attempt >= 2))
        throw new DataDirInUseError(dataDir, holder)
      rmSync(lockFile, { force: true })
    }
  } finally {
    rmSync(mine, { force: true })
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.removeListener('exit', release)
    if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true })
  }
  // A process that exits without closing leaves no lock behind (a crash does: the next open takes it over).
  process.once('exit', release)
  return release
}
