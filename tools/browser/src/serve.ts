import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'

/** In-memory files by URL path: `{ '/index.html': '<!doctype html>…', '/app.js': bytes }`. */
export type StaticFiles = Record<string, string | Uint8Array>

export interface StaticServer {
  /** The origin, without a trailing slash: `http://127.0.0.1:<port>`. */
  url: string
  port: number
  /** Stops the server and drops open (keep-alive) connections. Idempotent. */
  close(): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * A tiny static server on 127.0.0.1 (an ephemeral port) for test pages: either a directory or a map of
 * in-memory files. `/` and paths ending in `/` serve `index.html`. GET and HEAD only, no caching.
 */
export async function serveStatic(source: string | StaticFiles): Promise<StaticServer> {
  const lookup = typeof source === 'string' ? fromDirectory(resolve(source)) : fromMemory(source)
  const server = createServer((request, response) => {
    handle(lookup, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(String(error))
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', fail)
      done()
    })
  })
  const { port } = server.address() as AddressInfo
  let closed: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      closed ??= new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      return closed
    },
  }
}

type Lookup = (path: string) => Promise<string | Uint8Array | undefined>

async function handle(lookup: Lookup, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  let path: string
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
  } catch {
    response.writeHead(400).end()
    return
  }
  if (path.endsWith('/')) path += 'index.html'
  const body = await lookup(path)
  if (body === undefined) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${path}`)
    return
  }
  response.writeHead(200, {
    'content-type': contentType(path),
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  })
  response.end(request.method === 'HEAD' ? undefined : body)
}

function fromMemory(files: StaticFiles): Lookup {
  const byPath = new Map<string, string | Uint8Array>()
  for (const [path, body] of Object.entries(files)) byPath.set(path.startsWith('/') ? path : `/${path}`, body)
  return async (path) => byPath.get(path)
}

function fromDirectory(root: string): Lookup {
  return async (path) => {
    const file = join(root, path)
    // No escaping the directory (`..`, encoded or not).
    if (file !== root && !file.startsWith(root + sep)) return undefined
    try {
      if (!(await stat(file)).isFile()) return undefined
      return await readFile(file)
    } catch {
      return undefined
    }
  }
}
