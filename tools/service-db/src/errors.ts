import { LocalServiceError } from '@latchkey/local-ports'

/**
 * An error the storage layer throws on purpose: a bad migration list, an edited applied migration, a data folder
 * another process has open, a server it cannot reach. A service's CLI prints its message without a stack trace
 * (it extends {@link LocalServiceError}). Errors of the database itself (a failing statement, a unique violation)
 * are the engine's own, with the SQLSTATE in `code` on both engines.
 */
export class StorageError extends LocalServiceError {
  override name = 'StorageError'
}

/** A migration that cannot be loaded, is out of order, was edited after it ran, or failed while running. */
export class MigrationError extends StorageError {
  override name = 'MigrationError'
  constructor(
    message: string,
    /** The migration concerned, as `0002_add_names` (or its file), when there is one. */
    readonly migration?: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** The PGlite data folder is open in another process, or already in this one: a PGlite folder is one process's. */
export class DataDirInUseError extends StorageError {
  override name = 'DataDirInUseError'
  constructor(
    readonly dataDir: string,
    /** The process that holds it. */
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The data folder ${dataDir} is already open in this process: open it once and share the Database.`
        : `The data folder ${dataDir} is open in process ${pid}: a PGlite folder is one process's. Stop that process, or give this one its own folder.`,
    )
  }
}
