// Paging over more than 1,000 history items: 1,000 transfers mined on a chain of the test's own (four blocks of 250,
// sent in batches with automining off) and five items the control API adds, walked page by page through `next`.
import { randomUUID } from 'node:crypto'
import { getTestAccount } from '@latchkey/evm-chains'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { HISTORY_PAGE_SIZE, startServicesServer } from '../src/index.js'
import { historyPage, walkHistory } from './chain-helpers.js'
import { postJson } from './helpers.js'
import { startThrowawayChain } from './throwaway-chain.js'

const chain = await startThrowawayChain()
const server = await startServicesServer({
  port: 0,
  evm: { chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }], tokens: [] },
  pollMs: 100,
})
afterAll(async () => {
  await server.stop()
  await chain.stop()
})

async function rpc(body: unknown): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

/** Sends `count` transfers from anvil's unlocked account 0 to fresh addresses, in blocks of `perBlock`. */
async function mineTransfers(count: number, perBlock: number): Promise<string[]> {
  const from = getTestAccount(0).address
  const hashes: string[] = []
  await rpc({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [false] })
  for (let sent = 0; sent < count; sent += perBlock) {
    // Explicit nonces and gas: anvil handles a batch's calls concurrently.
    const batch = Array.from({ length: Math.min(perBlock, count - sent) }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to: privateKeyToAddress(generatePrivateKey()),
          value: '0x1',
          gas: '0x5208',
          nonce: `0x${(sent + i).toString(16)}`,
        },
      ],
    }))
    const answers = (await rpc(batch)) as { id: number; result: string }[]
    hashes.push(...answers.sort((a, b) => a.id - b.id).map((answer) => answer.result))
    await rpc({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
  }
  await rpc({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [true] })
  return hashes
}

describe('paging the history', () => {
  it('walks 1,005 items in pages of 50, newest first, with no duplicate and no gap', {
    timeout: 60_000,
  }, async () => {
    const sender = getTestAccount(0).address
    const hashes = await mineTransfers(1000, 250)
    expect(new Set(hashes).size).toBe(1000)
    const project = `paging-${randomUUID()}`
    const extras = Array.from({ length: 5 }, (_, i) => ({
      id: `extra-${i}`,
      metadata: {
        operationType: 'receive',
        minedAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
        sentFrom: '0x0000000000000000000000000000000000000001',
        sentTo: sender.toLowerCase(),
        status: 'confirmed',
        chain: 'eip155:31337',
      },
      transfers: [
        {
          nft_info: { name: `Badge ${i}`, flags: { is_spam: i === 0 } },
          direction: 'in',
          quantity: { numeric: '1' },
        },
      ],
    }))
    expect(
      (
        await postJson(`${server.url}/__control/history?projectId=${project}`, {
          address: sender,
          items: extras,
        })
      ).status,
    ).toBe(200)
    await server.indexed()

    const started = performance.now()
    const { items, pages } = await walkHistory(server.url, sender, { projectId: project })
    const elapsed = performance.now() - started
    console.log(`history walk: ${items.length} items in ${pages} pages, ${elapsed.toFixed(0)} ms`)
    expect(pages).toBe(Math.ceil(1005 / HISTORY_PAGE_SIZE))
    expect(items).toHaveLength(1005)
    expect(new Set(items.map((item) => item.id)).size).toBe(1005)
    // The mined ones first, newest first (the sender's nonces 999 … 0), then the added ones, newest first.
    const mined = items.slice(0, 1000)
    expect(mined.map((item) => item.metadata.nonce)).toEqual(Array.from({ length: 1000 }, (_, i) => 999 - i))
    expect(new Set(mined.map((item) => item.metadata.hash))).toEqual(new Set(hashes))
    expect(items.slice(1000).map((item) => item.id)).toEqual([
      'extra-4',
      'extra-3',
      'extra-2',
      'extra-1',
      'extra-0',
    ])
    // Another project does not see the added items; the chain filter keeps the page boundaries.
    expect((await walkHistory(server.url, sender, { chainId: 'eip155:31337' })).items).toHaveLength(1000)
    const last = await historyPage(server.url, sender, {
      projectId: project,
      cursor: (await historyPage(server.url, sender, { projectId: project })).next ?? '',
    })
    expect(last.data[0]?.metadata.nonce).toBe(949)
  })
})
