/**
 * Error paths through the real wallet and a real HTTP fault proxy in front of the local chain: every user
 * rejection comes out as 4001, a retryable HTTP status is retried (and recovers), a 400 is not.
 */
import {
  HttpRequestError,
  ProviderRpcError,
  RETRYABLE_HTTP_STATUSES,
  TransportDefaults,
  withRpcUrl,
} from '@latchkey/core'
import { ERC20_ABI } from '@latchkey/core/eip155'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { type RpcFaultProxy, startRpcFaultProxy } from '@latchkey/evm-chains'
import { encodeFunctionData } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  adapterFor,
  chainA,
  clientOf,
  connected,
  freshKeys,
  networks,
  stack,
  testWallet,
  WALLET_RDNS,
} from './support.js'

async function rejection(run: () => Promise<unknown>): Promise<ProviderRpcError> {
  const error = await run().then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return error as ProviderRpcError
}

describe('a wallet that rejects (4001)', () => {
  test('connect is a user rejection and leaves the adapter disconnected', async () => {
    const { wallet, discoveryTarget } = testWallet(await freshKeys(1), { policy: 'reject' })
    const adapter = await adapterFor(discoveryTarget)
    const error = await rejection(() => adapter.connect({ connectorId: WALLET_RDNS }))
    expect(error.code).toBe(4001)
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(wallet.prompts().map((p) => p.method)).toEqual(['eth_requestAccounts'])
  })

  test('switch, sign, sign typed data and send are user rejections; nothing moves', async () => {
    const { wallet, adapter, address } = await connected()
    wallet.setPolicy('reject')
    const balance = await clientOf(networks[0]).getBalance({ address })

    expect((await rejection(() => adapter.switchNetwork({ network: networks[1] }))).code).toBe(4001)
    expect(adapter.getNetwork()?.caipNetworkId).toBe(networks[0].caipNetworkId)

    expect((await rejection(() => adapter.signMessage({ message: 'hello' }))).code).toBe(4001)
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: Number(networks[0].id) },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    expect((await rejection(() => adapter.signTypedData(typed))).code).toBe(4001)

    const to = privateKeyToAddress(generatePrivateKey())
    const send = await rejection(() => adapter.sendTransaction({ to, value: 1n }))
    expect(send.code).toBe(4001)
    // The signer's error is ethers' ACTION_REJECTED underneath; the adapter's is core's.
    expect((send.cause as { code?: unknown }).code).toBe('ACTION_REJECTED')
    expect(await clientOf(networks[0]).getBalance({ address: to })).toBe(0n)
    expect(await clientOf(networks[0]).getBalance({ address })).toBe(balance)

    const rejected = wallet.log.filter((entry) => entry.outcome === 'rejected').map((entry) => entry.method)
    expect(rejected).toEqual([
      'wallet_switchEthereumChain',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
    ])
  })
})

describe('reads through an RPC that fails (SPEC §9 retries)', () => {
  let proxy: RpcFaultProxy
  const holder = privateKeyToAddress(generatePrivateKey())

  beforeAll(async () => {
    proxy = await startRpcFaultProxy(chainA.rpcUrl)
  })
  afterAll(async () => {
    await proxy?.close()
  })

  async function adapterOverProxy() {
    return adapterFor(undefined, { networks: [withRpcUrl(latchkeyLocal, proxy.url)] })
  }

  test('a 503 is retried and the read recovers', async () => {
    const adapter = await adapterOverProxy()
    proxy.clearLog()
    proxy.failNext(2, 503)
    const balance = await adapter.getBalance({ address: holder, network: adapter.networks[0]! })
    expect(balance.value).toBe(0n)
    expect(proxy.requests).toEqual([
      { methods: ['eth_getBalance'], status: 503 },
      { methods: ['eth_getBalance'], status: 503 },
      { methods: ['eth_getBalance'], status: 200 },
    ])
    adapter.destroy()
  })

  test('every retryable status is retried', async () => {
    const adapter = await adapterOverProxy()
    for (const status of RETRYABLE_HTTP_STATUSES) {
      proxy.clearLog()
      proxy.failNext(1, status)
      await adapter.getBalance({ address: holder, network: adapter.networks[0]! })
      expect(proxy.requests.map((r) => r.status)).toEqual([status, 200])
    }
    adapter.destroy()
  })

  test(`after ${TransportDefaults.retryCount} retries the 503 is the error, as an HttpRequestError`, async () => {
    const adapter = await adapterOverProxy()
    proxy.clearLog()
    proxy.failNext(TransportDefaults.retryCount + 1, 503)
    const error = await adapter
      .getBalance({ address: holder, network: adapter.networks[0]! })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(503)
    expect(proxy.requests.map((r) => r.status)).toEqual(Array(TransportDefaults.retryCount + 1).fill(503))
    adapter.destroy()
  })

  test('a 400 is not retried: one request, an HttpRequestError with status 400', async () => {
    const adapter = await adapterOverProxy()
    proxy.clearLog()
    proxy.failNext(1, 400)
    const error = await adapter
      .getBalance({ address: holder, network: adapter.networks[0]! })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(400)
    expect(proxy.requests).toEqual([{ methods: ['eth_getBalance'], status: 400 }])
    // The next read goes through: the failure left nothing behind.
    await expect(
      adapter.getBalance({ address: holder, network: adapter.networks[0]! }),
    ).resolves.toMatchObject({
      value: 0n,
    })
    adapter.destroy()
  })

  test('a node error (a revert) is a ProviderRpcError with the node code, not retried', async () => {
    const adapter = await adapterOverProxy()
    proxy.clearLog()
    // holder owns no LUSD: the transfer reverts during estimation.
    const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [holder, 1n] })
    const error = await adapter
      .estimateGas({ to: stack.evm.tokens.LUSD, from: holder, data, network: adapter.networks[0] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(3)
    expect(proxy.requests).toEqual([{ methods: ['eth_estimateGas'], status: 200 }])
    adapter.destroy()
  })
})
