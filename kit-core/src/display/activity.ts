// How amounts, signs and times of the account's activity and balances are shown (SPEC §9 "Display"): plain functions
// the views of the account features (lazy chunks) share, so every page shows them alike.

/** Decimals shown for a transfer's amount (SPEC §9). */
export const TRANSFER_DECIMALS = 3
/** Decimals shown for an amount of currency, a fiat value (SPEC §9). */
export const CURRENCY_DECIMALS = 2

/** Operation types that bring assets to the account (shown with '+', SPEC §9). */
const INCOMING: ReadonlySet<string> = new Set(['receive', 'deposit', 'borrow', 'claim'])
/** Operation types that take assets from the account (shown with '-', SPEC §9). */
const OUTGOING: ReadonlySet<string> = new Set(['withdraw', 'repay', 'burn'])

/** The sign an operation's amount is shown with: '+' incoming, '-' outgoing, '' for any other (send, execute, …). */
export function operationSign(operationType: string): '+' | '-' | '' {
  return INCOMING.has(operationType) ? '+' : OUTGOING.has(operationType) ? '-' : ''
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A decimal string rounded half up to at most `decimals` places, trailing zeros dropped: exact at any length (a token
 * amount is not squeezed through a float). `roundDecimal('1.23456', 3) === '1.235'`, `roundDecimal('2.0004', 3) ===
 * '2'`. Text that is not a plain decimal number comes back as '0'.
 */
export function roundDecimal(numeric: string, decimals: number): string {
  const match = DECIMAL.exec(numeric.trim())
  if (!match) return '0'
  const [, sign, whole = '0', fraction = ''] = match
  const places = Math.max(0, Math.floor(decimals))
  let units = BigInt(whole + fraction.slice(0, places).padEnd(places, '0'))
  if ((fraction[places] ?? '0') >= '5') units += 1n
  const digits = units.toString().padStart(places + 1, '0')
  const head = digits.slice(0, digits.length - places)
  const tail = digits.slice(digits.length - places).replace(/0+$/, '')
  const text = tail ? `${head}.${tail}` : head
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text
}

/** A transfer's amount as shown: at most 3 decimals (SPEC §9). */
export function formatTransferAmount(numeric: string): string {
  return roundDecimal(numeric, TRANSFER_DECIMALS)
}

/**
 * A currency amount as shown: exactly 2 decimals, rounded half up (SPEC §9). `formatCurrencyAmount(1234.5) ===
 * '1234.50'`; a value that is not a finite number shows as '0.00'.
 */
export function formatCurrencyAmount(value: number | string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? toPlain(value) : '0') : value
  const rounded = roundDecimal(text, CURRENCY_DECIMALS)
  const [head, tail = ''] = rounded.split('.')
  return `${head}.${tail.padEnd(CURRENCY_DECIMALS, '0')}`
}

/** A number as plain decimal text (no exponent): 1e-7 → '0.0000001'. */
function toPlain(value: number): string {
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/\.?0+$/, '') : value.toFixed(0)
}

/** How long ago something happened, as one unit and a count ('a minute', '5 minutes', …). */
export interface RelativeTime {
  unit:
    | 'seconds'
    | 'minute'
    | 'minutes'
    | 'hour'
    | 'hours'
    | 'day'
    | 'days'
    | 'month'
    | 'months'
    | 'year'
    | 'years'
  count: number
}

/**
 * The thresholds of the relative time (the ones dayjs made familiar): up to 44 s 'seconds'; to 89 s 'a minute'; to 44
 * min 'minutes'; to 89 min 'an hour'; to 21 h 'hours'; to 35 h 'a day'; to 25 d 'days'; to 45 d 'a month'; to 10 months
 * 'months'; to 17 months 'a year'; then 'years'. Each count is rounded in its own unit.
 */
export const RELATIVE_TIME_THRESHOLDS = {
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
} as const

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Calendar months from `from` to `to` (UTC), with the fraction of the month under way. */
function monthsBetween(from: number, to: number): number {
  const a = new Date(from)
  const b = new Date(to)
  const at = (months: number) =>
    Date.UTC(
      a.getUTCFullYear(),
      a.getUTCMonth() + months,
      a.getUTCDate(),
      a.getUTCHours(),
      a.getUTCMinutes(),
      a.getUTCSeconds(),
      a.getUTCMilliseconds(),
    )
  let whole = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth())
  if (at(whole) > to) whole -= 1
  const start = at(whole)
  return whole + (to - start) / (at(whole + 1) - start)
}

/**
 * How long before `now` the time `then` was (both ms since the epoch), by {@link RELATIVE_TIME_THRESHOLDS}. A time in
 * the future (another device's clock) counts as now.
 */
export function relativeTime(then: number, now: number): RelativeTime {
  const t = RELATIVE_TIME_THRESHOLDS
  const elapsed = Math.max(0, now - then)
  const seconds = Math.round(elapsed / SECOND)
  if (seconds <= t.seconds) return { unit: 'seconds', count: seconds }
  if (seconds <= t.minute) return { unit: 'minute', count: 1 }
  const minutes = Math.round(elapsed / MINUTE)
  if (minutes <= t.minutes) return { unit: 'minutes', count: minutes }
  if (minutes <= t.hour) return { unit: 'hour', count: 1 }
  const hours = Math.round(elapsed / HOUR)
  if (hours <= t.hours) return { unit: 'hours', count: hours }
  if (hours <= t.day) return { unit: 'day', count: 1 }
  const days = Math.round(elapsed / DAY)
  if (days <= t.days) return { unit: 'days', count: days }
  if (days <= t.month) return { unit: 'month', count: 1 }
  const months = Math.round(monthsBetween(now - elapsed, now))
  // 46 days of a 31-day month round to one month: still 'a month'.
  if (months <= 1) return { unit: 'month', count: 1 }
  if (months <= t.months) return { unit: 'months', count: months }
  if (months <= t.year) return { unit: 'year', count: 1 }
  return { unit: 'years', count: Math.max(2, Math.round(monthsBetween(now - elapsed, now) / 12)) }
}
