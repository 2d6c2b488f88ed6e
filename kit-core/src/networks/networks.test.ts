import { describe, expect, test } from 'vitest'
import * as catalogue from './catalogue.js'
import type { CaipNetwork } from './define.js'
import * as networksEntry from './index.js'
import {
  bitcoin,
  bitcoinTestnet,
  defineNetwork,
  findNetwork,
  isUnsupportedNetwork,
  mainnet,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  soneium,
  soneiumMinato,
  UNSUPPORTED_NETWORK_NAME,
  unsupportedNetwork,
  withRpcUrl,
} from './index.js'
import { latchkeyLocal, latchkeyLocal2 } from './local.js'

describe('the network catalogue (SPEC §3)', () => {
  test('has the defined chains with their CAIP-2 ids', () => {
    expect(
      Object.fromEntries(Object.entries(catalogue).map(([name, network]) => [name, network.caipNetworkId])),
    ).toEqual({
      mainnet: 'eip155:1',
      sepolia: 'eip155:11155111',
      soneium: 'eip155:1868',
      soneiumMinato: 'eip155:1946',
      solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      solanaTestnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      bitcoin: 'bip122:000000000019d6689c085ae165831e93',
      bitcoinTestnet: 'bip122:000000000933ea01ad0ee984209779ba',
    })
  })

  test('the offline stack’s local chains are their own entry, not the public catalogue', () => {
    expect([latchkeyLocal.caipNetworkId, latchkeyLocal2.caipNetworkId]).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
    expect(Object.keys(networksEntry)).not.toContain('latchkeyLocal')
    expect(Object.keys(networksEntry)).not.toContain('latchkeyLocal2')
  })

  test('marks testnets, and never the local chains (so their balances show)', () => {
    const testnets: CaipNetwork[] = [sepolia, soneiumMinato, solanaDevnet, solanaTestnet, bitcoinTestnet]
    for (const network of testnets) expect(network.testnet).toBe(true)
    const mainnets: CaipNetwork[] = [mainnet, soneium, solana, bitcoin, latchkeyLocal, latchkeyLocal2]
    for (const network of mainnets) {
      expect(network.testnet).toBeFalsy()
    }
  })

  test('has the right currencies', () => {
    expect(mainnet.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(solana.nativeCurrency.decimals).toBe(9)
    expect(bitcoin.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
    expect(latchkeyLocal.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect(latchkeyLocal2.rpcUrls.default.http).toEqual(['http://127.0.0.1:8546'])
  })

  test('networks are frozen', () => {
    expect(Object.isFrozen(mainnet)).toBe(true)
  })
})

describe('defineNetwork', () => {
  const base = {
    id: 777,
    chainNamespace: 'eip155',
    name: 'Custom',
    nativeCurrency: { name: 'C', symbol: 'C', decimals: 18 },
    rpcUrls: { default: { http: ['https://rpc.custom.example'] } },
  } as const

  test('derives the CAIP-2 id', () => {
    expect(defineNetwork(base).caipNetworkId).toBe('eip155:777')
  })

  test.each([
    ['a mismatched CAIP-2 id', { ...base, caipNetworkId: 'eip155:778' as const }],
    ['an unknown namespace', { ...base, chainNamespace: 'tron' as never }],
    ['a non-integer eip155 id', { ...base, id: 'abc' }],
    ['fractional decimals', { ...base, nativeCurrency: { ...base.nativeCurrency, decimals: 1.5 } }],
    ['an empty name', { ...base, name: ' ' }],
    ['a non-http RPC URL', { ...base, rpcUrls: { default: { http: ['javascript:alert(1)'] } } }],
  ])('rejects %s', (_, definition) => {
    expect(() => defineNetwork(definition)).toThrowError(
      expect.objectContaining({ message: 'Unknown Network' }),
    )
  })

  test('withRpcUrl points a network at another endpoint and keeps the rest', () => {
    const moved = withRpcUrl(latchkeyLocal, 'http://127.0.0.1:40001')
    expect(moved.rpcUrls.default.http).toEqual(['http://127.0.0.1:40001'])
    expect(moved.caipNetworkId).toBe('eip155:31337')
    expect(latchkeyLocal.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })

  test('findNetwork finds by CAIP-2 id or chain id', () => {
    expect(findNetwork([mainnet, sepolia], 'eip155:11155111')).toBe(sepolia)
    expect(findNetwork([mainnet, sepolia], 1)).toBe(mainnet)
    expect(findNetwork([mainnet], 5)).toBeUndefined()
  })
})

describe('the `unsupportedNetwork` stand-in (`Unknown Network`)', () => {
  test('has the reserved name and an empty currency', () => {
    const placeholder = unsupportedNetwork('eip155:999')
    expect(placeholder).toMatchObject({
      id: 999,
      caipNetworkId: 'eip155:999',
      chainNamespace: 'eip155',
      name: UNSUPPORTED_NETWORK_NAME,
      nativeCurrency: { name: '', symbol: '', decimals: 0 },
    })
    expect(UNSUPPORTED_NETWORK_NAME).toBe('Unknown Network')
    expect(isUnsupportedNetwork(placeholder)).toBe(true)
    expect(isUnsupportedNetwork(mainnet)).toBe(false)
    expect(unsupportedNetwork('solana:abc').id).toBe('abc')
  })

  test('rejects a malformed id', () => {
    expect(() => unsupportedNetwork('nope')).toThrow('Invalid CAIP-2 network id')
  })
})
