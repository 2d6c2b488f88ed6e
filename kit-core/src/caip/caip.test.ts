import { describe, expect, test } from 'vitest'
import {
  evmChainIdToCoinType,
  formatCaipAddress,
  formatCaipNetworkId,
  getPlainAddress,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  validateCaipAddress,
} from './caip.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('[§5.15] CAIP-2', () => {
  test('parses a network id into namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').reference).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  test.each(['eip155', 'eip155:', ':1', 'eip155:1:0xabc', '', 'EIP155:1', 'ab:1', 'eip155:has space'])(
    "rejects %j with 'Invalid CAIP-2 network id'",
    (value) => {
      expect(() => parseCaipNetworkId(value)).toThrowError(
        expect.objectContaining({ message: 'Invalid CAIP-2 network id', code: 'INVALID_CAIP' }),
      )
    },
  )

  test('formats and round-trips', () => {
    expect(formatCaipNetworkId('eip155', 137)).toBe('eip155:137')
    expect(() => formatCaipNetworkId('eip155', '')).toThrow('Invalid CAIP-2 network id')
  })
})

describe('[§5.15] CAIP-10', () => {
  test('parses an account id into its three parts', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: EVM,
      caipNetworkId: 'eip155:1',
    })
  })

  test.each(['eip155:1', `eip155::${EVM}`, `:1:${EVM}`, 'eip155:1:', `eip155:1:${EVM}:extra`, 'plain'])(
    "rejects %j with 'Invalid CAIP-10 address'",
    (value) => {
      expect(() => parseCaipAddress(value)).toThrowError(
        expect.objectContaining({ message: 'Invalid CAIP-10 address', code: 'INVALID_CAIP' }),
      )
    },
  )

  test('formats, and extracts the plain address', () => {
    expect(formatCaipAddress('eip155:10', EVM)).toBe(`eip155:10:${EVM}`)
    expect(getPlainAddress(`eip155:10:${EVM}`)).toBe(EVM)
    expect(() => formatCaipAddress('eip155:10', '')).toThrow('Invalid CAIP-10 address')
  })
})

describe('validateCaipAddress', () => {
  test.each([
    `eip155:1:${EVM}`,
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ])('accepts %s', (value) => {
    expect(validateCaipAddress(value)).toBe(value)
  })

  test.each([
    'eip155:1:0x1234',
    'unknown:1:0xabc',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl',
    'eip155:1',
  ])("rejects %s with 'Invalid CAIP Address'", (value) => {
    expect(() => validateCaipAddress(value)).toThrowError(
      expect.objectContaining({ message: 'Invalid CAIP Address' }),
    )
  })
})

describe('namespaces and coin types', () => {
  test('knows exactly the five namespaces of the spec', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
      expect(isChainNamespace(ns)).toBe(true)
    expect(isChainNamespace('tron')).toBe(false)
  })

  test('converts EVM chain ids to ENSIP-11 coin types', () => {
    expect(evmChainIdToCoinType(1)).toBe(60)
    expect(evmChainIdToCoinType(10)).toBe(2147483658)
    expect(evmChainIdToCoinType(8453)).toBe(0x80000000 + 8453)
    expect(evmChainIdToCoinType(0x7fffffff)).toBe(0xffffffff)
  })

  test.each([0x80000000, 0x80000001, -1, 1.5, Number.NaN])(
    "[§5.14] rejects chain id %d with 'Invalid chainId'",
    (id) => {
      expect(() => evmChainIdToCoinType(id)).toThrowError(
        expect.objectContaining({ message: 'Invalid chainId', code: 'INVALID_CHAIN_ID' }),
      )
    },
  )
})
