/**
 * The secure frame's server: one page, `/frame.html?projectId=…&chainId=…&version=…&enableLogger=…`, and its script.
 * Each page answer names, in `frame-ancestors`, exactly the parent origins the project allows (from the auth service,
 * kept 60 s), so the browser refuses to show the frame in any other site; a project the service does not know, or an
 * auth service that cannot answer, gets `frame-ancestors 'none'`. The operator's configuration (auth service,
 * Blockchain API, networks) is written into the page as JSON; `connect-src` allows exactly those origins.
 */
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { FRAME_PORT_ENV, type ListeningServer, listenLocal } from '@latchkey/local-ports'
import { type FrameConfig, parseFrameConfig } from './frame/config.js'
import { DEFAULT_FRAME_NETWORKS } from './networks.js'

/** The frame's port for `npm start` and its variable: one definition, which the auth service's frame origin reads too. */
export { DEFAULT_FRAME_PORT, FRAME_PORT_ENV } from '@latchkey/local-ports'
/** How long a project's allowed origins are kept. */
export const ORIGINS_TTL_MS = 60_000

export interface SecureFrameOptions extends Omit<FrameConfig, 'networks'> {
  /** The networks the frame signs on; default {@link DEFAULT_FRAME_NETWORKS} (SPEC §9's list, public RPC URLs). */
  networks?: FrameConfig['networks']
  /** 0 for an ephemeral port. */
  port: number
  /** Where it listens; default 127.0.0.1 (the frame is then reached as http://localhost:<port>). */
  host?: string
  /** The built frame script's folder; default this package's dist/public. */
  publicDir?: string
  now?: () => number
}

export interface SecureFrameServer extends ListeningServer {
  /** `http://localhost:<port>`: the frame's origin, another site than pages on 127.0.0.1. */
  origin: string
}

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
/** A CSP source the frame accepts from the project's list: a scheme, a host (a leading `*.` allowed), a port or `*`. */
const SOURCE = /^https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?$/i

const originOf = (url: string) => new URL(url).origin

function page(config: FrameConfig): string {
  // JSON inside a script element: `<` escaped so that no text of the configuration can close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkey wallet</title>
<script type="application/json" id="lk-frame-config">${json}</script>
<script type="module" src="/frame.js"></script>
</head><body><main id="lk-root"></main></body></html>
`
}

/** Starts the frame's server. */
export async function startSecureFrame(options: SecureFrameOptions): Promise<SecureFrameServer> {
  const config = parseFrameConfig({ ...options, networks: options.networks ?? DEFAULT_FRAME_NETWORKS })
  const publicDir = options.publicDir ?? join(import.meta.dirname, 'public')
  const now = options.now ?? Date.now
  const origins = new Map<string, { at: number; value: string[] | undefined }>()
  const connect = [
    originOf(config.authUrl),
    ...(config.blockchainApiUrl ? [originOf(config.blockchainApiUrl)] : []),
    ...config.networks.map((network) => originOf(network.rpcUrl)),
  ]
  const script = await readFile(join(publicDir, 'frame.js'))

  const allowedOrigins = async (projectId: string): Promise<string[] | undefined> => {
    const cached = origins.get(projectId)
    if (cached && now() - cached.at < ORIGINS_TTL_MS) return cached.value
    let value: string[] | undefined
    try {
      const response = await fetch(`${config.authUrl}/v1/projects/${encodeURIComponent(projectId)}/origins`)
      const body = (await response.json()) as { allowedOrigins?: unknown }
      value =
        response.ok && Array.isArray(body.allowedOrigins)
          ? body.allowedOrigins.filter(
              (entry): entry is string => typeof entry === 'string' && SOURCE.test(entry),
            )
          : undefined
    } catch {
      value = undefined
    }
    // A failure is kept for a moment only, so that the next page load asks again.
    origins.set(projectId, { at: value ? now() : now() - ORIGINS_TTL_MS + 2_000, value })
    return value
  }

  const send = (
    response: ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    csp: string,
  ) => {
    response.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    })
    response.end(body)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://frame.invalid')
    const none = "default-src 'none'; frame-ancestors 'none'"
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed', none)
    if (url.pathname === '/frame.js')
      return send(response, 200, 'text/javascript; charset=utf-8', script, none)
    if (url.pathname === '/health') return send(response, 200, 'application/json', '{"status":"ok"}', none)
    if (url.pathname !== '/frame.html')
      return send(response, 404, 'text/plain; charset=utf-8', 'Not found', none)
    const projectId = url.searchParams.get('projectId') ?? ''
    if (!PROJECT_ID.test(projectId))
      return send(
        response,
        400,
        'text/plain; charset=utf-8',
        'projectId is required (1 to 64 letters, digits, _ or -)',
        none,
      )
    const allowed = await allowedOrigins(projectId)
    if (!allowed)
      return send(
        response,
        503,
        'text/plain; charset=utf-8',
        'The allowed origins of this project cannot be read now',
        none,
      )
    const csp = [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'unsafe-inline'",
      'img-src https: data:',
      `connect-src ${connect.join(' ')}`,
      `frame-ancestors ${allowed.length > 0 ? allowed.join(' ') : "'none'"}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ')
    return send(response, 200, 'text/html; charset=utf-8', page(config), csp)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Internal error')
    })
  })
  const listening = await listenLocal(server, options.port, {
    ...(options.host ? { host: options.host } : {}),
    envVar: FRAME_PORT_ENV,
  })
  return { ...listening, origin: `http://localhost:${listening.port}` }
}
