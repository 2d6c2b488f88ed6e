import type { KitStorage } from '../adapter/storage.js'
import type { KitEnvironment } from './environment.js'

/** The kit's logger (levels of SPEC §9: default 'error'). */
export interface Logger {
  debug(...args: unknown[]): void
  info(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

/**
 * What every controller of one kit shares. Each kit instance has its own: nothing is module-level, so two
 * kits on a page (or two tests in a process) never share state.
 */
export interface KitContext {
  /** The storage prefix of this kit (default 'latchkey'). */
  readonly id: string
  /** This kit's storage space (keys already prefixed); failures are logged quietly by the helpers. */
  readonly storage: KitStorage
  readonly env: KitEnvironment
  readonly logger: Logger
}
