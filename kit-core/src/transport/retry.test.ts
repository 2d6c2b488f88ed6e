import { describe, expect, it, vi } from 'vitest'
import { HttpRequestError, LatchkeyError, Messages, ProviderRpcError, TimeoutError } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import {
  abortedError,
  backoffDelay,
  isRetryableError,
  isRetryableWriteError,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  raceSignal,
  setRetryAfter,
  sleep,
  unrefTimer,
  withRetry,
} from './retry.js'

describe('[§9.31] [§9.33] [§9.34] [§9.35] [§9.36] TransportDefaults (SPEC §9)', () => {
  it('pins the HTTP transport constants', () => {
    expect(TransportDefaults).toEqual({
      timeout: 10_000,
      retryCount: 3,
      retryDelay: 150,
      dedupeCacheSize: 8192,
      batchSize: 1000,
      batchWait: 0,
      rankInterval: 4000,
      rankSampleCount: 10,
      rankTimeout: 1000,
      rankWeights: { stability: 0.7, latency: 0.3 },
      maxResponseBytes: 32 * 1024 * 1024,
      clientIdHeader: 'x-latchkey-client-id',
    })
    expect(TransportDefaults.maxResponseBytes).toBe(33_554_432)
  })
})

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP-dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe('backoffDelay', () => {
  it('doubles from retryDelay and takes a longer Retry-After', () => {
    expect([0, 1, 2].map((attempt) => backoffDelay(attempt, 150, undefined))).toEqual([150, 300, 600])
    expect(backoffDelay(0, 150, 1000)).toBe(1000)
    expect(backoffDelay(2, 150, 100)).toBe(600)
    expect(backoffDelay(0, 150, MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS)
    expect(backoffDelay(0, 150, MAX_RETRY_AFTER_MS + 1)).toBeUndefined()
  })
})

describe('[§9.32] isRetryableError (SPEC §9)', () => {
  const http = (status?: number) => new HttpRequestError('x', { url: 'http://a.test', status })
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries HTTP %i', (status) => {
    expect(isRetryableError(http(status))).toBe(true)
  })
  it.each([400, 401, 404, 409, 501])('does not retry HTTP %i', (status) => {
    expect(isRetryableError(http(status))).toBe(false)
  })
  it.each([-1, -32005, -32603])('retries RPC code %i', (code) => {
    expect(isRetryableError(new ProviderRpcError(code))).toBe(true)
  })
  it.each([3, 4001, 4100, -32601, -32602, -32000])('does not retry RPC code %i', (code) => {
    expect(isRetryableError(new ProviderRpcError(code))).toBe(false)
  })
  it('retries network failures and timeouts, not aborts or unknown errors', () => {
    expect(isRetryableError(http(undefined))).toBe(true)
    expect(isRetryableError(new TimeoutError({ url: 'http://a.test', timeout: 1 }))).toBe(true)
    expect(isRetryableError(abortedError())).toBe(false)
    expect(isRetryableError(new LatchkeyError('x'))).toBe(false)
    expect(isRetryableError(new TypeError('x'))).toBe(false)
  })
  it('never retries an answer too large (sending again brings the same body); retries a truncated read, not write', () => {
    const url = 'http://a.test'
    const tooLarge = new HttpRequestError(Messages.responseTooLarge(1), { url, code: 'RESPONSE_TOO_LARGE' })
    const truncated = new HttpRequestError(Messages.responseTruncated, {
      url,
      cause: new TypeError('terminated'),
    })
    expect(isRetryableError(tooLarge)).toBe(false)
    expect(isRetryableWriteError(tooLarge)).toBe(false)
    expect(isRetryableError(truncated)).toBe(true)
    expect(isRetryableWriteError(truncated)).toBe(false)
  })
})

describe('withRetry', () => {
  it('[§9.31] retries retryable errors up to retryCount, honouring a recorded Retry-After', async () => {
    const delays: number[] = []
    const error = new ProviderRpcError(-32005)
    setRetryAfter(error, 5000)
    const run = vi.fn(async (attempt: number) => {
      if (attempt < 2) throw error
      return 'done'
    })
    const result = await withRetry(run, {
      retryCount: 3,
      retryDelay: 10,
      sleep: async (ms) => void delays.push(ms),
    })
    expect(result).toBe('done')
    expect(run).toHaveBeenCalledTimes(3)
    expect(delays).toEqual([5000, 5000])
  })

  it('throws a non-retryable error at once', async () => {
    const run = vi.fn(async () => {
      throw new ProviderRpcError(4001)
    })
    await expect(withRetry(run, { retryCount: 3, retryDelay: 1 })).rejects.toMatchObject({ code: 4001 })
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('sleep and raceSignal', () => {
  it('sleep resolves, and rejects when aborted', async () => {
    await expect(sleep(1)).resolves.toBeUndefined()
    const controller = new AbortController()
    const waiting = sleep(60_000, controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED', message: 'Request was aborted' })
    await expect(sleep(1, AbortSignal.abort())).rejects.toMatchObject({ code: 'ABORTED' })
  })

  it('raceSignal passes results through and rejects on abort', async () => {
    await expect(raceSignal(Promise.resolve(1), new AbortController().signal)).resolves.toBe(1)
    const onAbort = vi.fn()
    const controller = new AbortController()
    const racing = raceSignal(new Promise(() => {}), controller.signal, onAbort)
    controller.abort()
    await expect(racing).rejects.toMatchObject({ code: 'ABORTED' })
    expect(onAbort).toHaveBeenCalledOnce()
  })

  it('unrefTimer lets a Node timer not hold the process, and ignores numbers', () => {
    const timer = setTimeout(() => {}, 1000)
    unrefTimer(timer)
    expect(timer.hasRef()).toBe(false)
    clearTimeout(timer)
    expect(() => unrefTimer(42)).not.toThrow()
  })
})
