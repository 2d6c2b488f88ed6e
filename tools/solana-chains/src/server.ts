// One cluster's endpoint: JSON-RPC over HTTP POST and over WebSocket on the same 127.0.0.1 port.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOCALHOST, PortInUseError } from '@latchkey/local-ports'
import { WebSocketServer } from 'ws'
import { RPC_ERROR, RpcError } from './errors.js'
import { handleBody, type JsonRpcId } from './jsonrpc.js'
import type { Ledger } from './ledger.js'
import { paramList } from './params.js'
import { createSubscriptions } from './subscriptions.js'

/** Largest request body accepted (bytes). */
const MAX_BODY_BYTES = 1024 * 1024
/** How long stop() lets requests in flight finish before cutting their connections. */
const CLOSE_GRACE_MS = 2000
/** How long the HTTP side must be quiet before stop() closes it. */
const QUIET_MS = 50

export interface ClusterServer {
  readonly port: number
  readonly rpcUrl: string
  readonly wsUrl: string
  close(): Promise<void>
}

type Methods = Record<string, (params: unknown[]) => unknown>

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
}

function callWith(methods: Record<string, (params: unknown) => unknown>) {
  return (method: string, params: unknown) => {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) throw new RpcError(RPC_ERROR.methodNotFound, 'Method not found')
    return handler(params)
  }
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/**
 * Serves `methods` (HTTP and WebSocket) and the subscription methods (WebSocket) on `port` (0 = ephemeral).
 * Throws PortInUseError (naming `envVar`) when the port is taken.
 */
export async function startClusterServer(options: {
  ledger: Ledger
  methods: Methods
  port: number
  envVar?: string
}): Promise<ClusterServer> {
  const httpMethods = Object.fromEntries(
    Object.entries(options.methods).map(([name, handler]) => [
      name,
      (params: unknown) => handler(paramList(params)),
    ]),
  )
  const callHttp = callWith(httpMethods)

  let lastRequestAt = 0
  const onRequest = async (request: IncomingMessage, response: ServerResponse) => {
    lastRequestAt = Date.now()
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { ...CORS_HEADERS, 'content-type': type })
      response.end(body)
    }
    if (request.method === 'OPTIONS') return send(204, '', 'text/plain')
    if (request.method === 'GET' && request.url === '/health') return send(200, 'ok', 'text/plain')
    if (request.method !== 'POST') {
      return send(405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
    }
    const body = await readBody(request).catch(() => undefined)
    if (body === undefined) return send(413, 'Payload Too Large', 'text/plain')
    send(200, JSON.stringify(handleBody(body, callHttp)))
  }

  const server = createServer((request, response) => {
    onRequest(request, response).catch((error: unknown) => {
      console.error('solana-chains: request failed', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  // noServer: the HTTP server's own errors (a taken port) must not resurface as an unhandled 'error' of ws.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES })
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request))
  })
  let subscriptionId = 0
  wss.on('connection', (socket) => {
    const notify = (method: string, subscription: number, result: unknown) => {
      if (socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }))
      }
    }
    const subscriptions = createSubscriptions(options.ledger, () => ++subscriptionId, notify)
    const call = callWith({ ...httpMethods, ...subscriptions.methods })
    socket.on('message', (data) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString()
      socket.send(JSON.stringify(handleBody(text, (method, params, _id: JsonRpcId) => call(method, params))))
    })
    socket.on('close', () => subscriptions.close())
    socket.on('error', () => subscriptions.close())
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port, options.envVar) : error)
    })
    server.listen({ port: options.port, host: LOCALHOST, exclusive: true }, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    port,
    rpcUrl: `http://${LOCALHOST}:${port}`,
    wsUrl: `ws://${LOCALHOST}:${port}`,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
      // A client that just got a WebSocket notification may still fire a follow-up HTTP call (web3.js checks
      // the signature status in the background); wait until the HTTP side has been quiet for a moment.
      const started = Date.now()
      while (Date.now() - lastRequestAt < QUIET_MS && Date.now() - started < CLOSE_GRACE_MS) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
      }
      await new Promise<void>((resolve) => {
        // Requests in flight finish (a client may still be reading a reply); idle keep-alive sockets close now,
        // anything still open after a grace period is cut.
        const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        server.close(() => {
          clearTimeout(cut)
          resolve()
        })
        server.closeIdleConnections()
      })
    },
  }
}
