import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingSleep, sendJson, startServer } from '../../test/support/http-server.js'
import { HttpRequestError, LatchkeyError, TimeoutError } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import { buildUrl, createHttpClient } from './http.js'
import { MAX_RETRY_AFTER_MS } from './retry.js'

interface Seen {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}
type Handler = (seen: Seen, res: ServerResponse, attempt: number) => void

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A real HTTP server on 127.0.0.1 that records what it receives. */
async function serve(handler: Handler) {
  const seen: Seen[] = []
  const server = await startServer((req, body, res) => {
    const entry = {
      method: req.method ?? '',
      url: new URL(req.url ?? '/', 'http://x'),
      headers: req.headers,
      body,
    }
    seen.push(entry)
    handler(entry, res, seen.length)
  })
  const handle = { ...server, seen }
  servers.push(handle)
  return handle
}

describe('createHttpClient: JSON round trip', () => {
  it('GETs JSON and POSTs a JSON body', async () => {
    const server = await serve((seen, res) =>
      sendJson(res, 200, { method: seen.method, echo: seen.body || null }),
    )
    const client = createHttpClient({ baseUrl: `${server.url}/v1/` })
    await expect(client.get('/supported-chains')).resolves.toEqual({ method: 'GET', echo: null })
    await expect(
      client.post('fungible/price', { body: { currency: 'usd', addresses: ['a'] } }),
    ).resolves.toEqual({
      method: 'POST',
      echo: '{"currency":"usd","addresses":["a"]}',
    })
    expect(server.seen.map((s) => s.url.pathname)).toEqual(['/v1/supported-chains', '/v1/fungible/price'])
    expect(server.seen[0]?.headers['content-type']).toBeUndefined()
    expect(server.seen[1]?.headers['content-type']).toBe('application/json')
    expect(server.seen[1]?.headers.accept).toBe('application/json')
  })

  it('supports PUT and DELETE, and answers undefined for an empty body', async () => {
    const server = await serve((_seen, res) => sendJson(res, 200, undefined))
    const client = createHttpClient({ baseUrl: server.url })
    await expect(client.put('/item/1', { body: { a: 1 } })).resolves.toBeUndefined()
    await expect(client.delete('/item/1')).resolves.toBeUndefined()
    expect(server.seen.map((s) => [s.method, s.body])).toEqual([
      ['PUT', '{"a":1}'],
      ['DELETE', ''],
    ])
  })

  it('fetches a Blob with getBlob', async () => {
    const server = await serve((_seen, res) => {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.from([1, 2, 3]))
    })
    const blob = await createHttpClient({ baseUrl: server.url }).getBlob('/getWalletImage/abc')
    expect(blob.type).toBe('image/png')
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3])
    expect(server.seen[0]?.headers.accept).toBe('*/*')
  })
})

describe('createHttpClient: query, params and headers', () => {
  it('adds the client query, the request params and the clientId header', async () => {
    const server = await serve((_seen, res) => sendJson(res, 200, {}))
    const client = createHttpClient({
      baseUrl: server.url,
      clientId: 'client-123',
      headers: { 'x-sdk-type': 'latchkey' },
      query: { projectId: 'p1', st: 'appkit', sv: undefined },
    })
    await client.get('/getWallets', {
      params: { page: 2, entries: 40, include: ['a', 'b'], exclude: [], search: undefined, badge: null },
      headers: { 'x-extra': 'yes' },
    })
    const seen = server.seen[0]!
    expect(Object.fromEntries(seen.url.searchParams)).toEqual({
      projectId: 'p1',
      st: 'appkit',
      page: '2',
      entries: '40',
      include: 'a,b',
    })
    expect(seen.headers[TransportDefaults.clientIdHeader]).toBe('client-123')
    expect(TransportDefaults.clientIdHeader).toBe('x-latchkey-client-id')
    expect(seen.headers['x-sdk-type']).toBe('latchkey')
    expect(seen.headers['x-extra']).toBe('yes')
  })

  it('sends no clientId header when none is set', async () => {
    const server = await serve((_seen, res) => sendJson(res, 200, {}))
    await createHttpClient({ baseUrl: server.url }).get('/x')
    expect(server.seen[0]?.headers[TransportDefaults.clientIdHeader]).toBeUndefined()
  })

  it('never sends an empty project id: empty values of the client query are left out', async () => {
    const server = await serve((_seen, res) => sendJson(res, 200, {}))
    const client = createHttpClient({ baseUrl: server.url, query: { projectId: '', st: 'appkit', sv: ' ' } })
    await client.get('/getWallets', { params: { page: 1 } })
    expect(Object.fromEntries(server.seen[0]?.url.searchParams ?? [])).toEqual({ st: 'appkit', page: '1' })
    expect(buildUrl('https://a.test', 'x', { projectId: '' })).toBe('https://a.test/x')
    expect(buildUrl('https://a.test', 'x', { projectId: '  ', st: 'appkit' })).toBe(
      'https://a.test/x?st=appkit',
    )
  })

  it('joins base and path with one slash and keeps absolute URLs', () => {
    expect(buildUrl('https://a.test/v1/', '/x')).toBe('https://a.test/v1/x')
    expect(buildUrl('https://a.test/v1', 'x', { q: '1' }, { r: 2 })).toBe('https://a.test/v1/x?q=1&r=2')
    expect(buildUrl('https://a.test/v1', 'https://b.test/y')).toBe('https://b.test/y')
    expect(buildUrl('https://a.test', 'x', { q: '1' }, { q: 'override' })).toBe('https://a.test/x?q=override')
  })
})

describe('createHttpClient: errors', () => {
  it("throws 'HTTP status code: {status}' with status and parsed body, without query secrets", async () => {
    const server = await serve((_seen, res) => sendJson(res, 404, { message: 'nope' }))
    const client = createHttpClient({ baseUrl: server.url, query: { projectId: 'secret-project' } })
    const error = await client.get('/missing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({ message: 'HTTP status code: 404', status: 404, body: { message: 'nope' } })
    expect((error as HttpRequestError).url).not.toContain('secret-project')
    expect((error as HttpRequestError).details).not.toContain('secret-project')
  })

  it('keeps a non-JSON error body as text', async () => {
    const server = await serve((_seen, res) => {
      res.writeHead(503)
      res.end('down for maintenance')
    })
    const client = createHttpClient({ baseUrl: server.url, retryCount: 0 })
    await expect(client.get('/x')).rejects.toMatchObject({
      message: 'HTTP status code: 503',
      status: 503,
      body: 'down for maintenance',
    })
  })

  it("throws 'HTTP request failed.' with the cause when the network fails", async () => {
    const server = await serve((_seen, res) => sendJson(res, 200, {}))
    const url = server.url
    await server.close()
    const error = await createHttpClient({ baseUrl: url, retryCount: 0 })
      .get('/x')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({
      message: 'HTTP request failed.',
      status: undefined,
      code: 'HTTP_REQUEST_FAILED',
    })
    expect((error as Error).cause).toBeDefined()
  })

  it('rejects (never throws synchronously) on a bad base URL or an unserialisable body', async () => {
    const client = createHttpClient({ baseUrl: 'not a url' })
    await expect(client.get('/x')).rejects.toThrow()
    const server = await serve((_seen, res) => sendJson(res, 200, {}))
    await expect(createHttpClient({ baseUrl: server.url }).post('/x', { body: { n: 1n } })).rejects.toThrow(
      TypeError,
    )
    expect(server.seen).toHaveLength(0)
  })

  it("throws 'HTTP request failed.' when an OK answer is not JSON", async () => {
    const server = await serve((_seen, res) => {
      res.writeHead(200)
      res.end('<html>')
    })
    await expect(createHttpClient({ baseUrl: server.url }).get('/x')).rejects.toMatchObject({
      message: 'HTTP request failed.',
      status: 200,
    })
    expect(server.seen).toHaveLength(1)
  })

  it('[§8.11] [§9.31] throws a TimeoutError and aborts the request when the server never answers', async () => {
    let closed = false
    const server = await serve((_seen, res) => {
      res.on('close', () => {
        closed = true
      })
    })
    const error = await createHttpClient({ baseUrl: server.url, timeout: 50, retryCount: 0 })
      .get('/slow')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe('The request took too long to respond.')
    await vi.waitFor(() => expect(closed).toBe(true))
  })

  it("rejects with code 'ABORTED' when the caller's signal aborts", async () => {
    const server = await serve(() => {})
    const controller = new AbortController()
    const pending = createHttpClient({ baseUrl: server.url }).get('/x', { signal: controller.signal })
    await vi.waitFor(() => expect(server.seen).toHaveLength(1))
    controller.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchkeyError)
    expect(error).toMatchObject({ code: 'ABORTED', message: 'Request was aborted' })
    await expect(
      createHttpClient({ baseUrl: server.url }).get('/x', { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'ABORTED' })
    expect(server.seen).toHaveLength(1)
  })
})

describe('createHttpClient: retry policy (SPEC §9)', () => {
  it.each([403, 408, 413, 429, 500, 502, 503, 504])(
    'retries a GET 3 times after %i, backing off 150/300/600',
    async (status) => {
      const server = await serve((_seen, res) => sendJson(res, status, { status }))
      const { delays, sleep } = recordingSleep()
      const error = await createHttpClient({ baseUrl: server.url, sleep })
        .get('/x')
        .catch((e: unknown) => e)
      expect(error).toMatchObject({ message: `HTTP status code: ${status}`, status })
      expect(server.seen).toHaveLength(4)
      expect(delays).toEqual([150, 300, 600])
    },
  )

  it.each([400, 401, 404, 422])('does not retry after %i', async (status) => {
    const server = await serve((_seen, res) => sendJson(res, status, {}))
    const { delays, sleep } = recordingSleep()
    await expect(createHttpClient({ baseUrl: server.url, sleep }).get('/x')).rejects.toMatchObject({ status })
    expect(server.seen).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('succeeds once a retry gets an OK answer (real timer, small delay)', async () => {
    const server = await serve((_seen, res, attempt) =>
      attempt < 3 ? sendJson(res, 502, {}) : sendJson(res, 200, { ok: 1 }),
    )
    await expect(createHttpClient({ baseUrl: server.url, retryDelay: 1 }).get('/x')).resolves.toEqual({
      ok: 1,
    })
    expect(server.seen).toHaveLength(3)
  })

  it('retries PUT and DELETE, but not POST unless asked', async () => {
    const server = await serve((_seen, res) => sendJson(res, 500, {}))
    const { sleep } = recordingSleep()
    const client = createHttpClient({ baseUrl: server.url, sleep, retryCount: 2 })
    await expect(client.post('/x', { body: {} })).rejects.toMatchObject({ status: 500 })
    expect(server.seen).toHaveLength(1)
    await expect(client.post('/x', { body: {}, retry: true })).rejects.toMatchObject({ status: 500 })
    expect(server.seen).toHaveLength(4)
    await expect(client.put('/x')).rejects.toMatchObject({ status: 500 })
    await expect(client.delete('/x')).rejects.toMatchObject({ status: 500 })
    expect(server.seen).toHaveLength(10)
    await expect(client.get('/x', { retry: false })).rejects.toMatchObject({ status: 500 })
    expect(server.seen).toHaveLength(11)
  })

  it('retries a network failure retryCount times', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('fetch failed')
    })
    const { delays, sleep } = recordingSleep()
    const client = createHttpClient({ baseUrl: 'http://127.0.0.1:9', fetch: fetchMock, sleep })
    await expect(client.get('/x')).rejects.toMatchObject({ message: 'HTTP request failed.' })
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(delays).toEqual([150, 300, 600])
  })

  it('honours a Retry-After in seconds when it is longer than the backoff', async () => {
    const server = await serve((_seen, res, attempt) =>
      attempt === 1 ? sendJson(res, 429, {}, { 'retry-after': '2' }) : sendJson(res, 200, { attempt }),
    )
    const { delays, sleep } = recordingSleep()
    await expect(createHttpClient({ baseUrl: server.url, sleep }).get('/x')).resolves.toEqual({ attempt: 2 })
    expect(server.seen).toHaveLength(2)
    expect(delays).toEqual([2000])
  })

  it('honours a Retry-After HTTP-date, and keeps the backoff when Retry-After is shorter', async () => {
    const server = await serve((_seen, res, attempt) => {
      if (attempt === 1) sendJson(res, 503, {}, { 'retry-after': new Date(Date.now() + 5000).toUTCString() })
      else if (attempt === 2) sendJson(res, 503, {}, { 'retry-after': '0' })
      else sendJson(res, 200, { attempt })
    })
    const { delays, sleep } = recordingSleep()
    await expect(createHttpClient({ baseUrl: server.url, sleep }).get('/x')).resolves.toEqual({ attempt: 3 })
    expect(delays).toHaveLength(2)
    expect(delays[0]).toBeGreaterThan(3000)
    expect(delays[0]).toBeLessThanOrEqual(5000)
    expect(delays[1]).toBe(300)
  })

  it('gives up at once when Retry-After asks for more than the maximum wait', async () => {
    const server = await serve((_seen, res) =>
      sendJson(res, 429, {}, { 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) }),
    )
    const { delays, sleep } = recordingSleep()
    await expect(createHttpClient({ baseUrl: server.url, sleep }).get('/x')).rejects.toMatchObject({
      status: 429,
    })
    expect(server.seen).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('stops retrying when the caller aborts during the wait', async () => {
    const server = await serve((_seen, res) => sendJson(res, 503, {}))
    const controller = new AbortController()
    const client = createHttpClient({ baseUrl: server.url, retryDelay: 60_000 })
    const pending = client.get('/x', { signal: controller.signal })
    await vi.waitFor(() => expect(server.seen).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' })
    expect(server.seen).toHaveLength(1)
  })
})
