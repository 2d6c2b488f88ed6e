/**
 * Which RPC failures the transports retry or pass to the next URL (SPEC §9), on viem's own error objects; and the
 * transport of a chain with several URLs, which stands in for viem's fallback until its code has loaded.
 */
import {
  type FallbackTransport,
  HttpRequestError,
  InternalRpcError,
  InvalidParamsRpcError,
  TimeoutError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { isRetryableRpcFailure } from '../src/fallback.js'
import { type RankedFallback, transportFor } from '../src/transports.js'

const httpError = (status: number) => new HttpRequestError({ url: 'http://127.0.0.1:1', status })

test('retryable: the listed HTTP statuses, network errors, timeouts, RPC -1 / -32005 / -32603', () => {
  for (const status of [403, 408, 413, 429, 500, 502, 503, 504])
    expect(isRetryableRpcFailure(httpError(status))).toBe(true)
  expect(isRetryableRpcFailure(new HttpRequestError({ url: 'http://127.0.0.1:1' }))).toBe(true)
  expect(isRetryableRpcFailure(new TimeoutError({ body: {}, url: 'http://127.0.0.1:1' }))).toBe(true)
  expect(isRetryableRpcFailure(new InternalRpcError(new Error('boom')))).toBe(true)
  expect(isRetryableRpcFailure(Object.assign(new Error('limit'), { code: -32005 }))).toBe(true)
})

test('not retryable: a 400 or 404, bad params, a user rejection', () => {
  expect(isRetryableRpcFailure(httpError(400))).toBe(false)
  expect(isRetryableRpcFailure(httpError(404))).toBe(false)
  expect(isRetryableRpcFailure(new InvalidParamsRpcError(new Error('bad')))).toBe(false)
  expect(isRetryableRpcFailure(new UserRejectedRequestError(new Error('no')))).toBe(false)
})

describe("several URLs: viem's fallback, loaded when the chain gets its client", () => {
  const urls = ['http://127.0.0.1:1', 'http://127.0.0.1:2']

  /** A stand-in for viem's fallback that answers every request and records what reaches it. */
  function fakeFallback() {
    const received: string[] = []
    const listeners: unknown[] = []
    const ranked = (() => () => ({
      config: {
        request: async ({ method }: { method: string }) => {
          received.push(method)
          return '0x1'
        },
      },
      value: { onResponse: (fn: unknown) => listeners.push(fn), transports: [] },
    })) as unknown as RankedFallback
    return { ranked, received, listeners }
  }

  test("the transport is there at once: type fallback, its http transports, the fallback's retries", () => {
    const transport = transportFor(
      urls,
      () => true,
      () => new Promise<never>(() => {}),
    )({ chain: undefined })
    expect(transport.config).toMatchObject({
      key: 'fallback',
      type: 'fallback',
      retryCount: 3,
      retryDelay: 150,
    })
    const value = transport.value as ReturnType<FallbackTransport>['value']
    expect(value?.transports.map((inner) => inner.config.type)).toEqual(['http', 'http'])
    expect(value?.transports.map((inner) => inner.config.retryCount)).toEqual([0, 0])
  })

  test('a failed load is not kept: the next request loads again, and once loaded nothing loads again', async () => {
    const fake = fakeFallback()
    let loads = 0
    let failing = true
    const load = async () => {
      loads++
      if (failing) throw new TypeError('Failed to fetch dynamically imported module')
      return fake.ranked
    }
    const transport = transportFor(urls, () => true, load)({ chain: undefined })
    // The raw request (the client wraps it in the fallback's retries).
    const request = (method: string) => transport.config.request({ method })
    await expect(request('eth_chainId')).rejects.toThrow('Failed to fetch dynamically imported module')
    expect(loads).toBe(2) // when the client was made, then for the request
    failing = false
    await expect(request('eth_chainId')).resolves.toBe('0x1')
    await expect(request('eth_blockNumber')).resolves.toBe('0x1')
    expect(loads).toBe(3)
    expect(fake.received).toEqual(['eth_chainId', 'eth_blockNumber'])
  })

  test("a response listener set before the load reaches the fallback's", async () => {
    const fake = fakeFallback()
    const transport = transportFor(
      urls,
      () => true,
      async () => fake.ranked,
    )({ chain: undefined })
    const listener = () => {}
    ;(transport.value as ReturnType<FallbackTransport>['value'])?.onResponse(listener)
    await transport.config.request({ method: 'eth_chainId' })
    expect(fake.listeners).toEqual([listener])
  })
})
