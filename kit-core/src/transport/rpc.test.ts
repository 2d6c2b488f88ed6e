import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingSleep, sendJson, startServer } from '../../test/support/http-server.js'
import { HttpRequestError, LatchkeyError, ProviderRpcError, TimeoutError } from '../errors/index.js'
import { createRpcTransport, isReadMethod } from './rpc.js'

interface RpcMessage {
  jsonrpc: string
  id: number
  method: string
  params?: unknown
}
/** Answers one message: `{ result }` or `{ error }`, or a whole HTTP reply via `http`. */
type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }
type Reply =
  | Answer
  | { http: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { omit: true }

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/**
 * A JSON-RPC server on 127.0.0.1: `reply(message, n)` answers each message (n counts HTTP requests);
 * a batch gets an array back, unless the reply for its first message is an HTTP-level one.
 */
async function rpcServer(reply: (message: RpcMessage, n: number) => Reply = (m) => ({ result: m.method })) {
  const bodies: (RpcMessage | RpcMessage[])[] = []
  const headers: Record<string, string | string[] | undefined>[] = []
  const server = await startServer((req, text, res) => {
    const body = JSON.parse(text) as RpcMessage | RpcMessage[]
    bodies.push(body)
    headers.push(req.headers)
    const messages = Array.isArray(body) ? body : [body]
    const replies = messages.map((message) => reply(message, bodies.length))
    const first = replies[0]
    if (first && 'hang' in first) return
    if (first && 'http' in first) return sendJson(res, first.http, first.body, first.headers)
    const answers = replies.flatMap((answer, i) =>
      'omit' in answer ? [] : [{ jsonrpc: '2.0', id: messages[i]?.id, ...answer }],
    )
    sendJson(res, 200, Array.isArray(body) ? answers : answers[0])
  })
  const handle = {
    ...server,
    bodies,
    headers,
    /** Every message received, flattened out of batches. */
    messages: () => bodies.flatMap((body) => (Array.isArray(body) ? body : [body])),
  }
  servers.push(handle)
  return handle
}

describe('createRpcTransport: requests and errors', () => {
  it('throws the no-URL message when the url is missing', () => {
    const message = 'No URL was provided to the Transport. Please provide a valid RPC URL to the Transport.'
    expect(() => createRpcTransport({ url: undefined })).toThrow(LatchkeyError)
    expect(() => createRpcTransport({ url: undefined })).toThrow(message)
    expect(() => createRpcTransport({ url: ' ' })).toThrow(message)
  })

  it('POSTs JSON-RPC 2.0 with incrementing ids and resolves the result', async () => {
    const server = await rpcServer((m) => ({ result: { method: m.method, params: m.params ?? null } }))
    const transport = createRpcTransport({ url: server.url })
    expect(transport.url).toBe(server.url)
    await expect(
      transport.request({ method: 'eth_getBalance', params: ['0xabc', 'latest'] }),
    ).resolves.toEqual({
      method: 'eth_getBalance',
      params: ['0xabc', 'latest'],
    })
    await expect(transport.request({ method: 'eth_chainId' })).resolves.toEqual({
      method: 'eth_chainId',
      params: null,
    })
    await transport.request({ method: 'eth_call', params: [{ value: 10n }] })
    expect(server.bodies).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xabc', 'latest'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 3, method: 'eth_call', params: [{ value: '10' }] },
    ])
    expect(server.headers[0]?.['content-type']).toBe('application/json')
  })

  it('lets headers override the content type (text/plain gateways)', async () => {
    const server = await rpcServer()
    await createRpcTransport({
      url: server.url,
      headers: { 'content-type': 'text/plain', 'x-k': 'v' },
    }).request({
      method: 'eth_chainId',
    })
    expect(server.headers[0]).toMatchObject({ 'content-type': 'text/plain', 'x-k': 'v' })
  })

  it('turns a JSON-RPC error into a ProviderRpcError with code, message and data, without retrying', async () => {
    const server = await rpcServer(() => ({
      error: { code: 3, message: 'execution reverted', data: '0x08c379a0' },
    }))
    const error = await createRpcTransport({ url: server.url })
      .request({ method: 'eth_call' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 3, message: 'execution reverted', data: '0x08c379a0' })
    expect(server.bodies).toHaveLength(1)
  })

  it.each([4001, -32601, -32602])('fails at once on non-retryable RPC code %i', async (code) => {
    const server = await rpcServer(() => ({ error: { code, message: 'no' } }))
    const { sleep, delays } = recordingSleep()
    await expect(
      createRpcTransport({ url: server.url, sleep }).request({ method: 'x' }),
    ).rejects.toMatchObject({ code })
    expect(server.bodies).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it.each([-32603, -32005, -1])('retries RPC code %i, then succeeds', async (code) => {
    const server = await rpcServer((_m, n) =>
      n === 1 ? { error: { code, message: 'busy' } } : { result: '0x1' },
    )
    const { sleep, delays } = recordingSleep()
    await expect(
      createRpcTransport({ url: server.url, sleep }).request({ method: 'eth_blockNumber' }),
    ).resolves.toBe('0x1')
    expect(server.bodies).toHaveLength(2)
    expect(delays).toEqual([150])
  })

  it('retries -32603 retryCount times with exponential backoff, then throws it', async () => {
    const server = await rpcServer(() => ({ error: { code: -32603, message: 'internal' } }))
    const { sleep, delays } = recordingSleep()
    await expect(
      createRpcTransport({ url: server.url, sleep, retryDelay: 10 }).request({ method: 'eth_blockNumber' }),
    ).rejects.toMatchObject({ code: -32603, message: 'internal' })
    expect(server.bodies).toHaveLength(4)
    expect(delays).toEqual([10, 20, 40])
  })

  it('retries a retryable HTTP status honouring Retry-After, and not a 404', async () => {
    const server = await rpcServer((m, n) =>
      m.method === 'missing'
        ? { http: 404 }
        : n === 1
          ? { http: 429, headers: { 'retry-after': '1' } }
          : { result: 7 },
    )
    const { sleep, delays } = recordingSleep()
    const transport = createRpcTransport({ url: server.url, sleep })
    await expect(transport.request({ method: 'eth_gasPrice' })).resolves.toBe(7)
    expect(delays).toEqual([1000])
    const error = await transport.request({ method: 'missing' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({ message: 'HTTP status code: 404', status: 404 })
    expect(server.bodies).toHaveLength(3)
  })

  it('treats a malformed answer as a retryable internal error', async () => {
    const server = await rpcServer((_m, n) =>
      n === 1 ? { http: 200, body: { jsonrpc: '2.0' } } : { result: 1 },
    )
    const { sleep } = recordingSleep()
    await expect(
      createRpcTransport({ url: server.url, sleep }).request({ method: 'eth_chainId' }),
    ).resolves.toBe(1)
    expect(server.bodies).toHaveLength(2)
  })

  it('times out with a TimeoutError', async () => {
    const server = await rpcServer(() => ({ hang: true }))
    const error = await createRpcTransport({ url: server.url, timeout: 50, retryCount: 0 })
      .request({ method: 'eth_chainId' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe('The request took too long to respond.')
  })

  it("rejects with code 'ABORTED' when the caller aborts", async () => {
    const server = await rpcServer(() => ({ hang: true }))
    const controller = new AbortController()
    const pending = createRpcTransport({ url: server.url }).request(
      { method: 'eth_sendRawTransaction', params: ['0x'] },
      { signal: controller.signal },
    )
    await vi.waitFor(() => expect(server.bodies).toHaveLength(1))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' })
  })
})

describe('createRpcTransport: batching', () => {
  it('sends calls of the same macrotask as one array and matches answers by id', async () => {
    const server = await rpcServer((m) => ({ result: `${m.method}:${JSON.stringify(m.params)}` }))
    const transport = createRpcTransport({ url: server.url, batch: true })
    const results = await Promise.all([
      transport.request({ method: 'eth_getBalance', params: ['0x1'] }),
      transport.request({ method: 'eth_getBalance', params: ['0x2'] }),
      transport.request({ method: 'eth_blockNumber' }),
    ])
    expect(results).toEqual(['eth_getBalance:["0x1"]', 'eth_getBalance:["0x2"]', 'eth_blockNumber:undefined'])
    expect(server.bodies).toHaveLength(1)
    expect(Array.isArray(server.bodies[0])).toBe(true)
    expect(server.bodies[0]).toHaveLength(3)
  })

  it('matches answers that come back in another order', async () => {
    const server = await rpcServer((m) => ({ result: m.id }))
    // Reverse the array on the way back through a fetch wrapper.
    const reversing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      const body = (await response.json()) as unknown[]
      return new Response(JSON.stringify([...body].reverse()), { status: 200 })
    }
    const transport = createRpcTransport({ url: server.url, batch: true, fetch: reversing, dedupe: false })
    const ids = await Promise.all([1, 2, 3].map(() => transport.request({ method: 'eth_chainId' })))
    expect(ids).toEqual([1, 2, 3])
  })

  it('[§9.34] keeps batches to batchSize and sends a lone call as a plain object', async () => {
    const server = await rpcServer()
    const transport = createRpcTransport({ url: server.url, batch: { batchSize: 2 } })
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) => transport.request({ method: 'eth_getBalance', params: [i] })),
    )
    expect(server.bodies.map((body) => (Array.isArray(body) ? body.length : 'single'))).toEqual([
      2,
      2,
      'single',
    ])
  })

  it('collects calls across macrotasks for `wait` ms', async () => {
    const server = await rpcServer()
    const transport = createRpcTransport({ url: server.url, batch: { wait: 100 } })
    const first = transport.request({ method: 'eth_chainId' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await Promise.all([first, transport.request({ method: 'eth_blockNumber' })])
    expect(server.bodies).toHaveLength(1)
    expect(server.bodies[0]).toHaveLength(2)
  })

  it('fails every call of a failed batch, then retries each alone', async () => {
    const server = await rpcServer((m, n) => (n === 1 ? { http: 503 } : { result: m.params }))
    const { sleep } = recordingSleep()
    const transport = createRpcTransport({ url: server.url, batch: true, sleep })
    const results = await Promise.all(
      [1, 2, 3].map((i) => transport.request({ method: 'eth_getBalance', params: [i] })),
    )
    expect(results).toEqual([[1], [2], [3]])
    expect(server.bodies[0]).toHaveLength(3)
    expect(server.bodies.slice(1).every((body) => !Array.isArray(body))).toBe(true)
    expect(server.bodies).toHaveLength(4)
  })

  it('retries a call whose answer is missing from the batch, and fails a non-retryable one at once', async () => {
    const server = await rpcServer((m, n) => {
      if (m.method === 'bad') return { error: { code: -32601, message: 'method not found' } }
      return n === 1 && m.method === 'lost' ? { omit: true } : { result: m.method }
    })
    const { sleep } = recordingSleep()
    const transport = createRpcTransport({ url: server.url, batch: true, sleep })
    const [ok, lost, bad] = await Promise.allSettled([
      transport.request({ method: 'ok' }),
      transport.request({ method: 'lost' }),
      transport.request({ method: 'bad' }),
    ])
    expect(ok).toEqual({ status: 'fulfilled', value: 'ok' })
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: -32601 } })
    expect(lost).toMatchObject({ status: 'fulfilled', value: 'lost' })
    expect(server.messages().filter((m) => m.method === 'bad')).toHaveLength(1)
    expect(server.messages().filter((m) => m.method === 'lost')).toHaveLength(2)
  })
})

describe('createRpcTransport: dedupe', () => {
  it('shares one call between identical concurrent reads, never for sends', async () => {
    const server = await rpcServer((m) => ({ result: m.id }))
    const transport = createRpcTransport({ url: server.url })
    const balance = { method: 'eth_getBalance', params: ['0xabc', 'latest'] }
    const [a, b] = await Promise.all([transport.request(balance), transport.request({ ...balance })])
    expect(a).toBe(b)
    expect(server.bodies).toHaveLength(1)
    const raw = { method: 'eth_sendRawTransaction', params: ['0x02f8'] }
    await Promise.all([transport.request(raw), transport.request(raw)])
    expect(server.bodies).toHaveLength(3)
    // Not in flight any more: a later identical read goes out again.
    await transport.request(balance)
    expect(server.bodies).toHaveLength(4)
  })

  it('treats bigint params like their JSON form, and distinct params apart', async () => {
    const server = await rpcServer((m) => ({ result: m.id }))
    const transport = createRpcTransport({ url: server.url })
    await Promise.all([
      transport.request({ method: 'eth_call', params: [{ value: 1n }] }),
      transport.request({ method: 'eth_call', params: [{ value: 1n }] }),
      transport.request({ method: 'eth_call', params: [{ value: 2n }] }),
    ])
    expect(server.bodies).toHaveLength(2)
  })

  it('can be turned off or given a rule', async () => {
    const server = await rpcServer()
    const off = createRpcTransport({ url: server.url, dedupe: false })
    await Promise.all([off.request({ method: 'eth_chainId' }), off.request({ method: 'eth_chainId' })])
    expect(server.bodies).toHaveLength(2)
    const custom = createRpcTransport({ url: server.url, dedupe: (method) => method === 'my_read' })
    await Promise.all([custom.request({ method: 'my_read' }), custom.request({ method: 'my_read' })])
    expect(server.bodies).toHaveLength(3)
  })

  it('keeps the shared call for the callers that did not abort', async () => {
    let release: (() => void) | undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const server = await rpcServer(() => ({ result: 'late' }))
    const slow: typeof fetch = async (input, init) => {
      await gate
      return fetch(input, init)
    }
    const transport = createRpcTransport({ url: server.url, fetch: slow })
    const controller = new AbortController()
    const leaving = transport.request({ method: 'eth_chainId' }, { signal: controller.signal })
    const staying = transport.request({ method: 'eth_chainId' })
    controller.abort()
    await expect(leaving).rejects.toMatchObject({ code: 'ABORTED' })
    release?.()
    await expect(staying).resolves.toBe('late')
    expect(server.bodies).toHaveLength(1)
  })

  it('[§9.33] remembers at most 8192 in-flight keys, forgetting the oldest', async () => {
    const pending: (() => void)[] = []
    const calls: string[] = []
    const held: typeof fetch = (_input, init) => {
      calls.push(String(init?.body))
      return new Promise((resolve) => {
        pending.push(() => resolve(new Response('{"jsonrpc":"2.0","id":0,"result":null}')))
      })
    }
    const transport = createRpcTransport({ url: 'http://127.0.0.1:9', fetch: held, timeout: 0 })
    const requests = Array.from({ length: 8193 }, (_, i) =>
      transport.request({ method: 'eth_getBalance', params: [i] }),
    )
    await vi.waitFor(() => expect(calls).toHaveLength(8193))
    // Key 0 was evicted by key 8192; key 8192 is still shared.
    requests.push(transport.request({ method: 'eth_getBalance', params: [0] }))
    requests.push(transport.request({ method: 'eth_getBalance', params: [8192] }))
    await vi.waitFor(() => expect(calls).toHaveLength(8194))
    expect(calls.at(-1)).toContain('"params":[0]')
    for (const resolve of pending) resolve()
    await Promise.all(requests)
    expect(calls).toHaveLength(8194)
  })
})

describe('isReadMethod', () => {
  it.each([
    'eth_call',
    'eth_getBalance',
    'eth_chainId',
    'eth_blockNumber',
    'eth_getTransactionReceipt',
    'eth_getLogs',
    'net_listening',
    'getBalance',
    'getAccountInfo',
  ])('dedupes %s', (method) => {
    expect(isReadMethod(method)).toBe(true)
  })
  it.each([
    'eth_sendRawTransaction',
    'eth_sendTransaction',
    'sendTransaction',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_getFilterChanges',
    'wallet_switchEthereumChain',
    'eth_newFilter',
  ])('does not dedupe %s', (method) => {
    expect(isReadMethod(method)).toBe(false)
  })
})

describe('createRpcTransport: a write is sent again only when it was certainly not processed', () => {
  const send = { method: 'eth_sendRawTransaction', params: ['0x02f8'] }

  it.each([
    ['a 502 (the node may have processed it)', { http: 502 } as Reply],
    ['a 504', { http: 504 } as Reply],
    ['a JSON-RPC -32603', { error: { code: -32603, message: 'internal' } } as Reply],
  ])('is sent exactly once after %s, and the error is final', async (_, reply) => {
    const server = await rpcServer(() => reply)
    const { sleep, delays } = recordingSleep()
    await expect(createRpcTransport({ url: server.url, sleep }).request(send)).rejects.toBeInstanceOf(Error)
    expect(server.messages().map((m) => m.method)).toEqual(['eth_sendRawTransaction'])
    expect(delays).toEqual([])
  })

  it('is sent exactly once after a timeout (the answer was lost, not the request)', async () => {
    const server = await rpcServer(() => ({ hang: true }))
    const error = await createRpcTransport({ url: server.url, timeout: 50 })
      .request(send)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(server.messages()).toHaveLength(1)
  })

  it('is sent again after 429 and 503 (not processed), then succeeds', async () => {
    const server = await rpcServer((_m, n) =>
      n === 1 ? { http: 429 } : n === 2 ? { http: 503 } : { result: '0xhash' },
    )
    const { sleep, delays } = recordingSleep()
    expect(await createRpcTransport({ url: server.url, sleep }).request(send)).toBe('0xhash')
    expect(server.messages()).toHaveLength(3)
    expect(delays).toEqual([150, 300])
  })

  it('is sent again when the connection was refused before sending', async () => {
    const server = await rpcServer()
    const url = server.url
    await server.close()
    const { sleep, delays } = recordingSleep()
    const error = await createRpcTransport({ url, sleep, retryCount: 2 })
      .request(send)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(delays).toEqual([150, 300])
  })

  it('reads keep the policy of SPEC §9: a 502 is retried', async () => {
    const server = await rpcServer((_m, n) => (n === 1 ? { http: 502 } : { result: '0x1' }))
    const { sleep } = recordingSleep()
    expect(await createRpcTransport({ url: server.url, sleep }).request({ method: 'eth_blockNumber' })).toBe(
      '0x1',
    )
    expect(server.messages()).toHaveLength(2)
  })
})

describe('createRpcTransport: a 429 storm', () => {
  it('spreads the readers’ retries (full jitter) and sends each write exactly once', async () => {
    // Each reader's first call is answered 429 (no Retry-After); the server notes when, and when the retry arrives.
    const answered = new Map<string, number>()
    const waited: number[] = []
    const writes: string[] = []
    const server = await rpcServer((message) => {
      const key = String((message.params as unknown[] | undefined)?.[0])
      if (message.method === 'eth_sendRawTransaction') {
        writes.push(key)
        return { http: 502 }
      }
      const first = answered.get(key)
      if (first === undefined) {
        answered.set(key, performance.now())
        return { http: 429 }
      }
      waited.push(performance.now() - first)
      return { result: key }
    })
    const transport = createRpcTransport({ url: server.url, retryDelay: 150 })
    const readers = Array.from({ length: 50 }, (_, i) =>
      transport.request({ method: 'eth_getBalance', params: [`0x${i.toString(16)}`, 'latest'] }),
    )
    const senders = Array.from({ length: 10 }, (_, i) =>
      transport.request({ method: 'eth_sendRawTransaction', params: [`0xw${i}`] }).catch((e: unknown) => e),
    )
    expect(await Promise.all(readers)).toHaveLength(50)
    expect((await Promise.all(senders)).every((e) => e instanceof HttpRequestError)).toBe(true)
    expect(writes.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `0xw${i}`).sort())
    // Without jitter every reader waits the whole 150 ms step; with it the waits spread over 0-150 ms.
    expect(waited).toHaveLength(50)
    expect(waited.filter((ms) => ms < 100).length).toBeGreaterThanOrEqual(10)
  })
})
