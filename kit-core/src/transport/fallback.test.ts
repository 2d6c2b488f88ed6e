import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingSleep, sendJson, startServer } from '../../test/support/http-server.js'
import { HttpRequestError, LatchkeyError, ProviderRpcError } from '../errors/index.js'
import { createFallbackTransport, type FallbackTransport } from './fallback.js'
import { createRpcTransport, type RpcTransport } from './rpc.js'

interface RpcMessage {
  id: number
  method: string
}
type Reply = { result: unknown } | { error: { code: number; message: string } } | { http: number }

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** A JSON-RPC server on 127.0.0.1; `reply` may be async to simulate a slow node. */
async function rpcServer(reply: (message: RpcMessage) => Reply | Promise<Reply> = () => ({ result: true })) {
  const methods: string[] = []
  const server = await startServer(async (_req, text, res) => {
    const message = JSON.parse(text) as RpcMessage
    methods.push(message.method)
    const answer = await reply(message)
    if ('http' in answer) {
      res.writeHead(answer.http)
      res.end()
      return
    }
    sendJson(res, 200, { jsonrpc: '2.0', id: message.id, ...answer })
  })
  const handle = {
    ...server,
    methods,
    /** Calls other than ranking pings. */
    calls: () => methods.filter((method) => method !== 'net_listening'),
  }
  cleanups.push(handle.close)
  return handle
}

function track(transport: FallbackTransport): FallbackTransport {
  cleanups.push(() => transport.stop())
  return transport
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A transport stub that never touches the network; `ping` decides how net_listening goes. */
function stub(url: string, ping: () => Promise<unknown>): RpcTransport & { pings: number } {
  const transport = {
    url,
    pings: 0,
    async request<T>(): Promise<T> {
      transport.pings++
      return (await ping()) as T
    },
  }
  return transport
}

describe('createFallbackTransport: failover', () => {
  it('needs at least one transport', () => {
    expect(() => createFallbackTransport([])).toThrow(LatchkeyError)
  })

  it('goes to the second transport when the first is down, without retrying the first', async () => {
    const down = await rpcServer()
    const downUrl = down.url
    await down.close()
    const up = await rpcServer((m) => ({ result: `up:${m.method}` }))
    const { sleep, delays } = recordingSleep()
    const fallback = createFallbackTransport(
      [createRpcTransport({ url: downUrl }), createRpcTransport({ url: up.url })],
      { sleep },
    )
    expect(fallback.url).toBe(downUrl)
    await expect(fallback.request({ method: 'eth_chainId' })).resolves.toBe('up:eth_chainId')
    expect(up.calls()).toEqual(['eth_chainId'])
    expect(delays).toEqual([])
  })

  it('moves on after a retryable RPC code or HTTP status', async () => {
    const busy = await rpcServer(() => ({ error: { code: -32005, message: 'limit exceeded' } }))
    const broken = await rpcServer(() => ({ http: 502 }))
    const up = await rpcServer(() => ({ result: 1 }))
    const fallback = createFallbackTransport(
      [busy, broken, up].map((s) => createRpcTransport({ url: s.url })),
    )
    await expect(fallback.request({ method: 'eth_blockNumber' })).resolves.toBe(1)
    expect([busy.calls().length, broken.calls().length, up.calls().length]).toEqual([1, 1, 1])
  })

  it('gives a write to the next endpoint only when the last one certainly did not process it', async () => {
    const broken = await rpcServer(() => ({ http: 502 }))
    const next = await rpcServer(() => ({ result: '0xhash' }))
    const { sleep } = recordingSleep()
    const send = { method: 'eth_sendRawTransaction', params: ['0x02f8'] }
    const fallback = createFallbackTransport(
      [broken, next].map((s) => createRpcTransport({ url: s.url })),
      { sleep },
    )
    // A 502 may follow processing: the write is not sent again, anywhere.
    await expect(fallback.request(send)).rejects.toBeInstanceOf(HttpRequestError)
    expect([broken.calls().length, next.calls().length]).toEqual([1, 0])
    // A 429 says it was not processed: the next endpoint gets it.
    const limited = await rpcServer(() => ({ http: 429 }))
    const second = createFallbackTransport(
      [limited, next].map((s) => createRpcTransport({ url: s.url })),
      { sleep },
    )
    await expect(second.request(send)).resolves.toBe('0xhash')
    expect([limited.calls().length, next.calls().length]).toEqual([1, 1])
  })

  it.each([
    [3, 'execution reverted'],
    [4001, 'User rejected the request.'],
  ])('throws non-retryable code %i at once without trying the next transport', async (code, message) => {
    const first = await rpcServer(() => ({ error: { code, message } }))
    const second = await rpcServer()
    const fallback = createFallbackTransport([first, second].map((s) => createRpcTransport({ url: s.url })))
    const error = await fallback.request({ method: 'eth_call' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code, message })
    expect(first.calls()).toHaveLength(1)
    expect(second.calls()).toHaveLength(0)
  })

  it('retries whole rounds with backoff when every transport fails, then throws the last error', async () => {
    const first = await rpcServer(() => ({ http: 502 }))
    const second = await rpcServer(() => ({ http: 503 }))
    const { sleep, delays } = recordingSleep()
    const fallback = createFallbackTransport(
      [first, second].map((s) => createRpcTransport({ url: s.url })),
      { retryCount: 2, sleep },
    )
    const error = await fallback.request({ method: 'eth_chainId' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({ status: 503 })
    expect([first.calls().length, second.calls().length]).toEqual([3, 3])
    expect(delays).toEqual([150, 300])
  })
})

describe('createFallbackTransport: ranking', () => {
  it('keeps the given order until the first round of pings ends', () => {
    const never = () => new Promise(() => {})
    const fallback = track(
      createFallbackTransport([stub('http://a.test', never), stub('http://b.test', never)], {
        rank: { interval: 60_000, timeout: 60_000 },
      }),
    )
    expect(fallback.ranking()).toEqual([
      { url: 'http://a.test', score: 0, stability: 0, latency: 0, latencyScore: 0, samples: 0 },
      { url: 'http://b.test', score: 0, stability: 0, latency: 0, latencyScore: 0, samples: 0 },
    ])
    expect(fallback.url).toBe('http://a.test')
  })

  it('puts a failing first server last and sends requests to the healthy one', async () => {
    const failing = await rpcServer((m) =>
      m.method === 'net_listening' ? { http: 500 } : { result: 'failing' },
    )
    const healthy = await rpcServer((m) => ({ result: m.method === 'net_listening' ? true : 'healthy' }))
    const fallback = track(
      createFallbackTransport(
        [failing, healthy].map((s) => createRpcTransport({ url: s.url })),
        {
          rank: { interval: 20, timeout: 500 },
        },
      ),
    )
    await vi.waitFor(() => expect(fallback.ranking()[0]?.url).toBe(healthy.url))
    const [best, worst] = fallback.ranking()
    expect(best).toMatchObject({ stability: 1 })
    expect(worst).toMatchObject({ url: failing.url, stability: 0 })
    expect(fallback.url).toBe(healthy.url)
    await expect(fallback.request({ method: 'eth_chainId' })).resolves.toBe('healthy')
    expect(failing.calls()).toHaveLength(0)
  })

  it('puts a slow first server behind a fast one (latency weight)', async () => {
    const slow = await rpcServer(async () => {
      await wait(80)
      return { result: true }
    })
    const fast = await rpcServer()
    const fallback = track(
      createFallbackTransport(
        [slow, fast].map((s) => createRpcTransport({ url: s.url })),
        {
          rank: { interval: 10, timeout: 1000 },
        },
      ),
    )
    await vi.waitFor(() => expect(fallback.ranking()[0]?.url).toBe(fast.url), { timeout: 3000 })
    const [first, second] = fallback.ranking()
    expect(first?.stability).toBe(1)
    expect(second?.stability).toBe(1)
    expect(second?.latencyScore).toBe(0)
    expect(first?.latency).toBeLessThan(second?.latency ?? 0)
  })

  it('[§9.36] scores 0.7·stability + 0.3·latencyScore over the last sampleCount samples', async () => {
    const a = stub('http://a.test', () => wait(30))
    const b = stub('http://b.test', async () => true)
    const c = stub('http://c.test', async () => {
      throw new Error('down')
    })
    const fallback = track(
      createFallbackTransport([c, a, b], { rank: { interval: 5, timeout: 200, sampleCount: 3 } }),
    )
    await vi.waitFor(() => expect(fallback.ranking().every((rank) => rank.samples === 3)).toBe(true))
    const ranking = fallback.ranking()
    expect(ranking.map((rank) => rank.url)).toEqual(['http://b.test', 'http://a.test', 'http://c.test'])
    for (const rank of ranking)
      expect(rank.score).toBeCloseTo(0.7 * rank.stability + 0.3 * rank.latencyScore, 10)
    // A failed ping counts as the whole timeout, so the failing transport is also the slowest.
    expect(ranking[2]).toMatchObject({ stability: 0, latency: 200, latencyScore: 0, score: 0 })
    await wait(30)
    expect(fallback.ranking().every((rank) => rank.samples === 3)).toBe(true)
  })

  it('uses custom weights and a custom ping', async () => {
    const a = stub('http://a.test', async () => true)
    const b = stub('http://b.test', async () => true)
    const ping = vi.fn(async (transport: RpcTransport) => {
      if (transport.url === 'http://a.test') throw new Error('custom check failed')
    })
    const fallback = track(
      createFallbackTransport([a, b], { rank: { interval: 5, ping, weights: { stability: 1, latency: 0 } } }),
    )
    await vi.waitFor(() => expect(fallback.ranking()[0]?.url).toBe('http://b.test'))
    expect(fallback.ranking()[0]?.score).toBe(1)
    expect(ping).toHaveBeenCalled()
    expect(a.pings + b.pings).toBe(0)
  })

  it("pings with an unref'd timer and stops pinging after stop()", async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const a = stub('http://a.test', async () => true)
    const fallback = createFallbackTransport([a], { rank: { interval: 15 } })
    await vi.waitFor(() => expect(a.pings).toBeGreaterThanOrEqual(2))
    const rankTimers = setTimeoutSpy.mock.calls.flatMap((call, i) =>
      call[1] === 15 ? [setTimeoutSpy.mock.results[i]?.value as NodeJS.Timeout] : [],
    )
    setTimeoutSpy.mockRestore()
    expect(rankTimers.length).toBeGreaterThan(0)
    expect(rankTimers.every((timer) => !timer.hasRef())).toBe(true)
    fallback.stop()
    const pings = a.pings
    await wait(60)
    expect(a.pings).toBeLessThanOrEqual(pings + 1)
  })
})
