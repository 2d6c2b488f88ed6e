/** How many leading and trailing characters a shortened address keeps (SPEC §9 "Display"). */
export const ADDRESS_HEAD = 4
export const ADDRESS_TAIL = 6

/**
 * An address as the UI shows it: its first 4 and last 6 characters around an ellipsis (`0x1a…3f9c2b`), or
 * the whole address when it is not longer than that. Never throws; a non-string gives ''.
 */
export function formatAddress(address: unknown): string {
  if (typeof address !== 'string') return ''
  if (address.length <= ADDRESS_HEAD + ADDRESS_TAIL + 1) return address
  return `${address.slice(0, ADDRESS_HEAD)}…${address.slice(-ADDRESS_TAIL)}`
}

/**
 * A display balance (a plain decimal such as '10000.123456') with at most `decimals` fraction digits,
 * truncated (never rounded up: the UI never shows more than the account holds) and trailing zeros dropped,
 * keeping '0.00' for zero. Anything that is not a plain decimal is returned as it is.
 */
export function formatAmount(value: string, decimals = 3): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return value
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? '').slice(0, decimals).replace(/0+$/, '')
  if (fraction === '' && /^0+$/.test(whole)) return '0.00'
  return fraction ? `${whole}.${fraction}` : whole
}
