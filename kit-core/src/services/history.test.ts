// Transaction history and token prices through the Blockchain API client, against the services stand-in of the test
// stack over real HTTP: what is sent, what is never asked for (SPEC §7: only on a supported network; §9: activity
// on eip155 only), paging, and failures.
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  control,
  fault,
  type RecordedRequest,
  recordedRequests,
  setupBlockchainApi,
} from '../../test/support/services-stand-in.js'
import { HttpRequestError } from '../errors/index.js'

const LOCAL = 'eip155:31337' as const
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112'
const ETH = `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`

const setup = () => setupBlockchainApi('core-history', { sdkVersion: 'html-core-2.0.0', retryCount: 0 })

async function requests(projectId: string, prefix: string): Promise<RecordedRequest[]> {
  return (await recordedRequests(projectId)).filter((request) => request.path.startsWith(prefix))
}

/** `count` history items of `address` added through the control API, one a day from 2024-01-01. */
function items(address: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `item-${i}`,
    metadata: {
      operationType: 'receive',
      hash: `0x${i.toString(16).padStart(64, '0')}`,
      minedAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      sentFrom: '0x0000000000000000000000000000000000000001',
      sentTo: address.toLowerCase(),
      status: 'confirmed',
      nonce: i,
      chain: LOCAL,
    },
    transfers: [
      { fungible_info: { name: 'Ether', symbol: 'ETH' }, direction: 'in', quantity: { numeric: '1' } },
    ],
  }))
}

describe('getTransactions', () => {
  test('sends the account, chainId, cursor and onramp with the sdk properties, and walks the pages', async () => {
    const { api, projectId } = setup()
    const address = privateKeyToAddress(generatePrivateKey())
    await control('history', projectId, { address, items: items(address, 60) })
    const first = await api.getTransactions({ address, caipNetworkId: LOCAL })
    expect(first.data).toHaveLength(50)
    expect(first.data[0]?.id).toBe('item-59')
    expect(typeof first.next).toBe('string')
    const second = await api.getTransactions({ address, caipNetworkId: LOCAL, cursor: first.next })
    expect(second.data.map((item) => item.id)).toEqual(
      items(address, 10)
        .map((item) => item.id)
        .reverse(),
    )
    expect(second).not.toHaveProperty('next')
    const onramp = await api.getTransactions({ address, caipNetworkId: LOCAL, onramp: 'coinbase' })
    expect(onramp).toEqual({ data: [] })
    const seen = await requests(projectId, `/v1/account/${address}/history`)
    expect(seen.map((request) => request.query)).toEqual([
      expect.objectContaining({ projectId, st: 'appkit', sv: 'html-core-2.0.0', chainId: LOCAL }),
      expect.objectContaining({ chainId: LOCAL, cursor: first.next }),
      expect.objectContaining({ chainId: LOCAL, onramp: 'coinbase' }),
    ])
    expect(seen[0]?.query).not.toHaveProperty('cursor')
  })

  test('[§9.17] asks nothing on an unsupported network, outside eip155, or for a malformed address', async () => {
    const { api, projectId } = setup()
    const address = privateKeyToAddress(generatePrivateKey())
    expect(await api.getTransactions({ address, caipNetworkId: 'eip155:1' })).toEqual({ data: [] })
    expect(await api.getTransactions({ address: SOLANA_ADDRESS, caipNetworkId: SOLANA })).toEqual({
      data: [],
    })
    expect(await api.getTransactions({ address: '../../e?x=', caipNetworkId: LOCAL })).toEqual({ data: [] })
    expect(await requests(projectId, '/v1/account/')).toEqual([])
    // Onramp purchases are served on solana too (SPEC §9): that one is asked.
    await api.getTransactions({ address: SOLANA_ADDRESS, caipNetworkId: SOLANA, onramp: 'coinbase' })
    expect((await requests(projectId, '/v1/account/')).map((request) => request.path)).toEqual([
      `/v1/account/${SOLANA_ADDRESS}/history`,
    ])
  })

  test('a failing request throws and is reported; a malformed answer is refused', async () => {
    const { api, projectId, logger } = setup()
    const address = privateKeyToAddress(generatePrivateKey())
    await fault(projectId, { path: '/v1/account/', status: 500, times: 1 })
    await expect(api.getTransactions({ address, caipNetworkId: LOCAL })).rejects.toBeInstanceOf(
      HttpRequestError,
    )
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('transaction history failed'))
    await fault(projectId, { path: '/v1/account/', body: { data: [], next: 7 }, times: 1 })
    await expect(api.getTransactions({ address, caipNetworkId: LOCAL })).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      details: expect.stringContaining('next'),
    })
    expect(await api.getTransactions({ address, caipNetworkId: LOCAL })).toEqual({ data: [] })
  })
})

describe('getTokenPrices', () => {
  test('posts currency, the addresses on supported networks and the project id; reads the prices', async () => {
    const { api, projectId } = setup()
    const unsupported = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
    const prices = await api.getTokenPrices({ addresses: [ETH, unsupported, 'not an address', ETH] })
    expect(prices).toEqual([
      expect.objectContaining({ address: ETH, symbol: 'ETH', decimals: 18, price: 2500 }),
    ])
    const [request] = await requests(projectId, '/v1/fungible/price')
    expect(request).toMatchObject({
      method: 'POST',
      query: { projectId, st: 'appkit', sv: 'html-core-2.0.0' },
      body: { currency: 'usd', addresses: [ETH], projectId },
    })
  })

  test('asks nothing when no address is on a supported network', async () => {
    const { api, projectId } = setup()
    expect(
      await api.getTokenPrices({ addresses: ['eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] }),
    ).toEqual([])
    expect(await api.getTokenPrices({ addresses: [] })).toEqual([])
    expect(await requests(projectId, '/v1/fungible/price')).toEqual([])
  })

  test('a token the project has no price for comes without one; a failure throws', async () => {
    const { api, projectId } = setup()
    await control('prices', projectId, { prices: { [ETH]: null } })
    expect(await api.getTokenPrices({ addresses: [ETH] })).toEqual([
      { address: ETH, name: 'Ether', symbol: 'ETH', iconUrl: expect.any(String), decimals: 18 },
    ])
    await fault(projectId, { path: '/v1/fungible/price', status: 503, times: 1 })
    await expect(api.getTokenPrices({ addresses: [ETH] })).rejects.toBeInstanceOf(HttpRequestError)
  })
})
