// The test tools other packages' tests lean on: the ERC-1271 smart account and the RPC fault proxy, proven
// against the shared local chain.
import { createPublicClient, hashMessage, http, recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import {
  deploySmartAccount,
  LatchkeySmartAccount,
  type RpcFaultProxy,
  startRpcFaultProxy,
} from '../src/index.js'

const [chain] = inject('stack').evm.chains
if (!chain) throw new Error('the test stack must run an EVM chain')
const MAGIC = '0x1626ba7e'

describe('deploySmartAccount', () => {
  it('deploys an ERC-1271 account that accepts exactly its owner’s signatures', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const account = await deploySmartAccount({ rpcUrl: chain.rpcUrl, owner: owner.address })
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const message = 'Latchkey smart account'
    const signature = await owner.signMessage({ message })
    expect(await recoverMessageAddress({ message, signature })).toBe(owner.address)
    const check = (sig: `0x${string}`, text = message) =>
      client.readContract({
        address: account,
        abi: LatchkeySmartAccount.abi,
        functionName: 'isValidSignature',
        args: [hashMessage(text), sig],
      })
    expect(await check(signature)).toBe(MAGIC)
    expect(await check(await stranger.signMessage({ message }))).toBe('0xffffffff')
    expect(await check(signature, `${message}!`)).toBe('0xffffffff')
    expect(await check('0x1234')).toBe('0xffffffff')
    expect(
      await client.readContract({ address: account, abi: LatchkeySmartAccount.abi, functionName: 'owner' }),
    ).toBe(owner.address)
  })
})

describe('startRpcFaultProxy', () => {
  let proxy: RpcFaultProxy | undefined
  afterEach(async () => {
    await proxy?.close()
    proxy = undefined
  })

  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('forwards JSON-RPC to the chain and logs each request', async () => {
    proxy = await startRpcFaultProxy(chain.rpcUrl)
    const response = await post(proxy.url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: 1, result: `0x${chain.chainId.toString(16)}` })
    const batch = await post(proxy.url, [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
    ])
    expect(((await batch.json()) as unknown[]).length).toBe(2)
    expect(proxy.requests).toEqual([
      { methods: ['eth_chainId'], status: 200 },
      { methods: ['eth_chainId', 'eth_blockNumber'], status: 200 },
    ])
  })

  it('answers the next requests with the injected status, then forwards again', async () => {
    proxy = await startRpcFaultProxy(chain.rpcUrl)
    proxy.failNext(2, 503)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await post(proxy.url, { jsonrpc: '2.0', id: i, method: 'eth_chainId' })).status)
    }
    expect(statuses).toEqual([503, 503, 200])
    expect(proxy.requests.map((r) => r.status)).toEqual([503, 503, 200])
    proxy.clearLog()
    expect(proxy.requests).toEqual([])
  })
})
