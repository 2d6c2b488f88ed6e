import { describe, expect, it } from 'vitest'
import { createTranslate } from '../i18n/translate.js'
import { formatUsd, groupedCurrencyAmount } from './fiat.js'

describe('fiat values', () => {
  it('[§9.21] shows 2 decimals, rounded half up, the whole part grouped by three', () => {
    expect(groupedCurrencyAmount(0)).toBe('0.00')
    expect(groupedCurrencyAmount(1.125)).toBe('1.13')
    expect(groupedCurrencyAmount(999.994)).toBe('999.99')
    expect(groupedCurrencyAmount(1234.5)).toBe('1,234.50')
    expect(groupedCurrencyAmount(1234567.891)).toBe('1,234,567.89')
    expect(groupedCurrencyAmount(-1234.5)).toBe('-1,234.50')
    expect(groupedCurrencyAmount(Number.NaN)).toBe('0.00')
  })

  it('writes a USD value as the catalogue says', () => {
    expect(formatUsd(createTranslate(), 1485.06)).toBe('$1,485.06')
  })
})
