import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EvmChainsError, isPortFree, PortInUseError, portFromEnv } from '@latchkey/evm-chains'
import type { ServicesEvm } from './balances.js'
import type { ServicesBitcoin } from './bitcoin.js'
import {
  createProjects,
  type Fault,
  type ProjectSettings,
  type RecordedRequest,
  type ServicesControl,
} from './control.js'
import { DEFAULT_SERVICES_PORT, SERVICES_PORT_ENV } from './defaults.js'
import { answerBodyFault, isBodyFault } from './faults.js'
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
  /** Where LATCHKEY_SERVICES_PORT is read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /** Local EVM chains and tokens the balance endpoint reads live. Without it, balances are empty. */
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
  /** Settings, faults, recorded requests and error reports per project id (also served under /__control). */
  readonly control: ServicesControl
  /** Closes the server and every open connection (held 'timeout' requests included). Idempotent. */
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
  const projects = createProjects(generateWallets)
  let baseUrl = ''
  const routeOptions = {
    baseUrl: () => baseUrl,
    wallets,
    evm: options.evm,
    solana: options.solana,
    bitcoin: options.bitcoin,
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
      send(res, controlRoute(method, url.pathname, url.searchParams, body))
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
        { method, path: url.pathname, query: url.searchParams, body, project: projects.project(projectId) },
        routeOptions,
      ),
    )
  }

  function controlRoute(method: string, path: string, query: URLSearchParams, body: unknown): Reply {
    const projectId = query.get('projectId') ?? ''
    try {
      if (method === 'POST' && path === '/__control/project') {
        projects.control.setProject(projectId, (body ?? {}) as ProjectSettings)
        return { status: 200, json: { ok: true } }
      }
      if (method === 'POST' && path === '/__control/faults') {
        projects.control.addFault(projectId, body as Fault)
        return { status: 200, json: { ok: true } }
      }
      if (method === 'GET' && path === '/__control/requests') {
        return { status: 200, json: { requests: projects.control.requests(projectId) } }
      }
      if (method === 'GET' && path === '/__control/reports') {
        return { status: 200, json: { reports: projects.control.reports(projectId) } }
      }
      if (method === 'POST' && path === '/__control/reset') {
        projects.control.reset(query.has('projectId') ? projectId : undefined)
        return { status: 200, json: { ok: true } }
      }
    } catch (error) {
      return { status: 400, json: { error: (error as Error).message } }
    }
    return { status: 404, json: { error: `no control route for ${method} ${path}` } }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, json: { error: (error as Error).message } })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, SERVICES_PORT_ENV) : error)
    })
    server.listen({ port, host: HOST, exclusive: true }, () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  baseUrl = `http://${HOST}:${actualPort}`

  let stopped: Promise<void> | undefined
  return {
    url: baseUrl,
    port: actualPort,
    control: projects.control,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
