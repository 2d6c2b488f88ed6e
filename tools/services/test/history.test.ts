// The history endpoint of the stack's stand-in, whose indexer follows the stack's chains: real transfers from fresh
// keys, seen from both sides; what the control API adds per project; prices in the items.
import { randomUUID } from 'node:crypto'
import { TOKENS } from '@latchkey/evm-chains'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { freshSender, historyPage, type Item } from './chain-helpers.js'
import { postJson } from './helpers.js'

const { evm, services } = inject('stack')
const base = services.url
const chainA = evm.chains.find((chain) => chain.chainId === 31337)!
const LOCAL = 'eip155:31337'

/** The stand-in polls each chain every 500 ms: an item shows within one poll and the block's writing. */
const WITHIN_A_POLL = { timeout: 5_000, interval: 100 }

describe('history indexed from the local chains', () => {
  it('a native send, an LUSD transfer and an LUSDT (USDT-style) transfer show in both parties’ history', async () => {
    const sender = await freshSender(chainA, { eth: '10', lusd: '500', lusdt: '500' })
    const recipient = privateKeyToAddress(generatePrivateKey())
    const hashes = [
      await sender.send(recipient, '1.5'),
      await sender.transfer('LUSD', recipient, '120.5'),
      await sender.transfer('LUSDT', recipient, '7'),
    ]
    for (const hash of hashes) await sender.mined(hash)
    const project = `history-${randomUUID()}`
    await expect
      .poll(
        async () => (await historyPage(base, recipient, { projectId: project })).data.length,
        WITHIN_A_POLL,
      )
      .toBe(3)
    const received = (await historyPage(base, recipient, { projectId: project })).data
    const sent = (await historyPage(base, sender.address, { projectId: project })).data
    // Newest first: LUSDT, LUSD, ETH; from each side its own direction and operation.
    expect(received.map((item) => item.metadata.hash)).toEqual([...hashes].reverse())
    expect(sent.map((item) => item.metadata.hash)).toEqual([...hashes].reverse())
    const [lusdt, lusd, ether] = received as [Item, Item, Item]
    expect(ether).toEqual({
      id: `${LOCAL}:${hashes[0]}`,
      metadata: {
        operationType: 'receive',
        hash: hashes[0],
        minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sentFrom: sender.address.toLowerCase(),
        sentTo: recipient.toLowerCase(),
        status: 'confirmed',
        nonce: 0,
        chain: LOCAL,
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${base}/public/getTokenImage/ETH` } },
          direction: 'in',
          quantity: { numeric: '1.5' },
          value: 3750,
          price: 2500,
        },
      ],
    })
    expect(lusd.metadata).toMatchObject({
      operationType: 'receive',
      sentTo: TOKENS.LUSD.address.toLowerCase(),
    })
    expect(lusd.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'LUSD' }),
        direction: 'in',
        quantity: { numeric: '120.5' },
        value: 120.5,
      }),
    ])
    expect(lusdt.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'LUSDT' }),
        quantity: { numeric: '7' },
      }),
    ])
    expect(sent.map((item) => [item.metadata.operationType, item.transfers.map((t) => t.direction)])).toEqual(
      [
        ['send', ['out']],
        ['send', ['out']],
        ['send', ['out']],
      ],
    )
    expect(sent.map((item) => item.metadata.nonce)).toEqual([2, 1, 0])
    // Nothing of it on the other chain.
    expect((await historyPage(base, recipient, { chainId: 'eip155:31338' })).data).toEqual([])
    expect((await historyPage(base, recipient, { chainId: LOCAL })).data).toHaveLength(3)
  })

  it('a reverted token transfer shows as a failed call, without transfers, on the sender’s side only', async () => {
    const sender = await freshSender(chainA, { eth: '1', lusd: '1' })
    const recipient = privateKeyToAddress(generatePrivateKey())
    const hash = await sender.transfer('LUSD', recipient, '2', 100_000n)
    expect(await sender.mined(hash)).toBe('reverted')
    await expect
      .poll(async () => (await historyPage(base, sender.address)).data, WITHIN_A_POLL)
      .toEqual([
        expect.objectContaining({
          metadata: expect.objectContaining({ hash, operationType: 'execute', status: 'failed' }),
          transfers: [],
        }),
      ])
    expect((await historyPage(base, recipient)).data).toEqual([])
  })

  it('prices set for a project show in its items only; an asset without a price has neither price nor value', async () => {
    const sender = await freshSender(chainA, { eth: '2' })
    await sender.mined(await sender.send(sender.address, '0.25'))
    const project = `history-prices-${randomUUID()}`
    await postJson(`${base}/__control/prices?projectId=${project}`, {
      prices: { [`${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`]: null },
    })
    await expect
      .poll(async () => (await historyPage(base, sender.address)).data.length, WITHIN_A_POLL)
      .toBe(1)
    const [selfSend] = (await historyPage(base, sender.address)).data
    expect(selfSend?.metadata.operationType).toBe('send')
    expect(selfSend?.transfers).toEqual([
      expect.objectContaining({ direction: 'self', value: 625, price: 2500 }),
    ])
    const [unpriced] = (await historyPage(base, sender.address, { projectId: project })).data
    expect(unpriced?.transfers).toEqual([
      { fungible_info: expect.any(Object), direction: 'self', quantity: { numeric: '0.25' } },
    ])
  })
})
