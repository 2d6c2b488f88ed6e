// The relay's server: a WebSocket endpoint on 127.0.0.1 that can stop and start again on the same port while its
// router (the clients' state, the mailboxes, the call log) lives on.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  assertValidPort,
  LOCALHOST,
  LocalServiceError,
  PortInUseError,
  portFromEnv,
} from '@latchkey/local-ports'
import { type WebSocket, WebSocketServer } from 'ws'
import { type RelayCall, Router } from './router.js'

/** Port the relay listens on when neither the option nor the variable says otherwise. */
export const RELAY_DEFAULT_PORT = 8555
/** The environment variable that chooses the relay's port (0 = ephemeral). */
export const RELAY_PORT_ENV = 'LATCHKEY_RELAY_PORT'

const DEFAULT_PING_INTERVAL_MS = 10_000
/** Largest frame accepted; a bigger one closes the socket (code 1009). */
const MAX_FRAME_BYTES = 2 * 1024 * 1024
/** How long a stopping relay waits for a client to answer its close frame before cutting the socket. */
const CLOSE_GRACE_MS = 1_000
/** Close code sent to every client when the relay stops: "service restart", after which the SDKs reconnect. */
const CLOSE_RESTART = 1012
/**
 * Close code of the hosted relay for a client it refuses (its project id unknown, its origin not allowed), with the
 * reason as the close reason: the SDKs report "WebSocket connection closed abnormally with code: 3000 (<reason>)" as
 * an error and stop reconnecting.
 */
const CLOSE_REFUSED = 3000

export interface StartRelayOptions {
  /** Port on 127.0.0.1 (0 = ephemeral); wins over the environment. */
  port?: number
  /** Where LATCHKEY_RELAY_PORT is read; default process.env. */
  env?: Record<string, string | undefined>
  /** How often each client is pinged (default 10 s; the SDKs reconnect after 35 s without one). */
  pingIntervalMs?: number
}

/** What tools/stack reports about the relay: JSON-safe. */
export interface RelayInfo {
  url: string
  port: number
  running: boolean
  /** Topics holding messages, and the messages waiting on them. */
  mailboxes: { topics: number; messages: number }
}

/** A running (or stopped) local relay. */
export interface LocalRelay {
  /** `ws://127.0.0.1:<port>`: the SDKs' `relayUrl`. */
  readonly url: string
  readonly port: number
  readonly running: boolean
  /** Open client sockets. */
  readonly connections: number
  /** The calls answered so far, oldest first (the last 10,000). */
  readonly log: readonly RelayCall[]
  /**
   * Refuses clients of `projectId` from now on, as the hosted relay does: each socket opens, then closes with code
   * 3000 and `reason` (e.g. 'Unauthorized: invalid key', or 'origin not allowed'). Sockets already open stay.
   */
  refuseProject(projectId: string, reason: string): void
  /** Closes every socket and stops listening; the mailboxes stay. Resolves when every socket closed. */
  stop(): Promise<void>
  /**
   * Listens again on the same port, mailboxes intact: clients reconnect on their own.
   * @throws PortInUseError if the port was taken meanwhile; LocalServiceError after close().
   */
  start(): Promise<void>
  /** Stops for good and empties the mailboxes. */
  close(): Promise<void>
  info(): RelayInfo
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host: LOCALHOST, exclusive: true }, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) return resolve()
    const timer = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
    socket.close(CLOSE_RESTART, 'The relay stopped')
  })
}

class Relay implements LocalRelay {
  private readonly router = new Router()
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    clientTracking: false,
  })
  private server: Server | undefined
  private pinger: NodeJS.Timeout | undefined
  private closed = false
  private readonly refused = new Map<string, string>()

  constructor(
    public port: number,
    private readonly portEnv: string | undefined,
    private readonly pingIntervalMs: number,
  ) {}

  get url(): string {
    return `ws://${LOCALHOST}:${this.port}`
  }

  get running(): boolean {
    return this.server !== undefined
  }

  get connections(): number {
    return this.router.sockets().length
  }

  get log(): readonly RelayCall[] {
    return this.router.log
  }

  refuseProject(projectId: string, reason: string): void {
    this.refused.set(projectId, reason)
  }

  info(): RelayInfo {
    const mailboxes = this.router.mailboxes.counts()
    return { url: this.url, port: this.port, running: this.running, mailboxes }
  }

  async start(): Promise<void> {
    if (this.closed) throw new LocalServiceError('This relay was closed; start a new one with startRelay().')
    if (this.server) return
    const server = createServer((_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' })
      response.end('A WalletConnect relay: open a WebSocket to this address.')
    })
    server.on('upgrade', (request: IncomingMessage, socket, head) => {
      const projectId = new URL(request.url ?? '/', 'http://relay').searchParams.get('projectId') ?? ''
      const refusal = this.refused.get(projectId)
      this.wss.handleUpgrade(request, socket, head, (ws) =>
        refusal === undefined ? this.router.accept(ws, request) : ws.close(CLOSE_REFUSED, refusal),
      )
    })
    try {
      this.port = await listen(server, this.port)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new PortInUseError(this.port, this.portEnv)
      throw error
    }
    this.server = server
    this.pinger = setInterval(() => this.router.heartbeat(), this.pingIntervalMs)
    this.pinger.unref()
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    clearInterval(this.pinger)
    await Promise.all(this.router.sockets().map(closeSocket))
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }

  async close(): Promise<void> {
    await this.stop()
    this.closed = true
    this.router.mailboxes.clear()
    this.wss.close()
  }
}

/**
 * Starts a relay on 127.0.0.1. Its port is `options.port`, else LATCHKEY_RELAY_PORT, else 8555; 0 lets the OS
 * choose (and a restart keeps the port chosen).
 * @throws PortInUseError when the port is taken (naming LATCHKEY_RELAY_PORT unless the port came from the option);
 *   LocalServiceError when the port or the variable is not a port number.
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<LocalRelay> {
  const explicit = options.port !== undefined
  const port = options.port ?? portFromEnv(options.env ?? process.env, RELAY_PORT_ENV) ?? RELAY_DEFAULT_PORT
  assertValidPort(port, explicit ? 'port' : RELAY_PORT_ENV)
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  if (!Number.isInteger(pingIntervalMs) || pingIntervalMs < 10 || pingIntervalMs > 30_000) {
    throw new LocalServiceError(`pingIntervalMs must be an integer from 10 to 30000, got ${pingIntervalMs}.`)
  }
  const relay = new Relay(port, explicit ? undefined : RELAY_PORT_ENV, pingIntervalMs)
  await relay.start()
  return relay
}
