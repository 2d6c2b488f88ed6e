import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isPortFree, LOCALHOST, PortInUseError, portFromEnv } from '@latchkey/local-ports'
import type { Database } from '@latchkey/service-db'
import { type AuthDatabaseOptions, openAuthDatabase, resolveDatabaseOptions } from './database.js'
import { AUTH_PORT_ENV, DEFAULT_AUTH_PORT } from './defaults.js'
import type { AuthDeps } from './deps.js'
import { ApiError, AuthConfigError } from './errors.js'
import { corsHeaders, errorReply, readJsonBody, send } from './http.js'
import { assertKekMatches, revealKeys } from './keys.js'
import { createMailer, type SmtpOptions } from './mailer.js'
import { createOriginsSource } from './origins.js'
import { route } from './routes.js'
import { DEVICE_APPROVE_PATH } from './routes-login.js'
import { createSecrets } from './secrets.js'
import { findUserByEmail } from './users.js'

/** `production` refuses to start without a key-encryption key and a lasting database; the others make up what is missing. */
export type AuthMode = 'production' | 'development' | 'test'

export interface StartAuthOptions {
  /** Port; 0 for an ephemeral one. Default: LATCHKEY_AUTH_PORT, else 8548. */
  port?: number
  /** Interface to listen on. Default 127.0.0.1 (a deployment behind a proxy sets 0.0.0.0). */
  host?: string
  /** Where the port and database variables are read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /** This service's base URL in emails (the device-approval link). Default `http://127.0.0.1:<port>`. */
  publicUrl?: string
  /** `{ url }` PostgreSQL, `{ dataDir }` PGlite in a folder, `{}` in memory. Default: the variables, else in memory. */
  database?: AuthDatabaseOptions
  /** The secure frame's origin: the only browser origin answered (CORS); any other Origin gets 403. */
  frameOrigin: string
  /** Base URL of the Provider API whose GET /projects/v1/origins lists each project's allowed parent origins. */
  providerApiUrl: string
  smtp: SmtpOptions
  /** The key-encryption key, 32 bytes. Required in production; made up (and lost on stop) otherwise. */
  kek?: Uint8Array
  /** Default 'production'. */
  mode?: AuthMode
  /** EIP-155 chain ids where smart accounts are enabled, reported in the user record. Default none. */
  smartAccountNetworks?: number[]
  /** The clock, ms since the epoch. Default Date.now (tests move it instead of sleeping). */
  now?: () => number
  /** How long a project's origins are kept, ms. Default 60 s. */
  originsCacheMs?: number
  /** Where failures are reported (never a secret). Default console.warn. */
  log?: (line: string) => void
  /** Tests only (refused in production): `server.testing.revealKeys(email)` gives a user's key bytes. */
  testing?: boolean
}

/** A running auth service. */
export interface AuthServer {
  readonly url: string
  readonly port: number
  readonly frameOrigin: string
  readonly database: Database
  /** Present with the `testing` option only. */
  readonly testing?: {
    revealKeys(email: string): Promise<Awaited<ReturnType<typeof revealKeys>>>
  }
  /** Closes the server, its connections, the SMTP transport and the database. Idempotent. */
  stop(): Promise<void>
}

const ORIGIN = /^https?:\/\/[^/?#\s]+$/

/** @throws AuthConfigError for what production needs and lacks, or a malformed origin or URL. */
function check(options: StartAuthOptions, database: AuthDatabaseOptions, mode: AuthMode): void {
  if (!ORIGIN.test(options.frameOrigin)) {
    throw new AuthConfigError(
      `frameOrigin must be an origin such as https://frame.example.com, got ${JSON.stringify(options.frameOrigin)}.`,
    )
  }
  if (!/^https?:\/\/[^\s]+$/.test(options.providerApiUrl)) {
    throw new AuthConfigError(
      `providerApiUrl must be an http(s) URL, got ${JSON.stringify(options.providerApiUrl)}.`,
    )
  }
  if (mode !== 'production') return
  if (!options.kek) {
    throw new AuthConfigError(
      'No key-encryption key: production needs one (kek.file or kek.env in the config, or LATCHKEY_AUTH_KEK). Make one with latchkey-auth --generate-kek.',
    )
  }
  if (!database.url && !database.dataDir) {
    throw new AuthConfigError(
      'No database: production needs databaseUrl (PostgreSQL) or dataDir (PGlite in a folder).',
    )
  }
  if (options.testing) throw new AuthConfigError('The testing hook is refused in production.')
}

/**
 * Starts the auth service (see the README for its API).
 * @throws PortInUseError naming LATCHKEY_AUTH_PORT when a fixed port is taken; AuthConfigError for a missing
 *   key-encryption key in production, a key that is not the one the stored keys were sealed with, or a malformed
 *   option; what the database layer throws (DataDirInUseError …).
 */
export async function startAuthServer(options: StartAuthOptions): Promise<AuthServer> {
  const env = options.env ?? process.env
  const mode = options.mode ?? 'production'
  const log = options.log ?? ((line: string) => console.warn(`[auth] ${line}`))
  const database = resolveDatabaseOptions(options.database, env)
  check(options, database, mode)
  const port = options.port ?? portFromEnv(env, AUTH_PORT_ENV) ?? DEFAULT_AUTH_PORT
  const host = options.host ?? LOCALHOST
  if (port !== 0 && !(await isPortFree(port, host))) throw new PortInUseError(port, AUTH_PORT_ENV)
  if (!options.kek)
    log(
      `mode ${mode}: no key-encryption key given, one made up for this run (keys made now will not open after a restart)`,
    )
  const secrets = createSecrets(options.kek ?? randomBytes(32))
  const db = await openAuthDatabase(database)
  const now = options.now ?? Date.now
  const mailer = createMailer(options.smtp)
  const server = createServer((req, res) => void handle(req, res))
  const deps: AuthDeps = {
    db,
    secrets,
    mailer,
    origins: createOriginsSource({
      providerApiUrl: options.providerApiUrl,
      now,
      ...(options.originsCacheMs !== undefined ? { cacheMs: options.originsCacheMs } : {}),
    }),
    now,
    publicUrl: '',
    smartAccountNetworks: options.smartAccountNetworks ?? [],
    log,
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://auth.invalid')
    const method = (req.method ?? 'GET').toUpperCase()
    let cors: Record<string, string> = {}
    try {
      // The device-approval form is the service's own page: it posts from the service's origin, as a form.
      const approval = method === 'POST' && url.pathname === DEVICE_APPROVE_PATH
      cors = corsHeaders(req, options.frameOrigin, approval ? new URL(deps.publicUrl).origin : undefined)
      if (method === 'OPTIONS') {
        res.writeHead(204, cors)
        res.end()
        return
      }
      const body = method === 'POST' ? await readJsonBody(req, { form: approval }) : undefined
      const context = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      }
      send(res, await route(deps, context), cors)
    } catch (error) {
      if (error instanceof ApiError) {
        send(res, errorReply(error), cors)
        return
      }
      log(`${method} ${url.pathname} failed: ${(error as Error).name}: ${(error as Error).message}`)
      if (res.headersSent) res.destroy()
      else send(res, errorReply(new ApiError(500, 'INTERNAL', 'Something went wrong on our side.')), cors)
    }
  }

  try {
    await assertKekMatches(db, secrets)
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, AUTH_PORT_ENV) : error),
      )
      server.listen({ port, host, exclusive: true }, () => resolve())
    })
  } catch (error) {
    mailer.close()
    await db.close()
    throw error
  }
  const actualPort = (server.address() as AddressInfo).port
  const url = `http://${host === '0.0.0.0' || host === '::' ? LOCALHOST : host}:${actualPort}`
  deps.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '')
  let stopped: Promise<void> | undefined
  return {
    url,
    port: actualPort,
    frameOrigin: options.frameOrigin,
    database: db,
    ...(options.testing
      ? {
          testing: {
            async revealKeys(email: string) {
              const user = await findUserByEmail(db, email.toLowerCase())
              if (!user) throw new Error(`no user ${email}`)
              return revealKeys(db, secrets, user.id)
            },
          },
        }
      : {}),
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        })
        mailer.close()
        await db.close()
      })()
      return stopped
    },
  }
}
