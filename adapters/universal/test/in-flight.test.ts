// The tracking of the WalletConnect provider's requests in flight, over a stand-in relayer and fake timers: the
// request timeout (its error, its timer cleared on settling), a session's end failing its own requests only, and the
// expiry the SDK is given.
import { createEmitter, Messages, ProviderRpcError, type WalletConnectEvents } from '@latchkey/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  checkRequestTimeout,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type Relay,
  sdkExpiryOf,
  trackRequests,
} from '../src/in-flight.js'

function standIn(connected = true) {
  const listeners = new Map<string, (error: unknown) => void>()
  const relay: Relay & { connected: boolean } = {
    connected,
    on(event, listener) {
      listeners.set(event, listener)
    },
    transportOpen: async () => undefined,
  }
  return { relay, fire: (event: string, payload?: unknown) => listeners.get(event)?.(payload) }
}

/** A request the wallet has not answered yet, and how to answer it. */
function pending<T>() {
  let answer!: (value: T) => void
  let refuse!: (error: unknown) => void
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve
    refuse = reject
  })
  return { promise, answer, refuse }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('trackRequests', () => {
  it('fails a request unanswered after the timeout, saying whether the relay was connected; the SDK gets the same expiry', async () => {
    const { relay } = standIn(true)
    const requests = trackRequests(relay, createEmitter<WalletConnectEvents>(), 20 * 60_000)
    const expiries: number[] = []
    const silent = requests.run('topic-a', (expiry) => {
      expiries.push(expiry)
      return pending<string>().promise
    })
    const outcome = silent.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(20 * 60_000 - 1)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    const error = (await outcome) as ProviderRpcError
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({
      code: -32002,
      message: Messages.walletConnectRequestTimedOut(1200),
      data: { relay: 'connected' },
    })
    expect(String(error.cause)).toMatch(/wallet did not answer/)
    expect(expiries).toEqual([20 * 60])

    relay.connected = false
    const cut = requests.run('topic-a', () => pending<string>().promise).catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(20 * 60_000)
    expect(await cut).toMatchObject({ code: -32002, data: { relay: 'unreachable' } })
    expect(String(((await cut) as ProviderRpcError).cause)).toMatch(/relay was unreachable/)
  })

  it('clears the timer when the request settles, answered or refused', async () => {
    const requests = trackRequests(standIn().relay, createEmitter<WalletConnectEvents>(), 5000)
    const answered = pending<string>()
    const refused = pending<string>()
    const first = requests.run('topic-a', () => answered.promise)
    const second = requests.run('topic-a', () => refused.promise).catch((error: unknown) => error)
    expect(vi.getTimerCount()).toBe(2)
    answered.answer('0xsigned')
    refused.refuse({ code: 4001, message: 'User rejected.' })
    expect(await first).toBe('0xsigned')
    expect(await second).toEqual({ code: 4001, message: 'User rejected.' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it("ends a session's requests only, at once, and any later request on it; the SDK's own 6000 is the session ending", async () => {
    const requests = trackRequests(standIn().relay, createEmitter<WalletConnectEvents>())
    const older = requests.run('older', () => pending<string>().promise).catch((error: unknown) => error)
    const newer = pending<string>()
    const current = requests.run('newer', () => newer.promise)
    await vi.advanceTimersByTimeAsync(0)
    requests.endSession('older')
    expect(await older).toMatchObject({ code: 4900, message: Messages.walletConnectSessionEnded })
    await expect(requests.run('older', async () => 'never sent')).rejects.toMatchObject({ code: 4900 })
    newer.answer('0xanswer')
    expect(await current).toBe('0xanswer')

    const sdkEnded = requests.run('third', () =>
      Promise.reject({ code: 6000, message: 'User disconnected.' }),
    )
    await expect(sdkEnded).rejects.toMatchObject({ code: 4900, message: Messages.walletConnectSessionEnded })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('fails every request in flight when the relay refuses the connection, and lets a drop pass', async () => {
    const { relay, fire } = standIn()
    const events = createEmitter<WalletConnectEvents>()
    const heard: string[] = []
    events.on('transport', ({ status }) => heard.push(status))
    const requests = trackRequests(relay, events)
    const answer = pending<string>()
    const waiting = requests.run('topic-a', () => answer.promise)
    await vi.advanceTimersByTimeAsync(0)
    fire('relayer_disconnect')
    fire('relayer_connect')
    answer.answer('0xafter')
    expect(await waiting).toBe('0xafter')
    expect(heard).toEqual(['closed', 'open'])

    const refused = requests.run('topic-a', () => pending<string>().promise).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    fire('relayer_error', new Error('Unauthorized: invalid key'))
    expect(await refused).toMatchObject({ code: 4900, message: expect.stringContaining('invalid key') })
  })
})

describe('the request timeout option', () => {
  it('defaults to the SDK’s own request expiry (15 minutes), and gives the SDK an expiry within its bounds', () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(15 * 60_000)
    expect(sdkExpiryOf(DEFAULT_REQUEST_TIMEOUT_MS)).toBe(15 * 60)
    expect(sdkExpiryOf(2000)).toBe(5 * 60)
    expect(sdkExpiryOf(7 * 24 * 3600_000)).toBe(7 * 24 * 3600)
  })

  it('is refused unless a positive number of milliseconds up to 7 days', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 7 * 24 * 3600_000 + 1]) {
      expect(() => checkRequestTimeout(bad)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
    }
    expect(() => checkRequestTimeout(undefined)).not.toThrow()
    expect(() => checkRequestTimeout(2000)).not.toThrow()
  })
})
