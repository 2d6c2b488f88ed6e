import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  assertPortFree,
  assertValidPort,
  isPortFree,
  LocalServiceError,
  PortInUseError,
  pickFreePort,
  portFromEnv,
} from '../src/index.js'

describe('ports', () => {
  it('reads a port from its variable: unset is undefined, 0 is ephemeral, anything else malformed is refused', () => {
    expect(portFromEnv({}, 'P')).toBeUndefined()
    expect(portFromEnv({ P: ' ' }, 'P')).toBeUndefined()
    expect(portFromEnv({ P: '0' }, 'P')).toBe(0)
    expect(portFromEnv({ P: '8545' }, 'P')).toBe(8545)
    for (const bad of ['eighty', '-1', '70000', '1.5']) {
      expect(() => portFromEnv({ P: bad }, 'P')).toThrow(
        new LocalServiceError(`P must be a port number between 0 and 65535, got '${bad}'.`),
      )
    }
    expect(() => assertValidPort(-1, 'port')).toThrow(LocalServiceError)
  })

  it('tells a taken port from a free one, and names the variable in the error', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      expect(await isPortFree(port)).toBe(false)
      const error = await assertPortFree(port, 'LATCHKEY_X_PORT').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(PortInUseError)
      expect(error).toBeInstanceOf(LocalServiceError)
      expect((error as Error).message).toBe(
        `Port ${port} is already in use; set LATCHKEY_X_PORT to another port.`,
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    expect(await isPortFree(port)).toBe(true)
  })
})

describe('pickFreePort', () => {
  it('hands out free ports below the ephemeral range, never the same one twice in a process', async () => {
    const [low] = (await import('node:fs'))
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
    const ports = await Promise.all(Array.from({ length: 50 }, () => pickFreePort()))
    expect(new Set(ports).size).toBe(50)
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000)
      expect(port).toBeLessThan(low ?? 49_152)
    }
    expect(await isPortFree(ports[0] as number)).toBe(true)
  })
})
