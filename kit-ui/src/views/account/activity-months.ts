import type { Transaction, TransactionsState } from '@latchkey/core'
import { type RelativeTime, relativeTime } from '@latchkey/core/display'
import { useRef } from 'preact/hooks'
import type { MessageKey } from '../../i18n/messages-en.js'
import type { Translate } from '../../i18n/translate.js'

/** One month of the activity list: its items, newest first. */
export interface ActivityMonth {
  /** `year-month` (month 0–11, UTC). */
  key: string
  year: number
  month: number
  items: readonly Transaction[]
}

/** The same item as drawn before: the same object, or the same id, time and status (a page read again). */
export function sameItem(a: Transaction | undefined, b: Transaction | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return (
    a.id === b.id &&
    a.metadata.status === b.metadata.status &&
    a.metadata.minedAt === b.metadata.minedAt &&
    a.transfers.length === b.transfers.length
  )
}

const newestFirst = (record: object): number[] =>
  Object.keys(record)
    .map(Number)
    .filter(Number.isInteger)
    .sort((a, b) => b - a)

/**
 * Core's items by year and month as a list of months, newest first. A month whose items are the ones drawn last
 * time is that time's object, so its group skips drawing: appending a page draws the months it touched, and in them
 * only the new rows.
 */
export function useMonths(byYear: TransactionsState['transactionsByYear']): readonly ActivityMonth[] {
  const last = useRef<{ source: unknown; months: readonly ActivityMonth[] }>()
  if (last.current?.source === byYear) return last.current.months
  const before = new Map((last.current?.months ?? []).map((month) => [month.key, month]))
  const months: ActivityMonth[] = []
  for (const year of newestFirst(byYear)) {
    const byMonth = byYear[year] ?? {}
    for (const month of newestFirst(byMonth)) {
      const items = byMonth[month] ?? []
      if (items.length === 0) continue
      const key = `${year}-${month}`
      const was = before.get(key)
      const same =
        was !== undefined &&
        was.items.length === items.length &&
        was.items.every((item, index) => sameItem(item, items[index]))
      months.push(same ? was : { key, year, month, items })
    }
  }
  last.current = { source: byYear, months }
  return months
}

let monthFormat: Intl.DateTimeFormat | undefined

/** 'November 2026': the month's name and year in the page's language, of the UTC month. */
export function monthLabel(year: number, month: number): string {
  monthFormat ??= new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  return monthFormat.format(Date.UTC(year, month, 1))
}

const TIME_KEYS: Readonly<Record<RelativeTime['unit'], MessageKey>> = {
  seconds: 'timeSeconds',
  minute: 'timeMinute',
  minutes: 'timeMinutes',
  hour: 'timeHour',
  hours: 'timeHours',
  day: 'timeDay',
  days: 'timeDays',
  month: 'timeMonth',
  months: 'timeMonths',
  year: 'timeYear',
  years: 'timeYears',
}

/** How long before `now` an item was mined ('5 min ago'), by core's thresholds (SPEC §9.37); '' for a bad time. */
export function timeAgo(t: Translate, minedAt: string, now: number): string {
  const then = Date.parse(minedAt)
  if (!Number.isFinite(then)) return ''
  const { unit, count } = relativeTime(then, now)
  return t(TIME_KEYS[unit], { count })
}
