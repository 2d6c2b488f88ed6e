/**
 * Error paths against the real wallet and chain: every user rejection is a ProviderRpcError 4001 and leaves
 * the adapter as it was; the RPC transport retries a 503 and does not retry a 400 (the fault proxy's log is
 * the evidence).
 */
import { ProviderRpcError, RpcErrorCode, withRpcUrl } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { type RpcFaultProxy, startRpcFaultProxy } from '@latchkey/evm-chains'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { WagmiAdapter } from '../src/index.js'
import { networks, recipient, setupAdapter, stack } from './support.js'

let close: (() => void) | undefined
afterEach(() => close?.())

async function rejection(call: () => Promise<unknown>): Promise<ProviderRpcError> {
  const error = await call().then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return error as ProviderRpcError
}

describe('a wallet that rejects (4001)', () => {
  test('connect: a user rejection, nothing connected', async () => {
    const env = await setupAdapter({ wallet: { policy: 'reject' } })
    close = env.close
    const error = await rejection(() => env.connect())
    expect(error.code).toBe(RpcErrorCode.UserRejectedRequest)
    expect(env.adapter.getAccounts()).toEqual([])
    expect(env.adapter.getNetwork()).toBeUndefined()
    expect(env.wallet.connected).toBe(false)
    // and it can connect once the user approves
    env.wallet.setPolicy('approve')
    expect((await env.connect()).accounts[0]?.address).toBe(env.wallet.address)
  })

  test('switch, sign, sign typed data, send and write contract: each a user rejection, state unchanged', async () => {
    const env = await setupAdapter()
    close = env.close
    await env.connect(networks[0])
    const accounts = env.adapter.getAccounts()
    env.wallet.setPolicy('reject')
    const calls: [string, () => Promise<unknown>][] = [
      ['switchNetwork', () => env.adapter.switchNetwork({ network: networks[1] })],
      ['signMessage', () => env.adapter.signMessage({ message: 'no' })],
      [
        'signTypedData',
        () =>
          env.adapter.signTypedData({
            domain: { name: 'Latchkey', version: '1', chainId: 31337 },
            types: { Note: [{ name: 'text', type: 'string' }] },
            primaryType: 'Note',
            message: { text: 'no' },
          }),
      ],
      ['sendTransaction', () => env.adapter.sendTransaction({ to: recipient(), value: 1n })],
      [
        'writeContract',
        () =>
          env.adapter.writeContract({
            address: stack.evm.tokens.LUSD,
            abi: [
              {
                type: 'function',
                name: 'transfer',
                stateMutability: 'nonpayable',
                inputs: [
                  { name: 'to', type: 'address' },
                  { name: 'amount', type: 'uint256' },
                ],
                outputs: [{ name: '', type: 'bool' }],
              },
            ],
            functionName: 'transfer',
            args: [recipient(), 1n],
          }),
      ],
    ]
    for (const [name, call] of calls) {
      const error = await rejection(call)
      expect(error.code, name).toBe(RpcErrorCode.UserRejectedRequest)
    }
    expect(env.adapter.getNetwork()?.caipNetworkId).toBe(networks[0].caipNetworkId)
    expect(env.adapter.getAccounts()).toEqual(accounts)
    expect(env.wallet.chainId).toBe(Number(networks[0].id))
  })
})

describe('the RPC transport', () => {
  let proxy: RpcFaultProxy
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(stack.evm.chains[0]!.rpcUrl)
  })
  afterAll(() => proxy.close())

  async function adapterOn(rpcUrl: string, customUrls?: string[]) {
    const network = withRpcUrl(latchkeyLocal, rpcUrl)
    const adapter = new WagmiAdapter({
      networks: [network],
      ...(customUrls
        ? { customRpcUrls: { [network.caipNetworkId]: customUrls.map((url) => ({ url })) } }
        : {}),
    })
    const { createMemoryStorage } = await import('@latchkey/core')
    await adapter.init({ networks: [network], options: {}, storage: createMemoryStorage() })
    close = () => adapter.destroy()
    return { adapter, network }
  }

  test('retries a 503 and then answers', async () => {
    const { adapter, network } = await adapterOn(proxy.url)
    proxy.clearLog()
    proxy.failNext(2, 503)
    const address = recipient()
    const balance = await adapter.getBalance({ address, network })
    expect(balance.value).toBe(0n)
    expect(proxy.requests.map((r) => r.status)).toEqual([503, 503, 200])
    expect(proxy.requests.every((r) => r.methods.includes('eth_getBalance'))).toBe(true)
  })

  test('does not retry a 400, and the next call goes through', async () => {
    const { adapter, network } = await adapterOn(proxy.url)
    proxy.clearLog()
    proxy.failNext(1, 400)
    const address = recipient()
    await expect(adapter.getBalance({ address, network })).rejects.toThrow()
    expect(proxy.requests.map((r) => r.status)).toEqual([400])
    expect((await adapter.getBalance({ address, network })).value).toBe(0n)
    expect(proxy.requests.map((r) => r.status)).toEqual([400, 200])
  })

  test("with a custom RPC URL first and the network's default next, an endpoint that is down is passed over", async () => {
    const down = await startRpcFaultProxy(stack.evm.chains[0]!.rpcUrl)
    try {
      down.failNext(10_000, 503)
      const { adapter, network } = await adapterOn(stack.evm.chains[0]!.rpcUrl, [down.url])
      expect(adapter.wagmiConfig.chains[0]?.rpcUrls.default.http).toEqual([
        down.url,
        stack.evm.chains[0]!.rpcUrl,
      ])
      const address = recipient()
      expect((await adapter.getBalance({ address, network })).value).toBe(0n)
      expect(down.requests.length).toBeGreaterThan(0)
      expect(down.requests.every((r) => r.status === 503)).toBe(true)
    } finally {
      await down.close()
    }
  })

  test('behind the fallback a 400 is thrown at once: not tried elsewhere, no round retried', async () => {
    const [bad, busy] = await Promise.all([
      startRpcFaultProxy(stack.evm.chains[0]!.rpcUrl),
      startRpcFaultProxy(stack.evm.chains[0]!.rpcUrl),
    ])
    try {
      bad.failNext(10_000, 400)
      busy.failNext(10_000, 503)
      const { adapter, network } = await adapterOn(bad.url, [busy.url])
      await expect(adapter.getBalance({ address: recipient(), network })).rejects.toThrow()
      const balanceCalls = [...bad.requests, ...busy.requests].filter((r) =>
        r.methods.includes('eth_getBalance'),
      )
      // the 400 ends the call: at most the 503 endpoint before it, never a second round
      expect(balanceCalls.filter((r) => r.status === 400)).toHaveLength(1)
      expect(balanceCalls.length).toBeLessThanOrEqual(2)
    } finally {
      await Promise.all([bad.close(), busy.close()])
    }
  })
})
