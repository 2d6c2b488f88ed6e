import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  isAddress,
  isSignedMessage,
  isTransactionHash,
  isWalletAsset,
  isWalletAssetsResponse,
  isWalletCallList,
  toChecksumAddress,
} from '../../src/validators/index.js'

const hex = (length: number, char = 'a') => `0x${char.repeat(length)}`

describe('transaction hash and signed message', () => {
  test('[§5.5] a transaction hash is 0x plus exactly 64 hex characters', () => {
    expect(isTransactionHash(hex(64))).toBe(true)
    expect(isTransactionHash(`0x${'aB09'.repeat(16)}`)).toBe(true)
    expect(isTransactionHash(hex(63))).toBe(false)
    expect(isTransactionHash(hex(65))).toBe(false)
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
    expect(isTransactionHash(undefined)).toBe(false)
  })

  test('[§5.6] a signed message is 0x plus 62 or more hex characters', () => {
    expect(isSignedMessage(hex(62))).toBe(true)
    expect(isSignedMessage(hex(130))).toBe(true)
    expect(isSignedMessage(hex(61))).toBe(false)
    expect(isSignedMessage(`${hex(70)}z`)).toBe(false)
    expect(isSignedMessage(`1x${'a'.repeat(70)}`)).toBe(false)
    expect(isSignedMessage(42)).toBe(false)
  })
})

describe('address', () => {
  const samples = [
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
    '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb',
    '0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb',
    '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  ]

  test('[§5.7] computes the EIP-55 checksum (checked against viem)', () => {
    for (const lower of samples) expect(toChecksumAddress(lower)).toBe(getAddress(lower))
    // The EIP-55 text's own examples.
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    )
    expect(() => toChecksumAddress('0x1234')).toThrow(TypeError)
  })

  test('[§5.7] an address is 0x plus 40 hex; mixed case must match the checksum when strict', () => {
    const good = getAddress(samples[0] as string)
    const bad = `${good.slice(0, -1)}${good.at(-1) === 'd' ? 'D' : 'd'}`
    expect(isAddress(good)).toBe(true)
    expect(isAddress(samples[0])).toBe(true)
    expect(isAddress(`0x${(samples[0] as string).slice(2).toUpperCase()}`)).toBe(true)
    expect(isAddress(bad)).toBe(false)
    expect(isAddress(bad, { strict: true })).toBe(false)
    expect(isAddress(bad, { strict: false })).toBe(true)
    expect(isAddress(hex(39))).toBe(false)
    expect(isAddress(hex(41))).toBe(false)
    expect(isAddress(`0x${'z'.repeat(40)}`, { strict: false })).toBe(false)
    expect(isAddress(null)).toBe(false)
  })
})

describe('wallet call list and assets', () => {
  test("[§5.12] each 'to' starts with 0x; data starts with 0x when present", () => {
    expect(isWalletCallList([{ to: '0xabc' }, { to: '0xdef', data: '0x1234', value: '0x1' }])).toBe(true)
    expect(isWalletCallList([])).toBe(true)
    expect(isWalletCallList([{ to: 'abc' }])).toBe(false)
    expect(isWalletCallList([{ to: '0xabc' }, { to: '0xdef', data: '1234' }])).toBe(false)
    expect(isWalletCallList([{ data: '0x' }])).toBe(false)
    expect(isWalletCallList([null])).toBe(false)
    expect(isWalletCallList({ to: '0xabc' })).toBe(false)
  })

  const asset = {
    address: `0x${'b'.repeat(40)}`,
    balance: '0x0de0b6b3a7640000',
    type: 'ERC20',
    metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://x/usdc.png' },
  }

  test('[§5.13] an assets response is valid only if every asset is well formed', () => {
    const native = {
      ...asset,
      address: 'native',
      type: 'NATIVE',
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    expect(isWalletAsset(asset)).toBe(true)
    expect(isWalletAssetsResponse({ '0x1': [asset, native], '0xa': [] })).toBe(true)
    expect(isWalletAssetsResponse([asset, native])).toBe(true)
    const broken = [
      { ...asset, balance: '100' },
      { ...asset, balance: '0x' },
      { ...asset, type: 'ERC721' },
      { ...asset, address: 7 },
      { ...asset, metadata: { ...asset.metadata, decimals: '6' } },
      { ...asset, metadata: { ...asset.metadata, decimals: 1.5 } },
      { ...asset, metadata: { ...asset.metadata, symbol: undefined } },
      { ...asset, metadata: { ...asset.metadata, price: 'cheap' } },
      { ...asset, metadata: null },
      null,
    ]
    for (const bad of broken) {
      expect(isWalletAsset(bad)).toBe(false)
      expect(isWalletAssetsResponse({ '0x1': [asset, bad] })).toBe(false)
      expect(isWalletAssetsResponse([asset, bad])).toBe(false)
    }
    expect(isWalletAssetsResponse({ '0x1': asset })).toBe(false)
    expect(isWalletAssetsResponse(null)).toBe(false)
    expect(isWalletAssetsResponse('[]')).toBe(false)
  })
})
