// Test support for the transport tests: real node:http servers on 127.0.0.1 and an injected sleep.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A running test server: its base URL (no trailing slash) and a close that also drops keep-alive sockets. */
export interface TestServer {
  readonly url: string
  close(): Promise<void>
}

/** Answers one request, called once its whole body has arrived (as text). */
export type TestHandler = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>

/** Starts an HTTP server on 127.0.0.1 on a free port. The caller closes it (usually in `afterEach`). */
export async function startServer(handler: TestHandler): Promise<TestServer> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => void handler(req, body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Writes a JSON reply; `body` undefined sends an empty body (still labelled JSON). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(body === undefined ? '' : JSON.stringify(body))
}

/** An injected sleep: records the delays the policy asks for and returns at once. */
export function recordingSleep() {
  const delays: number[] = []
  return { delays, sleep: async (ms: number) => void delays.push(ms) }
}
