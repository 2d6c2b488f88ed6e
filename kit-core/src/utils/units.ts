import { LatchkeyError } from '../errors/errors.js'

/** Decimals of the named EVM units (SPEC §9). */
export const Units = { gwei: 9, wei: 18 } as const

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new LatchkeyError('Invalid decimals', { code: 'INVALID_PARAMS', details: `Got: ${decimals}` })
  }
}

/**
 * Decimal text to base units: `parseUnits('1.5', 6) === 1500000n`. Digits beyond `decimals` are rounded
 * half up, as a user typing an amount expects.
 * @throws LatchkeyError INVALID_PARAMS for text that is not a decimal number, or bad decimals.
 */
export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals)
  const match = DECIMAL.exec(typeof value === 'string' ? value.trim() : '')
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new LatchkeyError('Invalid amount', { code: 'INVALID_PARAMS', details: `Got: ${String(value)}` })
  }
  const [, sign, whole = '', fraction = ''] = match
  let units = BigInt((whole || '0') + fraction.slice(0, decimals).padEnd(decimals, '0'))
  const next = fraction[decimals]
  if (next !== undefined && next >= '5') units += 1n
  return sign === '-' ? -units : units
}

/** Base units to decimal text without trailing zeros: `formatUnits(1500000n, 6) === '1.5'`. */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
