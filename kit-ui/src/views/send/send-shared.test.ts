import { describe, expect, it } from 'vitest'
import { feeText } from './send-shared.js'

const fee = (value: string) => ({ value, symbol: 'ETH', units: 0n })

describe('feeText', () => {
  it('keeps 4 significant digits of a small fee, rounded up (the fee is what the send may cost)', () => {
    expect(feeText(fee('0.000053614562568'))).toBe('0.00005362 ETH')
    expect(feeText(fee('0.000005'))).toBe('0.000005 ETH')
    expect(feeText(fee('0.00012199106059852'))).toBe('0.000122 ETH')
    expect(feeText(fee('0.99999'))).toBe('1 ETH')
  })

  it('keeps at most 6 decimals above 1, and whole and zero fees as they are', () => {
    expect(feeText(fee('1.23456789'))).toBe('1.234568 ETH')
    expect(feeText(fee('1.5'))).toBe('1.5 ETH')
    expect(feeText(fee('2'))).toBe('2 ETH')
    expect(feeText(fee('0'))).toBe('0 ETH')
    expect(feeText(fee('0.10'))).toBe('0.1 ETH')
  })
})
