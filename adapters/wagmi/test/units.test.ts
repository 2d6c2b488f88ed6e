/** `parseUnits` / `formatUnits` are core's: the same answers viem's gave, for every decimals a token or chain has. */
import { LatchkeyError } from '@latchkey/core'
import { latchkeyLocal } from '@latchkey/core/networks/local'
import { formatUnits as viemFormatUnits, parseUnits as viemParseUnits } from 'viem'
import { expect, test } from 'vitest'
import { WagmiAdapter } from '../src/index.js'

const adapter = new WagmiAdapter({ networks: [latchkeyLocal] })
const DECIMALS = [0, 1, 2, 6, 8, 9, 18, 24, 77, 255]
const TEXTS = [
  '0',
  '1',
  '-1',
  '1.',
  '.5',
  '-.5',
  '0.000001',
  '1.5',
  '1.05',
  '1.95',
  '9.999',
  '-9.995',
  ' 42.1 ',
]
const VALUES = [0n, 1n, -1n, 5n, 10n ** 6n, 1_500_000n, -1_234_567_890n, 10n ** 18n, 2n ** 256n - 1n]

test('parseUnits: what viem gave for the same text, rounding half away from zero', () => {
  for (const decimals of DECIMALS)
    for (const text of TEXTS)
      expect(adapter.parseUnits(text, decimals), `${text} / ${decimals}`).toBe(
        viemParseUnits(text.trim(), decimals),
      )
  expect(adapter.parseUnits('1.25', 1)).toBe(13n)
})

test('parseUnits: malformed text and decimals are INVALID_PARAMS, as before', () => {
  for (const [text, decimals] of [
    ['1.2.3', 18],
    ['abc', 9],
    ['', 6],
    ['-', 6],
    ['1', -1],
    ['1', 256],
  ] as const)
    expect(() => adapter.parseUnits(text, decimals)).toThrow(
      expect.objectContaining({ name: LatchkeyError.name, code: 'INVALID_PARAMS' }),
    )
})

test('formatUnits: what viem wrote for the same value', () => {
  for (const decimals of DECIMALS)
    for (const value of VALUES)
      expect(adapter.formatUnits(value, decimals), `${value} / ${decimals}`).toBe(
        viemFormatUnits(value, decimals),
      )
})
