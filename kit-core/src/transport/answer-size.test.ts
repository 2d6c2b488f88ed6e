// Answers that are too big, cut short or not JSON (issue 20), through the HTTP client and the JSON-RPC transports,
// against real servers on 127.0.0.1. The servers stream their answers with backpressure and report how much went out
// and whether the client hung up first: that is how a test sees the client stopped reading (no wall-clock timings).
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingSleep, startServer } from '../../test/support/http-server.js'
import { HttpRequestError } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import { createFallbackTransport } from './fallback.js'
import { createHttpClient } from './http.js'
import { createRpcTransport } from './rpc.js'

const MB = 1024 * 1024

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** What one streamed answer did: bytes handed to the socket, and whether it ended or the client closed first. */
interface Streamed {
  written: number
  finished: boolean
  closed: boolean
}

/**
 * Streams a valid JSON answer of exactly `size` bytes (`{"result":"xxx…"}`) in 64 KiB chunks, never held whole,
 * waiting for the socket to drain; with `lengthHeader` (default) it announces its Content-Length.
 */
function streamJson(res: ServerResponse, size: number, lengthHeader = true): Streamed {
  const streamed: Streamed = { written: 0, finished: false, closed: false }
  const head = Buffer.from('{"jsonrpc":"2.0","id":1,"result":"')
  const tail = Buffer.from('"}')
  const filler = Buffer.alloc(64 * 1024, 'x')
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(lengthHeader ? { 'content-length': String(size) } : {}),
  })
  res.on('finish', () => {
    streamed.finished = true
  })
  res.on('close', () => {
    streamed.closed = true
  })
  let left = size - head.length - tail.length
  const write = (chunk: Buffer) => {
    streamed.written += chunk.length
    return res.write(chunk)
  }
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const chunk = left >= filler.length ? filler : filler.subarray(0, left)
      left -= chunk.length
      if (!write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (!res.destroyed) {
      write(tail)
      res.end()
    }
  }
  write(head)
  pump()
  return streamed
}

/** A server whose every answer is `answer(res)`; it records each request's streamed outcome. */
async function serve(answer: (res: ServerResponse) => Streamed | undefined) {
  const answers: (Streamed | undefined)[] = []
  const server = await startServer((_req, _body, res) => {
    answers.push(answer(res))
  })
  servers.push(server)
  return { url: server.url, answers }
}

/** Announces `announced` bytes, sends `sent` of them, then drops the connection. */
function truncate(res: ServerResponse, announced: number, sent: number): undefined {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(announced) })
  res.write(`{"result":"${'x'.repeat(sent)}`, () => res.socket?.destroy())
  return undefined
}

/** The client stopped reading: the server saw the connection closed, the answer unfinished, far short of `size`. */
async function expectStoppedEarly(streamed: Streamed | undefined, size: number) {
  await vi.waitFor(() => expect(streamed?.closed).toBe(true))
  expect(streamed?.finished).toBe(false)
  expect(streamed?.written).toBeLessThan(size / 2)
}

const tooLarge = (limit: number) => ({
  name: 'HttpRequestError',
  message: `The response is larger than the ${limit} bytes allowed`,
  code: 'RESPONSE_TOO_LARGE',
  status: undefined,
})

describe('createHttpClient: answer size cap', () => {
  it.each([
    ['announced by its Content-Length', true],
    ['streamed without a Content-Length', false],
  ])(
    'refuses an answer over maxResponseBytes %s, once, without reading it whole',
    async (_, lengthHeader) => {
      const size = 50 * MB
      const server = await serve((res) => streamJson(res, size, lengthHeader))
      const { delays, sleep } = recordingSleep()
      const client = createHttpClient({ baseUrl: server.url, maxResponseBytes: 64 * 1024, sleep })
      const error = await client.get('/big').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpRequestError)
      expect(error).toMatchObject(tooLarge(65_536))
      expect(server.answers).toHaveLength(1)
      expect(delays).toEqual([])
      await expectStoppedEarly(server.answers[0], size)
    },
  )

  it('reads an answer of exactly maxResponseBytes, and refuses one byte more', async () => {
    let size = 10_000
    const server = await serve((res) => streamJson(res, size, false))
    const client = createHttpClient({ baseUrl: server.url, maxResponseBytes: 10_000, retryCount: 0 })
    const body = (await client.get('/x')) as { result: string }
    expect(body.result).toHaveLength(10_000 - '{"jsonrpc":"2.0","id":1,"result":""}'.length)
    size = 10_001
    await expect(client.get('/x')).rejects.toMatchObject(tooLarge(10_000))
  })

  it('caps getBlob the same way', async () => {
    const server = await serve((res) => streamJson(res, 50 * MB, false))
    const client = createHttpClient({ baseUrl: server.url, maxResponseBytes: 1000 })
    await expect(client.getBlob('/image')).rejects.toMatchObject(tooLarge(1000))
    expect(server.answers).toHaveLength(1)
    await expectStoppedEarly(server.answers[0], 50 * MB)
  })

  it('caps at 32 MB by default', async () => {
    const size = 32 * MB + 1
    const server = await serve((res) => streamJson(res, size))
    const error = await createHttpClient({ baseUrl: server.url })
      .get('/x')
      .catch((e: unknown) => e)
    expect(error).toMatchObject(tooLarge(33_554_432))
    await expectStoppedEarly(server.answers[0], size)
  })

  it('reads an answer without a body (204), and caps a fetch whose answers have no stream after the fact', async () => {
    const server = await serve((res) => {
      res.writeHead(204)
      res.end()
      return undefined
    })
    await expect(
      createHttpClient({ baseUrl: server.url, maxResponseBytes: 10 }).delete('/x'),
    ).resolves.toBeUndefined()
    // A fetch polyfill over XHR: no `body` stream, the answer only whole.
    const whole = (text: string) =>
      ({
        ok: true,
        status: 200,
        headers: new Headers(),
        body: undefined,
        arrayBuffer: async () => new TextEncoder().encode(text).buffer,
      }) as unknown as Response
    const fetch = vi.fn(async () => whole('{"a":1}'))
    const client = createHttpClient({ baseUrl: server.url, fetch, maxResponseBytes: 10 })
    await expect(client.get('/x')).resolves.toEqual({ a: 1 })
    fetch.mockImplementation(async () => whole(JSON.stringify({ a: 'x'.repeat(20) })))
    await expect(client.get('/x')).rejects.toMatchObject(tooLarge(10))
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('fails an answer cut short as truncated: a GET is retried retryCount times, a POST never', async () => {
    const server = await serve((res) => truncate(res, 100_000, 1000))
    const { delays, sleep } = recordingSleep()
    const client = createHttpClient({ baseUrl: server.url, sleep })
    const error = await client.get('/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({
      message: 'The response ended before its announced length',
      code: 'HTTP_REQUEST_FAILED',
      status: undefined,
    })
    expect((error as Error).cause).toBeDefined()
    expect(server.answers).toHaveLength(4)
    expect(delays).toEqual([150, 300, 600])
    await expect(client.post('/x', { body: {} })).rejects.toMatchObject({
      message: 'The response ended before its announced length',
    })
    expect(server.answers).toHaveLength(5)
  })
})

describe('createRpcTransport: answer size cap', () => {
  it.each([
    ['announced by its Content-Length', true],
    ['streamed without a Content-Length', false],
  ])(
    'refuses an answer over maxResponseBytes %s, once, without reading it whole',
    async (_, lengthHeader) => {
      const size = 50 * MB
      const server = await serve((res) => streamJson(res, size, lengthHeader))
      const { delays, sleep } = recordingSleep()
      const transport = createRpcTransport({ url: server.url, maxResponseBytes: 4096, sleep })
      const error = await transport
        .request({ method: 'eth_getLogs', params: [{ fromBlock: '0x0' }] })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpRequestError)
      expect(error).toMatchObject(tooLarge(4096))
      expect(server.answers).toHaveLength(1)
      expect(delays).toEqual([])
      await expectStoppedEarly(server.answers[0], size)
    },
  )

  it('caps at 32 MB by default, and reads a large answer under it', async () => {
    let size = 32 * MB + 1
    const server = await serve((res) => streamJson(res, size))
    const transport = createRpcTransport({ url: server.url })
    await expect(transport.request({ method: 'eth_getLogs' })).rejects.toMatchObject(tooLarge(33_554_432))
    await expectStoppedEarly(server.answers[0], size)
    expect(TransportDefaults.maxResponseBytes).toBe(32 * MB)
    size = 3 * MB // over the services' 2 MB, well under the RPC cap
    await expect(transport.request({ method: 'eth_getLogs', params: [1] })).resolves.toHaveLength(
      size - '{"jsonrpc":"2.0","id":1,"result":""}'.length,
    )
  })

  it('a fallback throws an oversized answer at once, without trying the next transport', async () => {
    const big = await serve((res) => streamJson(res, 10 * MB, false))
    const fine = await serve((res) => streamJson(res, 100))
    const { sleep } = recordingSleep()
    const fallback = createFallbackTransport(
      [
        createRpcTransport({ url: big.url, maxResponseBytes: 4096 }),
        createRpcTransport({ url: fine.url, maxResponseBytes: 4096 }),
      ],
      { sleep },
    )
    await expect(fallback.request({ method: 'eth_getLogs' })).rejects.toMatchObject(tooLarge(4096))
    expect(big.answers).toHaveLength(1)
    expect(fine.answers).toHaveLength(0)
  })

  it('fails a truncated answer clearly: a read is retried retryCount times, a write never', async () => {
    const server = await serve((res) => truncate(res, 50_000, 100))
    const { delays, sleep } = recordingSleep()
    const transport = createRpcTransport({ url: server.url, sleep })
    const truncated = {
      message: 'The response ended before its announced length',
      code: 'HTTP_REQUEST_FAILED',
    }
    await expect(transport.request({ method: 'eth_blockNumber' })).rejects.toMatchObject(truncated)
    expect(server.answers).toHaveLength(4)
    expect(delays).toHaveLength(3)
    await expect(
      transport.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }),
    ).rejects.toMatchObject(truncated)
    expect(server.answers).toHaveLength(5)
  })

  it("fails a malformed (non-JSON) OK answer with 'HTTP request failed.', not retried", async () => {
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('<html><body>502 Bad Gateway</body></html>')
      return undefined
    })
    const { sleep } = recordingSleep()
    const error = await createRpcTransport({ url: server.url, sleep })
      .request({ method: 'eth_chainId' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({
      message: 'HTTP request failed.',
      status: 200,
      body: '<html><body>502 Bad Gateway</body></html>',
    })
    expect(server.answers).toHaveLength(1)
  })
})
