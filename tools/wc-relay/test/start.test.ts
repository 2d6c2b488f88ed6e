// Ports, the lifecycle (stop, start, close), pings, and what a plain HTTP request gets.
import { createServer, type Server } from 'node:net'
import { pickFreePort } from '@latchkey/local-ports'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import {
  type LocalRelay,
  LocalServiceError,
  PortInUseError,
  RELAY_DEFAULT_PORT,
  RELAY_PORT_ENV,
  startRelay,
} from '../src/index.js'
import { RawClient, subscriptionIdOf, topicOf } from './raw-client.js'

const started: LocalRelay[] = []
const blockers: Server[] = []

async function start(options: Parameters<typeof startRelay>[0]): Promise<LocalRelay> {
  const relay = await startRelay(options)
  started.push(relay)
  return relay
}

/** Listens on an ephemeral port of 127.0.0.1 and resolves with it: a port that is taken. */
async function takePort(): Promise<number> {
  const blocker = createServer()
  blockers.push(blocker)
  await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve))
  return (blocker.address() as { port: number }).port
}

/** A free port for a server started a moment later (outside the ephemeral range: @latchkey/local-ports). */
function freePort(): Promise<number> {
  return pickFreePort()
}

afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(started.splice(0).map((relay) => relay.close()))
  await Promise.all(blockers.splice(0).map((blocker) => new Promise((resolve) => blocker.close(resolve))))
})

describe('the port', () => {
  it('is 0 = ephemeral, with a JSON-safe info() and a url on 127.0.0.1', async () => {
    const relay = await start({ port: 0 })
    expect(relay.port).toBeGreaterThan(0)
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
    const info = relay.info()
    expect(info).toEqual({
      url: relay.url,
      port: relay.port,
      running: true,
      mailboxes: { topics: 0, messages: 0 },
    })
    expect(JSON.parse(JSON.stringify(info))).toEqual(info)
    expect(RELAY_DEFAULT_PORT).toBe(8555)
  })

  it(`is read from ${RELAY_PORT_ENV}, and the option wins over it`, async () => {
    const port = await freePort()
    const relay = await start({ env: { [RELAY_PORT_ENV]: String(port) } })
    expect(relay.port).toBe(port)
    const other = await start({ port: 0, env: { [RELAY_PORT_ENV]: String(port) } })
    expect(other.port).not.toBe(port)
  })

  it(`throws PortInUseError naming ${RELAY_PORT_ENV} when the port is taken`, async () => {
    const port = await takePort()
    await expect(start({ env: { [RELAY_PORT_ENV]: String(port) } })).rejects.toThrow(
      new PortInUseError(port, RELAY_PORT_ENV),
    )
    await expect(start({ env: { [RELAY_PORT_ENV]: String(port) } })).rejects.toThrow(
      `Port ${port} is already in use; set ${RELAY_PORT_ENV} to another port.`,
    )
    await expect(start({ port })).rejects.toThrow(`Port ${port} is already in use; choose another port.`)
  })

  it('refuses a port that is not a port number', async () => {
    await expect(start({ env: { [RELAY_PORT_ENV]: 'relay' } })).rejects.toThrow(
      new LocalServiceError(`${RELAY_PORT_ENV} must be a port number between 0 and 65535, got 'relay'.`),
    )
    await expect(start({ port: 70_000 })).rejects.toThrow(
      'port must be a port number between 0 and 65535, got 70000.',
    )
    await expect(start({ port: 0, pingIntervalMs: 60_000 })).rejects.toThrow(LocalServiceError)
  })
})

describe('the lifecycle', () => {
  it('stop() closes every socket and keeps the mailboxes; start() listens on the same port again', async () => {
    const relay = await start({ port: 0 })
    const { port } = relay
    const topic = topicOf('lifecycle')
    const sender = await RawClient.open(relay.url, 'did:key:sender')
    await sender.result('irn_publish', { topic, message: 'a2VwdA==', ttl: 300 })
    const closed = new Promise<number>((resolve) => sender.socket.once('close', resolve))

    await relay.stop()
    expect(await closed).toBe(1012)
    expect(relay.running).toBe(false)
    expect(relay.connections).toBe(0)
    await expect(RawClient.open(relay.url, 'did:key:refused')).rejects.toThrow(/ECONNREFUSED/)
    await relay.stop()

    await relay.start()
    expect(relay.port).toBe(port)
    expect(relay.info().running).toBe(true)
    const receiver = await RawClient.open(relay.url, 'did:key:receiver')
    await receiver.result('irn_subscribe', { topic })
    const [push] = await receiver.pushCount(1)
    expect(push!.params!.data.message).toBe('a2VwdA==')
    await receiver.close()
  })

  it('close() is for good', async () => {
    const relay = await start({ port: 0 })
    await relay.close()
    expect(relay.running).toBe(false)
    await expect(relay.start()).rejects.toThrow('This relay was closed; start a new one with startRelay().')
  })

  it('accepts a WebSocket on any path, and tells a plain HTTP request to upgrade', async () => {
    const relay = await start({ port: 0 })
    const raw = await RawClient.open(relay.url, 'did:key:path', { path: '/some/where' })
    const topic = topicOf('path')
    expect(await raw.result('irn_subscribe', { topic })).toBe(subscriptionIdOf(topic, 'did:key:path'))
    await raw.close()
    const response = await fetch(`http://127.0.0.1:${relay.port}/`)
    expect(response.status).toBe(426)
  })

  it('refuses the clients of a refused project as the hosted relay does: close code 3000 with the reason', async () => {
    const relay = await start({ port: 0 })
    relay.refuseProject('unknown-project', 'Unauthorized: invalid key')
    const closed = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
      const socket = new WebSocket(`${relay.url}/?projectId=unknown-project`)
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }))
      socket.on('error', reject)
    })
    expect(closed).toEqual({ code: 3000, reason: 'Unauthorized: invalid key' })
    // Other projects are served as before.
    const raw = await RawClient.open(relay.url, 'did:key:other')
    const topic = topicOf('other')
    expect(await raw.result('irn_subscribe', { topic })).toBe(subscriptionIdOf(topic, 'did:key:other'))
    await raw.close()
  })
})

describe('pings', () => {
  it('pings every client, and cuts one that stops answering', async () => {
    // Whether an answering client stays is asserted on fake time below: on real time, a busy event loop could read
    // its pong after the next tick.
    const relay = await start({ port: 0, pingIntervalMs: 100 })
    const lively = await RawClient.open(relay.url, 'did:key:lively')
    const silent = await RawClient.open(relay.url, 'did:key:silent', { autoPong: false })
    const pinged = new Promise<void>((resolve) => lively.socket.once('ping', () => resolve()))
    const cut = new Promise<void>((resolve) => silent.socket.once('close', () => resolve()))
    await Promise.all([pinged, cut])
    await lively.close()
    await expect.poll(() => relay.connections).toBe(0)
  })

  it('pings every 10 s by default, within the SDK’s 35 s stall timeout', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const relay = await start({ port: 0 })
    const raw = await RawClient.open(relay.url, 'did:key:patient')
    let pings = 0
    raw.socket.on('ping', () => {
      pings += 1
    })
    vi.advanceTimersByTime(9_999)
    await raw.settle()
    expect(pings).toBe(0)
    vi.advanceTimersByTime(1)
    await expect.poll(() => pings).toBe(1)
    // Each ping is answered (the client's pong reaches the relay before its next request), so the socket stays.
    for (const count of [2, 3]) {
      await raw.settle()
      vi.advanceTimersByTime(10_000)
      await expect.poll(() => pings).toBe(count)
    }
    expect(raw.socket.readyState).toBe(raw.socket.OPEN)
    await raw.close()
  })
})
