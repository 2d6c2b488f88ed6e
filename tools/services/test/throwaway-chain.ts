// A local EVM chain of a test's own (anvil, chain id 31337, no tokens) behind a fixed URL: an HTTP proxy that forwards
// JSON-RPC to the current anvil, so the test can restart the chain (a new genesis) under the same URL, as `npm start`
// restarts the local chains.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AnvilInstance, startAnvil } from '@latchkey/evm-chains'

export interface ThrowawayChain {
  chainId: number
  /** The proxy's URL: what the stand-in is given. */
  rpcUrl: string
  /** Block 0's hash of the chain running now. */
  genesis(): Promise<string>
  /** Stops anvil and starts a fresh one behind the same URL (a new genesis: a later genesis timestamp). */
  restart(): Promise<void>
  stop(): Promise<void>
}

async function genesisOf(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x0', false] }),
  })
  return ((await response.json()) as { result: { hash: string } }).result.hash
}

export async function startThrowawayChain(chainId = 31337): Promise<ThrowawayChain> {
  let anvil: AnvilInstance = await startAnvil({ chainId, port: 0 })
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' })
          res.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    chainId,
    rpcUrl,
    genesis: () => genesisOf(anvil.rpcUrl),
    async restart() {
      const before = await genesisOf(anvil.rpcUrl)
      await anvil.stop()
      // anvil's genesis is the same for the same second: start again until it differs.
      for (;;) {
        anvil = await startAnvil({ chainId, port: 0 })
        if ((await genesisOf(anvil.rpcUrl)) !== before) return
        await anvil.stop()
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    },
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await anvil.stop()
    },
  }
}
