import type { Database } from '@latchkey/service-db'
import type { Mail, Mailer } from './mailer.js'
import type { OriginsSource } from './origins.js'
import type { Secrets } from './secrets.js'

/** What the route handlers share: one per running server. */
export interface AuthDeps {
  db: Database
  secrets: Secrets
  mailer: Mailer
  origins: OriginsSource
  /** The clock, ms since the epoch (tests set it). */
  now(): number
  /** Base URL of this service in emails (the device-approval link). */
  publicUrl: string
  smartAccountNetworks: number[]
  log(line: string): void
}

/** A request as the handlers see it. */
export interface RequestContext {
  method: string
  path: string
  query: URLSearchParams
  /** The parsed JSON body; undefined without one. */
  body: unknown
  authorization: string | undefined
}

export type { Mail }
