/** The read transport: custom RPC URLs first, FallbackProvider over several URLs, ranking by health. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { TransportDefaults } from '@latchkey/core'
import { FallbackProvider, JsonRpcProvider } from 'ethers'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { startRpcRanker } from '../src/ranking.js'
import { adapterFor, chainA, networks } from './support.js'

/** A URL on 127.0.0.1 where nothing listens any more. */
async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

describe('read providers', () => {
  test('one URL: a JsonRpcProvider', async () => {
    const adapter = await adapterFor(undefined)
    expect(adapter.getProvider(networks[0])).toBeInstanceOf(JsonRpcProvider)
    expect(adapter.getRpcRanking(networks[0])).toEqual([chainA.rpcUrl])
    adapter.destroy()
  })

  test('a dead custom URL first: FallbackProvider reads from the chain, and the ranking puts it last', async () => {
    const dead = await deadUrl()
    const adapter = await adapterFor(undefined, {
      options: { customRpcUrls: { [networks[0].caipNetworkId]: [{ url: dead }] } },
    })
    expect(adapter.getProvider(networks[0])).toBeInstanceOf(FallbackProvider)
    // Custom RPC URLs come first until the first ranking round says otherwise.
    expect(adapter.getRpcRanking(networks[0])).toEqual([dead, chainA.rpcUrl])
    const holder = privateKeyToAddress(generatePrivateKey())
    await expect(adapter.getBalance({ address: holder, network: networks[0] })).resolves.toMatchObject({
      value: 0n,
    })
    await vi.waitFor(() => expect(adapter.getRpcRanking(networks[0])).toEqual([chainA.rpcUrl, dead]), {
      timeout: TransportDefaults.rankTimeout * 3,
    })
    // The provider rebuilt in the new order still reads.
    await expect(adapter.getProvider(networks[0]).getBlockNumber()).resolves.toBeGreaterThanOrEqual(0)
    adapter.destroy()
  })
})

describe('the ranker', () => {
  test('puts a failing URL last and a slower one after a faster one', async () => {
    const ping = vi.fn(async (url: string) => {
      if (url === 'down') throw new Error('down')
      if (url === 'slow') await new Promise((resolve) => setTimeout(resolve, 100))
    })
    const ranker = startRpcRanker(['down', 'slow', 'fast'], ping)
    expect(ranker.order()).toEqual([0, 1, 2])
    await vi.waitFor(() => expect(ranker.order()).toEqual([2, 1, 0]))
    ranker.stop()
    // One round so far: the next comes after TransportDefaults.rankInterval, and stop() cancelled it.
    expect(ping).toHaveBeenCalledTimes(3)
  })

  test('equal scores keep the given order (custom RPC URLs first)', async () => {
    let pinged = 0
    const ranker = startRpcRanker(['custom', 'default'], async () => {
      pinged++
      throw new Error('both down')
    })
    await vi.waitFor(() => expect(pinged).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(ranker.order()).toEqual([0, 1])
    ranker.stop()
  })
})
