import { formatCurrencyAmount } from '@latchkey/core/display'
import type { Translate } from '../i18n/translate.js'

/** `1234567.5` → `1,234,567.50`: core's 2-decimal currency amount (SPEC §9.21) with its whole part grouped by three. */
export function groupedCurrencyAmount(value: number): string {
  const [whole = '0', fraction = '00'] = formatCurrencyAmount(value).split('.')
  const sign = whole.startsWith('-') ? '-' : ''
  const digits = sign ? whole.slice(1) : whole
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`
}

/** A USD value as the catalogue writes it (`$1,234.56` in English). */
export function formatUsd(t: Translate, value: number): string {
  return t('usdAmount', { amount: groupedCurrencyAmount(value) })
}
