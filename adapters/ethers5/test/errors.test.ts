/**
 * Error paths through the real wallet and real chains: each wallet rejection surfaces as 4001 and leaves the
 * adapter as it was; the RPC failing with a retryable status is retried, a final one is not (the fault
 * proxy's request log is the evidence).
 */

import { HttpRequestError, ProviderRpcError, TransportDefaults, withRpcUrl } from '@latchkey/core'
import type { Eip1193Provider } from '@latchkey/core/eip155'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { type RpcFaultProxy, startRpcFaultProxy } from '@latchkey/evm-chains'
import { providers } from 'ethers5'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { RankedFallbackProvider } from '../src/index.js'
import {
  chainClient,
  freshAddress,
  freshKeys,
  networks,
  RDNS,
  rpcUrlOf,
  type Setup,
  setup,
} from './helpers.js'

const [networkA, networkB] = networks

async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return error as ProviderRpcError
}

describe('wallet rejections surface as 4001', () => {
  let world: Setup
  afterEach(() => world?.cleanup())

  test('connect', async () => {
    world = await setup()
    world.wallet.setPolicy('reject')
    const error = await rejection(world.adapter.connect({ connectorId: RDNS }))
    expect(error.code).toBe(4001)
    expect(world.adapter.getAccounts()).toEqual([])
    expect(world.adapter.getNetwork()).toBeUndefined()
  })

  test('switch network: the network stays', async () => {
    world = await setup()
    await world.adapter.connect({ connectorId: RDNS, network: networkA })
    world.wallet.setPolicy('reject')
    const error = await rejection(world.adapter.switchNetwork({ network: networkB }))
    expect(error.code).toBe(4001)
    expect(world.adapter.getNetwork()?.caipNetworkId).toBe(networkA.caipNetworkId)
  })

  test('sign message and sign typed data', async () => {
    world = await setup()
    await world.adapter.connect({ connectorId: RDNS, network: networkA })
    world.wallet.setPolicy('reject')
    expect((await rejection(world.adapter.signMessage({ message: 'no' }))).code).toBe(4001)
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: Number(networkA.id) },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'no' },
    }
    expect((await rejection(world.adapter.signTypedData(typed))).code).toBe(4001)
  })

  test('send transaction and write contract: nothing lands on chain', async () => {
    world = await setup()
    const { accounts } = await world.adapter.connect({ connectorId: RDNS, network: networkA })
    const from = accounts[0]!.address as `0x${string}`
    const nonce = await chainClient(networkA).getTransactionCount({ address: from })
    world.wallet.setPolicy('reject')
    const send = world.adapter.sendTransaction({ to: freshAddress(), value: 1n })
    expect((await rejection(send)).code).toBe(4001)
    const write = world.adapter.writeContract({
      address: freshAddress(),
      abi: [{ type: 'function', name: 'poke', stateMutability: 'nonpayable', inputs: [], outputs: [] }],
      functionName: 'poke',
    })
    expect((await rejection(write)).code).toBe(4001)
    expect(await chainClient(networkA).getTransactionCount({ address: from })).toBe(nonce)
    expect(world.adapter.getAccounts()[0]?.address).toBe(from)
  })

  test("ethers 5.7's ACTION_REJECTED (a MetaMask-worded rejection) is 4001 too", async () => {
    // The real test wallet behind a provider that words rejections as MetaMask does, which is what makes
    // ethers v5 replace the wallet's error with its own ACTION_REJECTED.
    const keys = await freshKeys(1)
    const inner = await setup({ keys })
    const metamaskWorded: Eip1193Provider = {
      async request(args) {
        try {
          return await inner.wallet.provider.request(args as never)
        } catch (error) {
          const code = (error as { code?: number }).code
          if (code !== 4001) throw error
          throw Object.assign(new Error('MetaMask Tx Signature: User denied transaction signature.'), {
            code,
          })
        }
      },
    }
    world = await setup({
      keys,
      adapter: {
        customWallets: [{ id: 'metamask-worded', name: 'MetaMask Worded', provider: metamaskWorded }],
      },
    })
    try {
      await world.adapter.connect({ connectorId: 'metamask-worded', network: networkA })
      inner.wallet.setPolicy('reject')
      expect((await rejection(world.adapter.signMessage({ message: 'no' }))).code).toBe(4001)
      expect((await rejection(world.adapter.sendTransaction({ to: freshAddress(), value: 1n }))).code).toBe(
        4001,
      )
      expect(privateKeyToAddress(keys[0]!)).toBe(world.adapter.getAccounts()[0]?.address)
    } finally {
      inner.cleanup()
    }
  })
})

describe('the read transport of SPEC §9, through a real HTTP proxy in front of the chain', () => {
  let proxy: RpcFaultProxy
  let world: Setup
  const address = freshAddress()

  beforeAll(async () => {
    proxy = await startRpcFaultProxy(rpcUrlOf(networkA))
    world = await setup({ networks: [withRpcUrl(latchkeyLocal, proxy.url)] })
  })
  afterAll(async () => {
    world?.cleanup()
    await proxy?.close()
  })
  afterEach(() => proxy.clearLog())

  const network = () => world.adapter.networks[0]!

  test('a 503 is retried and the read recovers', async () => {
    proxy.failNext(1, 503)
    const balance = await world.adapter.getBalance({ address, network: network() })
    expect(balance.value).toBe(await chainClient(networkA).getBalance({ address }))
    expect(proxy.requests).toEqual([
      { methods: ['eth_getBalance'], status: 503 },
      { methods: ['eth_getBalance'], status: 200 },
    ])
  })

  test('a 400 is not retried and comes out as HttpRequestError with its status', async () => {
    proxy.failNext(1, 400)
    const error = await world.adapter.getBalance({ address, network: network() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(400)
    expect(proxy.requests).toEqual([{ methods: ['eth_getBalance'], status: 400 }])
  })

  test(`a lasting 503 is tried ${TransportDefaults.retryCount + 1} times, then thrown with its status`, async () => {
    proxy.failNext(TransportDefaults.retryCount + 1, 503)
    const error = await world.adapter.getBalance({ address, network: network() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(503)
    expect(proxy.requests.map((r) => r.status)).toEqual(
      Array.from({ length: TransportDefaults.retryCount + 1 }, () => 503),
    )
  })

  test('calls made together go out as one JSON-RPC batch', async () => {
    const provider = world.adapter.getProvider(network())
    const [balance, code, count] = await Promise.all([
      provider.getBalance(address),
      provider.getCode(address),
      provider.getTransactionCount(address),
    ])
    expect(balance.toBigInt()).toBe(0n)
    expect(code).toBe('0x')
    expect(count).toBe(0)
    expect(proxy.requests).toEqual([
      { methods: ['eth_getBalance', 'eth_getCode', 'eth_getTransactionCount'], status: 200 },
    ])
  })
  test('identical reads in flight share one request; writes are never shared', async () => {
    const provider = world.adapter.getProvider(network())
    const [first, second] = await Promise.all([provider.getBalance(address), provider.getBalance(address)])
    expect(first.eq(second)).toBe(true)
    expect(proxy.requests).toEqual([{ methods: ['eth_getBalance'], status: 200 }])
    proxy.clearLog()
    const raw = '0x00'
    // One URL: the read provider is the batching JSON-RPC provider, whose `send` is the raw call.
    const rpc = provider as providers.JsonRpcProvider
    await Promise.all([
      rpc.send('eth_sendRawTransaction', [raw]),
      rpc.send('eth_sendRawTransaction', [raw]),
    ]).catch(() => undefined)
    expect(proxy.requests.flatMap((request) => request.methods)).toEqual([
      'eth_sendRawTransaction',
      'eth_sendRawTransaction',
    ])
  })
})

describe('several RPC URLs: a FallbackProvider kept in rank order', () => {
  let broken: RpcFaultProxy
  let world: Setup

  beforeAll(async () => {
    broken = await startRpcFaultProxy(rpcUrlOf(networkA))
    broken.failNext(1_000_000, 503)
    world = await setup({
      networks: [networkA],
      context: { options: { customRpcUrls: { [networkA.caipNetworkId]: [{ url: broken.url }] } } },
    })
  })
  afterAll(async () => {
    world?.cleanup()
    await broken?.close()
  })

  test('a read succeeds through the healthy URL, and the ranking moves the failing one last', async () => {
    const address = freshAddress()
    const balance = await world.adapter.getBalance({ address, network: networkA })
    expect(balance.value).toBe(0n)
    const provider = world.adapter.getProvider(networkA)
    expect(provider).toBeInstanceOf(providers.FallbackProvider)
    const ranked = provider as RankedFallbackProvider
    await expect
      .poll(() => ranked.ranking().map((rank) => rank.url))
      .toEqual([rpcUrlOf(networkA), broken.url])
    expect(broken.requests.some((r) => r.methods.includes('net_listening'))).toBe(true)
    broken.clearLog()
    expect((await world.adapter.getBalance({ address, network: networkA })).value).toBe(0n)
    expect(broken.requests.filter((r) => r.methods.includes('eth_getBalance'))).toEqual([])
  })
})

describe('several RPC URLs, all failing', () => {
  test("the read fails with core's HttpRequestError and its status, not ethers' quorum error", async () => {
    const proxies = [
      await startRpcFaultProxy(rpcUrlOf(networkA)),
      await startRpcFaultProxy(rpcUrlOf(networkA)),
    ]
    for (const proxy of proxies) proxy.failNext(1_000_000, 503)
    const [first, second] = proxies.map((proxy) => ({ url: proxy.url }))
    const world = await setup({
      networks: [withRpcUrl(latchkeyLocal, second!.url)],
      context: { options: { customRpcUrls: { [networkA.caipNetworkId]: [first!] } } },
    })
    try {
      const error = await world.adapter
        .getBalance({ address: freshAddress(), network: world.adapter.networks[0]! })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(HttpRequestError)
      expect((error as HttpRequestError).status).toBe(503)
      for (const proxy of proxies) expect(proxy.requests.some((r) => r.status === 503)).toBe(true)
    } finally {
      world.cleanup()
      for (const proxy of proxies) await proxy.close()
    }
  })
})
