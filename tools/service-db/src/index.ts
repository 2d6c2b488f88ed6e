export { DataDirInUseError, MigrationError, StorageError } from './errors.js'
export { loadMigrations, migrationChecksum } from './migrations.js'
export { openDatabase } from './open.js'
export type {
  Database,
  DatabaseKind,
  Migration,
  OpenDatabaseOptions,
  Queryable,
  QueryResult,
  SqlParam,
} from './types.js'
