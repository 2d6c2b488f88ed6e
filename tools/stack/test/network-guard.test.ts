// The network guard refuses and records every target outside loopback (sockets, fetch, lookups) and lets
// loopback through.
import dns from 'node:dns'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { describe, expect, test } from 'vitest'
import {
  installNetworkGuard,
  isLoopbackHost,
  OutsideNetworkError,
  takeViolations,
} from '../src/network-guard.js'

installNetworkGuard()

describe('the test network guard', () => {
  test('knows loopback names and addresses', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      undefined,
    ])
      expect(isLoopbackHost(host), String(host)).toBe(true)
    for (const host of ['example.com', '10.0.0.1', '0.0.0.0', '128.0.0.1', '::', 'localhost.example.com'])
      expect(isLoopbackHost(host), host).toBe(false)
  })

  test('fetch to an outside host fails at once and is recorded; fetch to 127.0.0.1 works', async () => {
    const server = createServer((_, response) => response.end('ok'))
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    try {
      const { port } = server.address() as AddressInfo
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok')
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok')
      expect(takeViolations()).toEqual([])
      const error = await fetch('https://relay.walletconnect.org/').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TypeError) // fetch's "fetch failed", caused by the guard
      expect((error as { cause?: unknown }).cause).toBeInstanceOf(OutsideNetworkError)
      expect(takeViolations()).toEqual(['a connection to relay.walletconnect.org:443'])
    } finally {
      server.close()
    }
  })

  test('raw sockets and lookups outside loopback are refused and recorded', async () => {
    const socket = net.connect(80, '93.184.216.34')
    const failure = await new Promise<Error>((done) => socket.once('error', done))
    expect(failure).toBeInstanceOf(OutsideNetworkError)
    const lookup = await new Promise<Error | null>((done) =>
      dns.lookup('example.com', (error) => done(error)),
    )
    expect(lookup).toBeInstanceOf(OutsideNetworkError)
    await expect(dns.promises.lookup('example.org')).rejects.toBeInstanceOf(OutsideNetworkError)
    expect(takeViolations()).toEqual([
      'a connection to 93.184.216.34:80',
      'a lookup of example.com',
      'a lookup of example.org',
    ])
    expect(takeViolations()).toEqual([])
  })
})
