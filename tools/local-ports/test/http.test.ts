// listenLocal: what the lab's and the wallet simulator's servers share (127.0.0.1, the port-in-use error, stop).
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { listenLocal, PortInUseError } from '../src/index.js'

const hello = () => createServer((_req, res) => res.end('hello'))

describe('listenLocal', () => {
  it('listens on an ephemeral port of 127.0.0.1 and stops once, however often asked', async () => {
    const server = await listenLocal(hello(), 0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.port).toBeGreaterThan(0)
    expect(await (await fetch(server.url)).text()).toBe('hello')
    const stopping = server.stop()
    expect(server.stop()).toBe(stopping)
    await stopping
    await expect(fetch(server.url)).rejects.toThrow()
  })

  it('names the variable that chose a port that is taken', async () => {
    const first = await listenLocal(hello(), 0)
    try {
      const error = await listenLocal(hello(), first.port, { envVar: 'LATCHKEY_TEST_PORT' }).catch((e) => e)
      expect(error).toBeInstanceOf(PortInUseError)
      expect(String(error.message)).toContain('LATCHKEY_TEST_PORT')
    } finally {
      await first.stop()
    }
  })
})
