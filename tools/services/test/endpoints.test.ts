// The Blockchain API's answers to what they are given, on the stack's stand-in: bad input is a 400 naming the
// parameter, an unknown chain answers empty, token prices (defaults and per project), and the history items the
// control API adds.
import { randomUUID } from 'node:crypto'
import { TOKENS } from '@latchkey/evm-chains'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { freshSender, historyPage } from './chain-helpers.js'
import { getJson, postJson } from './helpers.js'

const { evm, solana, services } = inject('stack')
const base = services.url
const chainA = evm.chains.find((chain) => chain.chainId === 31337)!
const LOCAL = 'eip155:31337'
const ETH = `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const solanaId = `solana:${solana.clusters[0]!.genesisHash.slice(0, 32)}`
const someone = privateKeyToAddress(generatePrivateKey())

const price = (body: unknown, projectId = 'endpoints') =>
  postJson<{ fungibles?: Record<string, unknown>[]; error?: string }>(
    `${base}/v1/fungible/price?projectId=${projectId}`,
    body,
  )

describe('bad input is a 400 naming the parameter', () => {
  it.each([
    ['history: a malformed address', `/v1/account/0x12/history`, 'address'],
    [
      'history: an EVM chain with a Solana address',
      `/v1/account/So11111111111111111111111111111111111111112/history?chainId=${LOCAL}`,
      'address',
    ],
    ['history: a malformed chain id', `/v1/account/${someone}/history?chainId=31337`, 'chainId'],
    ['history: a malformed cursor', `/v1/account/${someone}/history?cursor=not!base64`, 'cursor'],
    [
      'history: a cursor it never gave out',
      `/v1/account/${someone}/history?cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      'cursor',
    ],
    ['history: an unknown onramp', `/v1/account/${someone}/history?onramp=paypal`, 'onramp'],
    ['balance: no chain id', `/v1/account/${someone}/balance?currency=usd`, 'chainId'],
    ['balance: a malformed chain id', `/v1/account/${someone}/balance?chainId=eip155`, 'chainId'],
    ['balance: another currency', `/v1/account/${someone}/balance?chainId=${LOCAL}&currency=eur`, 'currency'],
    ['balance: a malformed address', `/v1/account/0xzz/balance?chainId=${LOCAL}`, 'address'],
    [
      'balance: forceUpdate not a boolean',
      `/v1/account/${someone}/balance?chainId=${LOCAL}&forceUpdate=yes`,
      'forceUpdate',
    ],
  ])('%s', async (_name, path, parameter) => {
    const { status, body } = await getJson<{ error: string }>(`${base}${path}`)
    expect(status).toBe(400)
    expect(body.error).toMatch(new RegExp(`^${parameter}\\b`))
  })

  it.each([
    ['no body', undefined, 'body'],
    ['another currency', { currency: 'eur', addresses: [ETH] }, 'currency'],
    ['no addresses', { currency: 'usd', addresses: [] }, 'addresses'],
    ['an address that is not CAIP-10', { currency: 'usd', addresses: [ETH, '0x1234'] }, 'addresses\\[1\\]'],
    ['a projectId that is not text', { currency: 'usd', addresses: [ETH], projectId: 7 }, 'projectId'],
  ])('price: %s', async (_name, body, field) => {
    const { status, body: answer } = await price(body)
    expect(status).toBe(400)
    expect(answer.error).toMatch(new RegExp(field))
  })
})

describe('a chain the service does not serve answers empty (SPEC §7)', () => {
  it('history, onramp history and balance', async () => {
    expect((await historyPage(base, someone, { chainId: 'eip155:1' })).data).toEqual([])
    expect(await historyPage(base, someone, { chainId: 'eip155:1' })).toEqual({ data: [], next: null })
    expect(await historyPage(base, someone, { onramp: 'coinbase' })).toEqual({ data: [], next: null })
    const balance = await getJson(`${base}/v1/account/${someone}/balance?chainId=eip155:1&currency=usd`)
    expect(balance).toEqual({ status: 200, body: { balances: [] } })
    const { body } = await price({
      currency: 'usd',
      addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'],
    })
    expect(body).toEqual({ fungibles: [] })
  })
})

describe('token prices', () => {
  it('answers the local tokens’ default prices, in the order asked, and leaves out unknown tokens', async () => {
    const { status, body } = await price({
      currency: 'usd',
      addresses: [
        ETH,
        `${LOCAL}:${TOKENS.LUSD.address}`,
        `${LOCAL}:${TOKENS.LKT.address.toLowerCase()}`,
        `${LOCAL}:0x${'12'.repeat(20)}`,
        `${solanaId}:So11111111111111111111111111111111111111111`,
        `${solanaId}:${solana.mint.address}`,
      ],
    })
    expect(status).toBe(200)
    const icon = (symbol: string) => `${base}/public/getTokenImage/${symbol}`
    expect(body.fungibles).toEqual([
      { address: ETH, name: 'Ether', symbol: 'ETH', iconUrl: icon('ETH'), decimals: 18, price: 2500 },
      expect.objectContaining({ symbol: 'LUSD', decimals: 6, price: 1 }),
      expect.objectContaining({
        address: `${LOCAL}:${TOKENS.LKT.address.toLowerCase()}`,
        symbol: 'LKT',
        price: 0.25,
      }),
      expect.objectContaining({ symbol: 'SOL', decimals: 9, price: 150 }),
      expect.objectContaining({ symbol: 'LUSD', address: `${solanaId}:${solana.mint.address}`, price: 1 }),
    ])
  })

  it('a project’s own prices apply to its prices and balances only; null means no price', async () => {
    const project = `prices-${randomUUID()}`
    const set = await postJson(`${base}/__control/prices?projectId=${project}`, {
      prices: { [ETH]: 3000, [`${LOCAL}:${TOKENS.LUSD.address}`]: null },
    })
    expect(set.status).toBe(200)
    const { body } = await price({
      currency: 'usd',
      addresses: [ETH, `${LOCAL}:${TOKENS.LUSD.address}`],
      projectId: project,
    })
    expect(body.fungibles?.map((entry) => entry.price)).toEqual([3000, undefined])
    expect((await price({ currency: 'usd', addresses: [ETH] })).body.fungibles?.[0]?.price).toBe(2500)

    const holder = await freshSender(chainA, { eth: '2', lusd: '10' })
    const { body: balance } = await getJson<{ balances: Record<string, unknown>[] }>(
      `${base}/v1/account/${holder.address}/balance?projectId=${project}&currency=usd&chainId=${LOCAL}`,
    )
    expect(balance.balances).toEqual([
      expect.objectContaining({
        symbol: 'ETH',
        price: 3000,
        value: 6000,
        quantity: { decimals: '18', numeric: '2' },
      }),
      {
        name: 'Latchkey USD',
        symbol: 'LUSD',
        chainId: LOCAL,
        address: `${LOCAL}:${TOKENS.LUSD.address}`,
        quantity: { decimals: '6', numeric: '10' },
        iconUrl: `${base}/public/getTokenImage/LUSD`,
      },
    ])
    await postJson(`${base}/__control/reset?projectId=${project}`, {})
    expect(
      (await price({ currency: 'usd', addresses: [ETH], projectId: project })).body.fungibles?.[0]?.price,
    ).toBe(2500)
  })

  it('refuses malformed control prices, naming them', async () => {
    const bad = await postJson<{ error: string }>(`${base}/__control/prices?projectId=x`, {
      prices: { [ETH]: -1 },
    })
    expect(bad).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/price of .* must be a number/) },
    })
    const address = await postJson<{ error: string }>(`${base}/__control/prices?projectId=x`, {
      prices: { ETH: 1 },
    })
    expect(address.body.error).toMatch(/"ETH" is not a CAIP-10 token address/)
  })
})

describe('history items the control API adds', () => {
  const nft = (id: string, minedAt: string, spam: boolean) => ({
    id,
    metadata: {
      operationType: 'receive',
      hash: `0x${'cd'.repeat(32)}`,
      minedAt,
      sentFrom: '0x0000000000000000000000000000000000000001',
      sentTo: someone.toLowerCase(),
      status: 'confirmed',
      nonce: 0,
      chain: LOCAL,
    },
    transfers: [
      {
        nft_info: {
          name: `Card ${id}`,
          flags: { is_spam: spam },
          content: { preview: { url: `${base}/public/getAssetImage/${id}` } },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ],
  })

  it('are served to their project only, newest first, NFT and spam flags as given', async () => {
    const project = `extras-${randomUUID()}`
    const items = [
      nft('nft-old', '2024-05-01T00:00:00.000Z', false),
      nft('spam-new', '2025-06-01T00:00:00.000Z', true),
    ]
    const added = await postJson(`${base}/__control/history?projectId=${project}`, {
      address: someone,
      items,
    })
    expect(added.status).toBe(200)
    const { data } = await historyPage(base, someone, { projectId: project })
    expect(data).toEqual([items[1], items[0]])
    expect((await historyPage(base, someone, { projectId: project, chainId: 'eip155:31338' })).data).toEqual(
      [],
    )
    expect((await historyPage(base, someone, { projectId: 'someone-else' })).data).toEqual([])
  })

  it('refuses an item that is not a SPEC §3 transaction, naming the problem', async () => {
    const broken = { ...nft('x', 'not a date', false) }
    const { status, body } = await postJson<{ error: string }>(`${base}/__control/history?projectId=p`, {
      address: someone,
      items: [broken],
    })
    expect(status).toBe(400)
    expect(body.error).toBe('items[0].metadata.minedAt: not a date')
  })
})
