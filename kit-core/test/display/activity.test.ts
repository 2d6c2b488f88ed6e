// The display rules of the account's balances and activity (SPEC §9 "Display"), issue 22's groundwork: amounts,
// signs, and the relative time at each threshold, on both sides of it.
import { describe, expect, test } from 'vitest'
import {
  CURRENCY_DECIMALS,
  formatCurrencyAmount,
  formatTransferAmount,
  operationSign,
  RELATIVE_TIME_THRESHOLDS,
  relativeTime,
  roundDecimal,
  TRANSFER_DECIMALS,
} from '../../src/display.js'

const NOW = Date.UTC(2026, 6, 15, 12, 0, 0)
const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H
const ago = (ms: number) => relativeTime(NOW - ms, NOW)

describe('[§9.21] amounts: 3 decimals for transfers, 2 for currency', () => {
  test('transfers round half up to at most 3 decimals, exactly at any length', () => {
    expect(TRANSFER_DECIMALS).toBe(3)
    expect(formatTransferAmount('1.23456')).toBe('1.235')
    expect(formatTransferAmount('1.2344')).toBe('1.234')
    expect(formatTransferAmount('2.0004')).toBe('2')
    expect(formatTransferAmount('0.9995')).toBe('1')
    expect(formatTransferAmount('123456789012345678901234567890.0001')).toBe('123456789012345678901234567890')
    expect(formatTransferAmount('-0.0001')).toBe('0')
    expect(formatTransferAmount('-1.5')).toBe('-1.5')
    expect(formatTransferAmount('1e5')).toBe('0')
    expect(roundDecimal('7', 0)).toBe('7')
  })

  test('currency shows exactly 2 decimals', () => {
    expect(CURRENCY_DECIMALS).toBe(2)
    expect(formatCurrencyAmount(1234.5)).toBe('1234.50')
    expect(formatCurrencyAmount(0.005)).toBe('0.01')
    expect(formatCurrencyAmount(0.004)).toBe('0.00')
    expect(formatCurrencyAmount('19.999')).toBe('20.00')
    expect(formatCurrencyAmount(1e-7)).toBe('0.00')
    expect(formatCurrencyAmount(Number.NaN)).toBe('0.00')
    expect(formatCurrencyAmount(2500 * 1.5)).toBe('3750.00')
  })
})

describe('[§9.22] incoming operations get +, outgoing get -', () => {
  test.each(['receive', 'deposit', 'borrow', 'claim'])('%s: +', (type) => {
    expect(operationSign(type)).toBe('+')
  })
  test.each(['withdraw', 'repay', 'burn'])('%s: -', (type) => {
    expect(operationSign(type)).toBe('-')
  })
  test.each(['send', 'execute', 'mint', 'trade', ''])('%s: no sign', (type) => {
    expect(operationSign(type)).toBe('')
  })
})

describe('[§9.37] relative time: each threshold, on both sides', () => {
  test('the thresholds', () => {
    expect(RELATIVE_TIME_THRESHOLDS).toEqual({
      seconds: 44,
      minute: 89,
      minutes: 44,
      hour: 89,
      hours: 21,
      day: 35,
      days: 25,
      month: 45,
      months: 10,
      year: 17,
    })
  })

  test.each([
    ['0 s', 0, { unit: 'seconds', count: 0 }],
    ['44 s', 44 * S, { unit: 'seconds', count: 44 }],
    ['45 s', 45 * S, { unit: 'minute', count: 1 }],
    ['89 s', 89 * S, { unit: 'minute', count: 1 }],
    ['90 s', 90 * S, { unit: 'minutes', count: 2 }],
    ['44 min', 44 * M, { unit: 'minutes', count: 44 }],
    ['45 min', 45 * M, { unit: 'hour', count: 1 }],
    ['89 min', 89 * M, { unit: 'hour', count: 1 }],
    ['90 min', 90 * M, { unit: 'hours', count: 2 }],
    ['21 h', 21 * H, { unit: 'hours', count: 21 }],
    ['22 h', 22 * H, { unit: 'day', count: 1 }],
    ['35 h', 35 * H, { unit: 'day', count: 1 }],
    ['36 h', 36 * H, { unit: 'days', count: 2 }],
    ['25 d', 25 * D, { unit: 'days', count: 25 }],
    ['26 d', 26 * D, { unit: 'month', count: 1 }],
    ['45 d', 45 * D, { unit: 'month', count: 1 }],
    ['46 d (here 1.5 calendar months)', 46 * D, { unit: 'months', count: 2 }],
    ['60 d', 60 * D, { unit: 'months', count: 2 }],
    ['10 months', Date.UTC(2026, 6, 15, 12) - Date.UTC(2025, 8, 15, 12), { unit: 'months', count: 10 }],
    ['11 months', Date.UTC(2026, 6, 15, 12) - Date.UTC(2025, 7, 15, 12), { unit: 'year', count: 1 }],
    ['17 months', Date.UTC(2026, 6, 15, 12) - Date.UTC(2025, 1, 15, 12), { unit: 'year', count: 1 }],
    ['18 months', Date.UTC(2026, 6, 15, 12) - Date.UTC(2025, 0, 15, 12), { unit: 'years', count: 2 }],
    ['5 years', Date.UTC(2026, 6, 15, 12) - Date.UTC(2021, 6, 15, 12), { unit: 'years', count: 5 }],
  ])('%s ago', (_name, elapsed, expected) => {
    expect(ago(elapsed)).toEqual(expected)
  })

  test('46 days over two 31-day months round to one: still a month', () => {
    expect(relativeTime(Date.UTC(2026, 6, 1), Date.UTC(2026, 7, 16))).toEqual({ unit: 'month', count: 1 })
  })

  test('a time in the future (another clock) counts as now', () => {
    expect(relativeTime(NOW + 5 * M, NOW)).toEqual({ unit: 'seconds', count: 0 })
  })
})
