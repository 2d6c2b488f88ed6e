// The HTTP conventions of the service: JSON bodies of at most 1 MB, errors as { error: { code, message } }, and
// one allowed browser origin, the secure frame's (CORS for it, 403 for any other Origin).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MAX_BODY_BYTES } from './defaults.js'
import { ApiError } from './errors.js'

/** An answer: JSON, or a small HTML page (the device-approval link). */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }

/** What is drained of a too-large body before the connection is dropped. */
const DRAIN_LIMIT = 8 * MAX_BODY_BYTES

/**
 * The parsed JSON body of a request (undefined without one); with `form`, an HTML form's fields instead
 * (`application/x-www-form-urlencoded`, as the device-approval page posts them).
 * @throws ApiError 413 BODY_TOO_LARGE past 1 MB, 415 for a body of another type, 400 INVALID_JSON.
 */
export function readJsonBody(req: IncomingMessage, options: { form?: boolean } = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
      else if (size > DRAIN_LIMIT) req.destroy()
    })
    req.on('error', reject)
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, 'BODY_TOO_LARGE', `The body is over ${MAX_BODY_BYTES} bytes.`))
        return
      }
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '') {
        resolve(undefined)
        return
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
      if (options.form) {
        if (type === 'application/x-www-form-urlencoded') {
          resolve(Object.fromEntries(new URLSearchParams(text)))
          return
        }
        reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be the approval page’s form.'))
        return
      }
      if (type !== 'application/json') {
        reject(
          new ApiError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'The body must be JSON: Content-Type: application/json.',
          ),
        )
        return
      }
      try {
        resolve(JSON.parse(text) as unknown)
      } catch {
        reject(new ApiError(400, 'INVALID_JSON', 'The body is not valid JSON.'))
      }
    })
  })
}

/**
 * The CORS headers of a request from `frameOrigin` (none for a request without Origin: curl, servers).
 * @throws ApiError 403 ORIGIN_NOT_ALLOWED for any other Origin, `null` included.
 */
export function corsHeaders(
  req: IncomingMessage,
  frameOrigin: string,
  ownOrigin?: string,
): Record<string, string> {
  const origin = req.headers.origin
  // The service's own pages (the device-approval form) post to it from its origin: no CORS headers needed.
  if (origin === undefined || (ownOrigin !== undefined && origin === ownOrigin)) return {}
  if (origin !== frameOrigin) {
    throw new ApiError(
      403,
      'ORIGIN_NOT_ALLOWED',
      `This service answers the secure frame's origin only; ${JSON.stringify(origin.slice(0, 200))} is not it.`,
    )
  }
  return {
    'access-control-allow-origin': frameOrigin,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-expose-headers': 'retry-after',
    'access-control-max-age': '600',
  }
}

const COMMON = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', vary: 'Origin' }

/** The Content-Security-Policy of the HTML pages: no script, nothing loaded, inline styles only. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

export function send(res: ServerResponse, reply: Reply, cors: Record<string, string>): void {
  if ('html' in reply) {
    res.writeHead(reply.status, {
      ...COMMON,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_CSP,
      // The approval link's token never leaves the service in a Referer; same-origin (not no-referrer) so that the
      // page's own form post carries the service's Origin, which a browser sends as `null` under no-referrer.
      'referrer-policy': 'same-origin',
    })
    res.end(reply.html)
    return
  }
  res.writeHead(reply.status, { ...COMMON, ...cors, ...reply.headers, 'content-type': 'application/json' })
  res.end(JSON.stringify(reply.json))
}

/** The answer of an ApiError: its status, `{ error: { code, message, ...extra } }`, Retry-After for a 429. */
export function errorReply(error: ApiError): Reply {
  const retryAfter = error.extra.retryAfter
  return {
    status: error.status,
    json: { error: { code: error.code, message: error.message, ...error.extra } },
    ...(typeof retryAfter === 'number' ? { headers: { 'retry-after': String(retryAfter) } } : {}),
  }
}

export const json = (body: unknown, status = 200): Reply => ({ status, json: body })

export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/** A small HTML page (every value escaped here), with a form of one button posting hidden fields when given. */
export const page = (
  status: number,
  title: string,
  paragraphs: string[],
  form?: { action: string; fields: Record<string, string>; button: string },
): Reply => ({
  status,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style></head><body><h1>${escapeHtml(title)}</h1>${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}${
    form
      ? `<form method="post" action="${escapeHtml(form.action)}">${Object.entries(form.fields)
          .map(
            ([name, value]) =>
              `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
          )
          .join('')}<button type="submit">${escapeHtml(form.button)}</button></form>`
      : ''
  }</body></html>`,
})
