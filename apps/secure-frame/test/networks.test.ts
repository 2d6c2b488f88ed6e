import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { DEFAULT_FRAME_NETWORKS, startSecureFrame } from '../src/index.js'

/** The built frame script (the test run builds the package first). */
const publicDir = fileURLToPath(new URL('../dist/public', import.meta.url))

import { describe, expect, test } from 'vitest'

describe("the frame's networks (SPEC §9)", () => {
  test('[§9.19] by default 24 eip155 chains then the three Solana clusters, each once, on https RPC URLs', () => {
    const ids = DEFAULT_FRAME_NETWORKS.map((network) => network.caipNetworkId)
    expect(ids.filter((id) => id.startsWith('eip155:'))).toHaveLength(24)
    expect(ids.filter((id) => id.startsWith('solana:'))).toEqual([
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    ])
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(0, 3)).toEqual(['eip155:1', 'eip155:10', 'eip155:56'])
    for (const network of DEFAULT_FRAME_NETWORKS) expect(new URL(network.rpcUrl).protocol).toBe('https:')
  })

  test('[§9.19] a frame server without networks of its own: the page carries the default list, its CSP their RPC origins', async () => {
    // The auth service's origins endpoint, as the frame server reads it.
    const auth = createServer((req, res) => {
      res.writeHead(req.url === '/v1/projects/p/origins' ? 200 : 404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ allowedOrigins: ['http://127.0.0.1:5173'] }))
    })
    await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve))
    const { port } = auth.address() as AddressInfo
    const server = await startSecureFrame({ port: 0, authUrl: `http://127.0.0.1:${port}`, publicDir })
    try {
      const answer = await fetch(`${server.url}/frame.html?projectId=p`)
      expect(answer.status).toBe(200)
      const csp = answer.headers.get('content-security-policy') ?? ''
      const connect = csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? ''
      for (const network of DEFAULT_FRAME_NETWORKS) expect(connect).toContain(new URL(network.rpcUrl).origin)
      const page = await answer.text()
      expect(page).toContain('"caipNetworkId":"eip155:8453"')
      expect(page).toContain('"caipNetworkId":"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"')
    } finally {
      await server.stop()
      await new Promise((resolve) => auth.close(resolve))
    }
  })
})
