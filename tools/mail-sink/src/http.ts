// The HTTP side: the JSON API tests read and the mailbox pages a person reads. No CORS: a web page cannot read it.
import { createServer, type Server, type ServerResponse } from 'node:http'
import { mailboxPage, messagePage, PAGE_CSP } from './pages.js'
import type { MessageStore } from './store.js'

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  })
  res.end(html)
}

/** The HTTP server of the sink (not listening yet): the API under /api, the pages elsewhere. */
export function createHttpServer(store: MessageStore): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink.invalid')
    const method = req.method ?? 'GET'
    const to = url.searchParams.get('to') ?? undefined
    const one = /^\/(api\/messages|messages)\/([^/]+)$/.exec(url.pathname)
    if (method === 'GET' && url.pathname === '/api/messages') {
      sendJson(res, 200, { messages: store.list(to) })
    } else if (method === 'DELETE' && url.pathname === '/api/messages') {
      sendJson(res, 200, { deleted: store.clear(to) })
    } else if (method === 'GET' && url.pathname === '/') {
      sendPage(res, 200, mailboxPage(store.list(to), to))
    } else if (method === 'GET' && one) {
      const message = store.get(decodeURIComponent(one[2] ?? ''))
      if (one[1] === 'api/messages') {
        if (message) sendJson(res, 200, message)
        else sendJson(res, 404, { error: 'no such message' })
      } else if (message) sendPage(res, 200, messagePage(message))
      else sendPage(res, 404, mailboxPage([], undefined).replace('No message yet.', 'No such message.'))
    } else {
      sendJson(res, 404, { error: `no route for ${method} ${url.pathname}` })
    }
  })
}
