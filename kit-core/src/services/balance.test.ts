// Balances through the Blockchain API client against the services stand-in (which reads the stack's local chain
// live): caches, the retry guard, zero-decimal filtering, hostile token metadata, and the testnet rule.
import { parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { anvil, fundedAddress } from '../../test/support/local-chain.js'
import {
  fault,
  recordedRequests,
  servicesUrl,
  setupBlockchainApi,
} from '../../test/support/services-stand-in.js'
import { HttpRequestError } from '../errors/index.js'
import { mainnet, sepolia, solanaDevnet } from '../networks/index.js'
import { latchkeyLocal } from '../networks/local.js'
import {
  DEFAULT_BALANCE,
  formatBalance,
  isNamespaceSupported,
  ServiceDefaults,
  SUPPORTED_NAMESPACES,
  type TokenBalance,
} from './index.js'

const LOCAL = 'eip155:31337' as const

async function balanceRequests(projectId: string): Promise<number> {
  const requests = await recordedRequests(projectId)
  return requests.filter((r) => r.path.startsWith('/v1/account/')).length
}

const setup = () => setupBlockchainApi('core-balance', { sdkVersion: '1.0.0', retryCount: 0 })

const native = (balances: readonly TokenBalance[]) => balances.find((b) => b.address === undefined)

describe('balances from the local chain', () => {
  test('the native balance of a fresh account is read live', async () => {
    const { api } = setup()
    const address = await fundedAddress('2.5')
    const balances = await api.getBalance({ address, caipNetworkId: LOCAL })
    expect(native(balances)).toMatchObject({
      symbol: 'ETH',
      chainId: LOCAL,
      quantity: { decimals: '18', numeric: '2.5' },
      iconUrl: `${servicesUrl}/public/getTokenImage/ETH`,
    })
    expect(formatBalance(latchkeyLocal, balances)).toEqual({ balance: '2.5', symbol: 'ETH' })
  })

  test('[§9.2] portfolio and native balance are cached for 30 s; forceUpdate reads through', async () => {
    const { api, projectId, clock } = setup()
    expect(ServiceDefaults.portfolioCacheMs).toBe(30_000)
    expect(ServiceDefaults.nativeBalanceCacheMs).toBe(30_000)
    const address = await fundedAddress('1')
    expect(native(await api.getBalance({ address, caipNetworkId: LOCAL }))?.quantity.numeric).toBe('1')
    await anvil.setBalance({ address, value: parseEther('3') })
    clock.now += 30_000 - 1
    expect(
      native(await api.getBalance({ address: address.toLowerCase(), caipNetworkId: LOCAL }))?.quantity
        .numeric,
    ).toBe('1')
    expect(await balanceRequests(projectId)).toBe(1)
    clock.now += 1
    expect(native(await api.getBalance({ address, caipNetworkId: LOCAL }))?.quantity.numeric).toBe('3')
    await anvil.setBalance({ address, value: parseEther('4') })
    expect(
      native(await api.getBalance({ address, caipNetworkId: LOCAL, forceUpdate: true }))?.quantity.numeric,
    ).toBe('4')
    expect(await balanceRequests(projectId)).toBe(3)
  })

  test('[§5.4] [§9.3] a failed balance fetch is not retried within 30 s of the failure', async () => {
    const { api, projectId, clock, logger } = setup()
    expect(ServiceDefaults.balanceRetryGuardMs).toBe(30_000)
    const address = await fundedAddress('1')
    await fault(projectId, { path: '/v1/account/', status: 503, times: 1 })
    const first = await api.getBalance({ address, caipNetworkId: LOCAL }).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(HttpRequestError)
    expect((first as Error).message).toBe('HTTP status code: 503')
    expect(logger.warn.mock.calls.flat().join()).not.toContain(projectId)
    clock.now += 30_000 - 1
    await expect(api.getBalance({ address, caipNetworkId: LOCAL })).rejects.toBe(first)
    await expect(api.getBalance({ address, caipNetworkId: LOCAL, forceUpdate: true })).rejects.toBe(first)
    expect(await balanceRequests(projectId)).toBe(1)
    clock.now += 1
    expect(native(await api.getBalance({ address, caipNetworkId: LOCAL }))?.quantity.numeric).toBe('1')
    expect(await balanceRequests(projectId)).toBe(2)
  })

  test('[§5.3] token balances with zero decimals in the quantity are filtered out', async () => {
    const { api, projectId } = setup()
    const address = await fundedAddress('1')
    const token = (symbol: string, decimals: string) => ({
      name: `${symbol} token`,
      symbol,
      chainId: LOCAL,
      address: `${LOCAL}:0x${'1'.repeat(40)}`,
      value: 1,
      price: 1,
      quantity: { decimals, numeric: '1' },
    })
    await fault(projectId, {
      path: '/v1/account/',
      body: { balances: [token('USDX', '6'), token('PASS', '0'), token('BADGE', '00'), token('WETH', '18')] },
    })
    const balances = await api.getBalance({ address, caipNetworkId: LOCAL })
    expect(balances.map((b) => b.symbol)).toEqual(['USDX', 'WETH'])
  })

  test('hostile token metadata: names kept as text, unsafe icons dropped, wrong types and mismatched addresses dropped', async () => {
    const { api, projectId } = setup()
    const address = await fundedAddress('1')
    const good = { chainId: LOCAL, price: 1, value: 2, quantity: { decimals: '6', numeric: '2' } }
    await fault(projectId, {
      path: '/v1/account/',
      body: {
        balances: [
          { ...good, name: '<img src=x onerror=alert(1)>', symbol: 'XSS', iconUrl: 'javascript:alert(1)' },
          { ...good, name: 'Evil icon', symbol: 'EVL', iconUrl: 'http://evil.example/i.png' },
          { ...good, name: 'Good icon', symbol: 'OK', iconUrl: 'https://cdn.example/ok.png' },
          { ...good, name: 'Numeric name', symbol: 7 },
          { ...good, name: 'Bad decimals', symbol: 'BAD', quantity: { decimals: 6, numeric: '2' } },
          { ...good, name: 'Bad price', symbol: 'BAD', price: 'free' },
          { ...good, name: 'Other chain', symbol: 'BAD', address: `eip155:1:0x${'2'.repeat(40)}` },
          { ...good, name: 'x'.repeat(300), symbol: 'LONG' },
        ],
      },
    })
    const balances = await api.getBalance({ address, caipNetworkId: LOCAL })
    expect(balances.map((b) => b.symbol)).toEqual(['XSS', 'EVL', 'OK', 'LONG'])
    expect(balances[0]).toEqual({ ...good, name: '<img src=x onerror=alert(1)>', symbol: 'XSS' })
    expect(balances[1]?.iconUrl).toBeUndefined()
    expect(balances[2]?.iconUrl).toBe('https://cdn.example/ok.png')
    expect(balances[3]?.name).toHaveLength(ServiceDefaults.maxNameLength)
  })
})

describe('[§9.18] balance on testnets', () => {
  const portfolio: TokenBalance[] = [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:11155111',
      price: 0,
      quantity: { decimals: '18', numeric: '7.5' },
    },
  ]

  test("[§9.18] is '0.00' on a testnet, whatever the service or the chain says", () => {
    expect(sepolia.testnet).toBe(true)
    expect(formatBalance(sepolia, portfolio)).toEqual({ balance: '0.00', symbol: 'ETH' })
    expect(formatBalance(sepolia, '12.34')).toEqual({ balance: '0.00', symbol: 'ETH' })
    expect(formatBalance(solanaDevnet, '3')).toEqual({ balance: '0.00', symbol: 'SOL' })
  })

  test("elsewhere it is the native amount, '0.00' when there is none or it is not a plain decimal", () => {
    expect(DEFAULT_BALANCE).toBe('0.00')
    expect(formatBalance(mainnet, '12.34')).toEqual({ balance: '12.34', symbol: 'ETH' })
    expect(formatBalance(mainnet, undefined)).toEqual({ balance: '0.00', symbol: 'ETH' })
    expect(formatBalance(mainnet, [])).toEqual({ balance: '0.00', symbol: 'ETH' })
    // The portfolio's entry for another network, or a token, is not the native balance.
    expect(formatBalance(mainnet, portfolio)).toEqual({ balance: '0.00', symbol: 'ETH' })
    expect(formatBalance(mainnet, '<b>1</b>')).toEqual({ balance: '0.00', symbol: 'ETH' })
  })
})

describe('[§9.17] supported namespaces', () => {
  test('[§9.17] balance eip155 and solana; send eip155 and solana; names eip155; activity eip155; onramp eip155 and solana', () => {
    expect(SUPPORTED_NAMESPACES).toEqual({
      balance: ['eip155', 'solana'],
      send: ['eip155', 'solana'],
      names: ['eip155'],
      activity: ['eip155'],
      onramp: ['eip155', 'solana'],
    })
    expect(isNamespaceSupported('balance', 'solana')).toBe(true)
    expect(isNamespaceSupported('balance', 'bip122')).toBe(false)
    expect(isNamespaceSupported('names', 'solana')).toBe(false)
  })
})
