import { describe, expect, it } from 'vitest'
import { formatAddress, formatAmount } from './address.js'

describe('formatAddress', () => {
  it('[§9.21] keeps the first 4 and the last 6 characters', () => {
    expect(formatAddress('0x1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e3f9c2b')).toBe('0x1a…3f9c2b')
  })
  it('leaves a short value whole and gives nothing for a non-string', () => {
    expect(formatAddress('0x12345678')).toBe('0x12345678')
    expect(formatAddress(undefined)).toBe('')
    expect(formatAddress(42)).toBe('')
  })
})

describe('formatAmount', () => {
  it('[§9.21] truncates to 3 fraction digits without rounding up and drops trailing zeros', () => {
    expect(formatAmount('10000.123956')).toBe('10000.123')
    expect(formatAmount('1.5000')).toBe('1.5')
    expect(formatAmount('2.0')).toBe('2')
    expect(formatAmount('0.0009')).toBe('0.00')
    expect(formatAmount('0.00')).toBe('0.00')
  })
  it('returns anything that is not a plain decimal as it is', () => {
    expect(formatAmount('1e18')).toBe('1e18')
    expect(formatAmount('')).toBe('')
  })
})
