import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EvmChainsError, isPortFree, PortInUseError, portFromEnv } from '@latchkey/evm-chains'
import type { Database } from '@latchkey/service-db'
import type { ServicesEvm } from './balances.js'
import type { ServicesBitcoin } from './bitcoin.js'
import { createProjects, type RecordedRequest, type ServicesControl } from './control.js'
import { controlRoute } from './control-routes.js'
import { openServicesDatabase, resolveDatabaseOptions, type ServicesDatabaseOptions } from './database.js'
import { DEFAULT_SERVICES_PORT, SERVICES_PORT_ENV } from './defaults.js'
import { addExtraItems, forgetProjects } from './extras.js'
import { answerBodyFault, isBodyFault } from './faults.js'
import { type Indexer, startIndexer } from './indexer.js'
import { assetCatalog, seedDefaultPrices, setProjectPrices } from './prices.js'
import { type Reply, route } from './routes.js'
import type { ServicesSolana } from './solana.js'
import { fixtureWallets, generateWallets } from './wallets.js'

/** Host the services server binds to. */
const HOST = '127.0.0.1'
/** Largest request body accepted. */
const MAX_BODY = 1024 * 1024

export interface StartServicesOptions {
  /** Port on 127.0.0.1; 0 for an ephemeral one. Wins over the environment. Default: LATCHKEY_SERVICES_PORT, else 8547. */
  port?: number
  /** Where LATCHKEY_SERVICES_PORT and the database variables are read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /**
   * Where the data is kept: `{ url }` a PostgreSQL server, `{ dataDir }` PGlite in that folder (kept across
   * restarts), `{}` PGlite in memory. Default: LATCHKEY_SERVICES_DATABASE_URL, else LATCHKEY_SERVICES_DATA_DIR, else
   * in memory.
   */
  database?: ServicesDatabaseOptions
  /** How often the indexer asks each EVM chain for new blocks, ms. Default 500. */
  pollMs?: number
  /** Where the indexer reports a chain it cannot read (once per distinct failure). Default: console.warn. */
  log?: (line: string) => void
  /**
   * Local EVM chains and tokens: the balance endpoint reads them live and the indexer follows them for the
   * history endpoint. Without it, balances are empty and history holds only what the control API adds.
   */
  evm?: ServicesEvm
  /** Local Solana clusters (and the SPL mint) the balance endpoint reads live; their ids join supported-chains. */
  solana?: ServicesSolana
  /** Local Bitcoin networks (Esplora APIs) the balance endpoint reads live; their ids join supported-chains. */
  bitcoin?: ServicesBitcoin
  /** The default listing: the fixture (61 wallets), or that many generated wallets. Default 'fixture'. */
  wallets?: 'fixture' | number
}

/** A running services stand-in. */
export interface ServicesServer {
  /** `http://127.0.0.1:<port>`: the base URL of both the Provider API and the Blockchain API. */
  readonly url: string
  readonly port: number
  /** Settings, faults, recorded requests, error reports, prices and history items per project id (also /__control). */
  readonly control: ServicesControl
  /** The database ('pglite' or 'postgres'), for tests that look at what was stored. */
  readonly database: Database
  /**
   * Resolves once the indexer has written every block the EVM chains had mined when it was called (at once without
   * EVM chains). A chain that does not answer holds it up: give it a timeout.
   */
  indexed(): Promise<void>
  /** Stops the indexer, closes the server, every open connection (held 'timeout' requests included) and the database. Idempotent. */
  stop(): Promise<void>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, x-latchkey-client-id',
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
}

function send(res: ServerResponse, reply: Reply): void {
  if ('svg' in reply) {
    res.writeHead(reply.status, { ...CORS, 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' })
    res.end(reply.svg)
    return
  }
  res.writeHead(reply.status, { ...CORS, 'content-type': 'application/json' })
  res.end(JSON.stringify(reply.json))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) reject(new Error('body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The port to use: the option, else the environment variable, else 8547. */
function resolvePort(options: StartServicesOptions): number {
  const port =
    options.port ?? portFromEnv(options.env ?? process.env, SERVICES_PORT_ENV) ?? DEFAULT_SERVICES_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new EvmChainsError(`The services port must be a port number between 0 and 65535, got ${port}.`)
  }
  return port
}

const SOLANA_ID = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
const BITCOIN_ID = /^bip122:[0-9a-f]{32}$/

function assertHttpUrl(url: unknown, what: string): void {
  if (typeof url !== 'string' || !/^https?:\/\/[^/\s]+/.test(url)) {
    throw new Error(`${what} must be an http(s) URL, got ${JSON.stringify(url)}.`)
  }
}

/** Refuses Solana and Bitcoin options the balance endpoint could not use, naming the bad value. */
function assertLiveNetworks(options: StartServicesOptions): void {
  for (const cluster of options.solana?.clusters ?? []) {
    if (!SOLANA_ID.test(cluster.caipNetworkId)) {
      throw new Error(
        `A Solana cluster id must be solana:<32 base58 characters>, got ${JSON.stringify(cluster.caipNetworkId)}.`,
      )
    }
    assertHttpUrl(cluster.rpcUrl, `The RPC URL of ${cluster.caipNetworkId}`)
  }
  const mint = options.solana?.mint
  if (mint && !(Number.isInteger(mint.decimals) && mint.decimals >= 0 && mint.decimals <= 255)) {
    throw new Error(
      `The decimals of mint ${mint.address} must be an integer from 0 to 255, got ${mint.decimals}.`,
    )
  }
  for (const network of options.bitcoin?.networks ?? []) {
    if (!BITCOIN_ID.test(network.caipNetworkId)) {
      throw new Error(
        `A Bitcoin network id must be bip122:<32 hex characters>, got ${JSON.stringify(network.caipNetworkId)}.`,
      )
    }
    assertHttpUrl(network.esploraUrl, `The Esplora URL of ${network.caipNetworkId}`)
  }
}

/**
 * Starts the services stand-in on 127.0.0.1: the Provider API and the Blockchain API endpoints of SPEC §7
 * on one server, plus the control API under /__control (see the README).
 * @throws PortInUseError (`Port 8547 is already in use; set LATCHKEY_SERVICES_PORT to another port.`) when a
 *   fixed port is taken; EvmChainsError for a malformed port; Error naming a malformed Solana or Bitcoin
 *   network id or URL.
 */
export async function startServicesServer(options: StartServicesOptions = {}): Promise<ServicesServer> {
  const port = resolvePort(options)
  assertLiveNetworks(options)
  if (port !== 0 && !(await isPortFree(port, HOST))) throw new PortInUseError(port, SERVICES_PORT_ENV)
  const wallets =
    options.wallets === undefined || options.wallets === 'fixture'
      ? fixtureWallets()
      : generateWallets(options.wallets)
  const db = await openServicesDatabase(resolveDatabaseOptions(options.database, options.env ?? process.env))
  const catalog = assetCatalog(options)
  const projects = createProjects(generateWallets)
  const control: ServicesControl = {
    ...projects.control,
    setPrices: (projectId, prices) => setProjectPrices(db, projectId, prices),
    addHistory: (projectId, address, items) => addExtraItems(db, projectId, address, items),
    async reset(projectId) {
      projects.control.reset(projectId)
      await forgetProjects(db, projectId)
    },
  }
  let indexer: Indexer | undefined
  let baseUrl = ''
  const routeOptions = {
    baseUrl: () => baseUrl,
    wallets,
    evm: options.evm,
    solana: options.solana,
    bitcoin: options.bitcoin,
    db,
    catalog,
    chainKeys: () => indexer?.chainKeys() ?? new Map<string, number>(),
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://services.invalid')
    const method = (req.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') {
      res.writeHead(204, CORS)
      res.end()
      return
    }
    const body = parseBody(await readBody(req))
    const projectId = url.searchParams.get('projectId') ?? ''
    if (url.pathname.startsWith('/__control/')) {
      send(res, await controlRoute(control, method, url.pathname, url.searchParams, body))
      return
    }
    const clientId = req.headers['x-latchkey-client-id']
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(typeof clientId === 'string' ? { clientId } : {}),
      ...(body !== undefined ? { body } : {}),
    }
    projects.record(projectId, recorded)
    const fault = projects.takeFault(projectId, method, url.pathname)
    if (fault?.delayMs) await delay(fault.delayMs)
    if (fault?.fault === 'timeout') return // held open until the client gives up or the server stops
    if (fault?.fault === 'reset') {
      req.socket.destroy()
      return
    }
    if (isBodyFault(fault)) {
      answerBodyFault(res, fault, recorded, CORS)
      return
    }
    if (fault && (fault.status !== undefined || fault.body !== undefined)) {
      const status = fault.status ?? 200
      send(res, { status, json: fault.body !== undefined ? fault.body : { error: `injected ${status}` } })
      return
    }
    send(
      res,
      await route(
        {
          method,
          path: url.pathname,
          query: url.searchParams,
          body,
          projectId,
          project: projects.project(projectId),
        },
        routeOptions,
      ),
    )
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { error: (error as Error).message } })
      else res.destroy()
    })
  })
  try {
    await seedDefaultPrices(db, catalog)
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, SERVICES_PORT_ENV) : error)
      })
      server.listen({ port, host: HOST, exclusive: true }, () => resolve())
    })
  } catch (error) {
    await db.close()
    throw error
  }
  const actualPort = (server.address() as AddressInfo).port
  baseUrl = `http://${HOST}:${actualPort}`
  if (options.evm && options.evm.chains.length > 0) {
    indexer = startIndexer({
      db,
      chains: options.evm.chains,
      tokens: options.evm.tokens,
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      log: options.log ?? ((line) => console.warn(`[services] ${line}`)),
    })
  }

  let stopped: Promise<void> | undefined
  return {
    url: baseUrl,
    port: actualPort,
    control,
    database: db,
    indexed: () => indexer?.caughtUp() ?? Promise.resolve(),
    stop() {
      stopped ??= (async () => {
        await indexer?.stop()
        await new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        })
        await db.close()
      })()
      return stopped
    },
  }
}
