/**
 * The transports against the real local EVM chain (anvil) that the root global setup starts.
 */
import { describe, expect, inject, it } from 'vitest'
import { ProviderRpcError } from '../errors/index.js'
import { createFallbackTransport } from './fallback.js'
import { createRpcTransport } from './rpc.js'

interface StackShape {
  evm: { chains: { chainId: number; rpcUrl: string }[] }
}
// Read without the stack's type augmentation: core does not depend on the stack package.
const stack = (inject as (key: string) => unknown)('stack') as StackShape | undefined
const chain = stack?.evm.chains[0]

describe.skipIf(!chain)('transport against the local anvil chain', () => {
  const rpcUrl = chain?.rpcUrl ?? ''

  it('answers eth_chainId', async () => {
    const transport = createRpcTransport({ url: rpcUrl })
    const chainId = await transport.request<string>({ method: 'eth_chainId' })
    expect(Number(chainId)).toBe(chain?.chainId)
  })

  it('batches eth_getBalance of several accounts into one HTTP request', async () => {
    const bodies: unknown[] = []
    const counting: typeof fetch = (input, init) => {
      bodies.push(JSON.parse(String(init?.body)))
      return fetch(input, init)
    }
    const transport = createRpcTransport({ url: rpcUrl, batch: true, fetch: counting })
    const accounts = await transport.request<string[]>({ method: 'eth_accounts' })
    expect(accounts.length).toBeGreaterThanOrEqual(3)
    const some = accounts.slice(0, 5)
    const balances = await Promise.all(
      some.map((address) =>
        transport.request<string>({ method: 'eth_getBalance', params: [address, 'latest'] }),
      ),
    )
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toHaveLength(some.length)
    for (const balance of balances) expect(BigInt(balance)).toBeGreaterThan(0n)

    // The same answers, one by one.
    const single = createRpcTransport({ url: rpcUrl })
    const one = await single.request<string>({ method: 'eth_getBalance', params: [some[0], 'latest'] })
    expect(BigInt(one)).toBe(BigInt(balances[0] ?? '0x0'))
  })

  it('surfaces a node error as a ProviderRpcError without retrying it', async () => {
    const error = await createRpcTransport({ url: rpcUrl })
      .request({ method: 'no_such_method' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(-32601)
  })

  it('fails over from a dead endpoint to the chain', async () => {
    const fallback = createFallbackTransport([
      createRpcTransport({ url: 'http://127.0.0.1:9' }),
      createRpcTransport({ url: rpcUrl }),
    ])
    expect(Number(await fallback.request<string>({ method: 'eth_chainId' }))).toBe(chain?.chainId)
  })
})
