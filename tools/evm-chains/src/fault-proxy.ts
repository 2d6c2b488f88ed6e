import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOCALHOST } from '@latchkey/local-ports'

/** One request the proxy received: its JSON-RPC method(s) and the HTTP status it answered. */
export interface ProxiedRequest {
  /** The methods of the JSON-RPC body: one, or several for a batch. */
  methods: string[]
  status: number
}

export interface RpcFaultProxy {
  /** `http://127.0.0.1:<port>`: use it as a network's RPC URL. */
  readonly url: string
  /** Answers the next `count` requests with HTTP `status` (and a small JSON body) instead of forwarding them. */
  failNext(count: number, status: number): void
  /** Every request so far, oldest first. */
  readonly requests: readonly ProxiedRequest[]
  clearLog(): void
  close(): Promise<void>
}

function methodsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body)
    const items = Array.isArray(parsed) ? parsed : [parsed]
    return items.map((item) => String((item as { method?: unknown })?.method ?? '?'))
  } catch {
    return []
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A real HTTP JSON-RPC proxy on 127.0.0.1 in front of a chain, for tests of a client's retry policy: it
 * forwards every POST to `targetUrl` as is, except that {@link RpcFaultProxy.failNext} makes it answer the next
 * requests with an HTTP error of the test's choosing. It records every request's methods and status.
 */
export async function startRpcFaultProxy(targetUrl: string): Promise<RpcFaultProxy> {
  const faults: number[] = []
  const requests: ProxiedRequest[] = []

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request)
    const methods = methodsOf(body)
    const fault = faults.shift()
    if (fault !== undefined) {
      requests.push({ methods, status: fault })
      response.writeHead(fault, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: `injected HTTP ${fault}` }))
      return
    }
    try {
      const upstream = await fetch(targetUrl, {
        method: request.method ?? 'POST',
        headers: { 'content-type': 'application/json' },
        ...(request.method === 'GET' ? {} : { body }),
      })
      const text = await upstream.text()
      requests.push({ methods, status: upstream.status })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(text)
    } catch {
      requests.push({ methods, status: 502 })
      response.writeHead(502, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'upstream unreachable' }))
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, LOCALHOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${LOCALHOST}:${port}`,
    failNext(count, status) {
      for (let i = 0; i < count; i++) faults.push(status)
    },
    get requests() {
      return requests
    },
    clearLog() {
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
