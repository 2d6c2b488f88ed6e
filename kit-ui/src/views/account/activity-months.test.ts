import { describe, expect, it } from 'vitest'
import { createTranslate } from '../../i18n/translate.js'
import { monthLabel, timeAgo } from './activity-months.js'

const t = createTranslate()
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0)
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('the activity’s times', () => {
  it('[§9.37] says how long ago by core’s thresholds, through the catalogue', () => {
    expect(timeAgo(t, ago(30_000), NOW)).toBe('just now')
    expect(timeAgo(t, ago(60_000), NOW)).toBe('1 min ago')
    expect(timeAgo(t, ago(5 * MINUTE), NOW)).toBe('5 min ago')
    expect(timeAgo(t, ago(80 * MINUTE), NOW)).toBe('1 h ago')
    expect(timeAgo(t, ago(5 * HOUR), NOW)).toBe('5 h ago')
    expect(timeAgo(t, ago(30 * HOUR), NOW)).toBe('1 d ago')
    expect(timeAgo(t, ago(2 * DAY), NOW)).toBe('2 d ago')
    expect(timeAgo(t, ago(40 * DAY), NOW)).toBe('1 mo ago')
    expect(timeAgo(t, ago(120 * DAY), NOW)).toBe('4 mo ago')
    expect(timeAgo(t, ago(400 * DAY), NOW)).toBe('1 y ago')
    expect(timeAgo(t, ago(800 * DAY), NOW)).toBe('2 y ago')
    // Another device's clock ahead counts as now; a time that is not one shows nothing.
    expect(timeAgo(t, ago(-5 * MINUTE), NOW)).toBe('just now')
    expect(timeAgo(t, 'yesterday-ish', NOW)).toBe('')
  })

  it('names a month by its UTC month and year', () => {
    expect(monthLabel(2026, 10)).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(2026, 10, 1),
      ),
    )
    expect(monthLabel(2026, 10)).toMatch(/2026/)
    expect(monthLabel(2027, 0)).not.toBe(monthLabel(2026, 11))
  })
})
