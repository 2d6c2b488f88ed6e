// Reading a Chromium performance trace of the scroll tests (`--trace`): for each page append (the user-timing
// measure `bench-append-N` the All Wallets probe records from the scroll event to the new cells laid out, or
// `bench-activity-append-N` the Activity probe records from the page's history response to its rows laid out), the main thread's
// time in that window by kind of work, as self time (a parent's time excludes its children's).
import { readFile } from 'node:fs/promises'

/** Main-thread work, user timing, GC and image decoding: enough to attribute an append's milliseconds. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'disabled-by-default-v8.gc',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
]

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time of a complete event; less than `dur` when the thread was descheduled meanwhile. */
  tdur?: number
  pid: number
  tid: number
  args?: Record<string, unknown>
}

interface Window {
  name: string
  start: number
  end: number
}

function appendWindows(events: TraceEvent[]): { pid: number; windows: Window[] } {
  const begins = new Map<string, TraceEvent>()
  const windows: Window[] = []
  let pid = -1
  for (const event of events) {
    const append = event.name.startsWith('bench-append-') || event.name.startsWith('bench-activity-append-')
    if (!append || !event.cat.includes('blink.user_timing')) continue
    if (event.ph === 'b') begins.set(event.name, event)
    if (event.ph === 'e') {
      const begin = begins.get(event.name)
      if (!begin) continue
      windows.push({ name: event.name, start: begin.ts, end: event.ts })
      pid = begin.pid
    }
  }
  return { pid, windows: windows.sort((a, b) => a.start - b.start) }
}

/** The renderer main thread of `pid` (its thread_name metadata event). */
function mainThread(events: TraceEvent[], pid: number): number | undefined {
  return events.find(
    (event) =>
      event.ph === 'M' &&
      event.pid === pid &&
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain',
  )?.tid
}

/** Self time per event name of the complete events on one thread that fall inside [start, end]. */
function selfTimes(events: TraceEvent[], start: number, end: number): Map<string, number> {
  const inside = events
    .filter((event) => event.ts < end && event.ts + (event.dur ?? 0) > start)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<string, number>()
  const stack: { event: TraceEvent; end: number }[] = []
  const clip = (from: number, to: number) => Math.max(0, Math.min(to, end) - Math.max(from, start))
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us)
  for (const event of inside) {
    const eventEnd = event.ts + (event.dur ?? 0)
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= event.ts) stack.pop()
    const parent = stack[stack.length - 1]
    add(event.name, clip(event.ts, eventEnd))
    if (parent) add(parent.event.name, -clip(event.ts, Math.min(eventEnd, parent.end)))
    stack.push({ event, end: eventEnd })
  }
  return self
}

/**
 * The main thread's outermost events inside [start, end]: their wall time and their thread (CPU) time, each clipped
 * to the window in proportion. Wall time well above CPU time means the thread was waiting for a core.
 */
function busyTime(events: TraceEvent[], start: number, end: number): { wall: number; cpu: number } {
  let wall = 0
  let cpu = 0
  let reach = Number.NEGATIVE_INFINITY
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    const eventEnd = event.ts + (event.dur ?? 0)
    if (event.ts < reach || eventEnd <= start || event.ts >= end) continue
    reach = eventEnd
    const clipped = Math.max(0, Math.min(eventEnd, end) - Math.max(event.ts, start))
    const share = event.dur ? clipped / event.dur : 0
    wall += clipped
    cpu += (event.tdur ?? event.dur ?? 0) * share
  }
  return { wall, cpu }
}

/** A text summary: one line per append, its window and the largest kinds of work in it (ms). */
export async function summarizeTrace(path: string): Promise<string> {
  const json = JSON.parse(await readFile(path, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(json) ? json : (json.traceEvents ?? [])
  const { pid, windows } = appendWindows(events)
  const tid = mainThread(events, pid)
  if (tid === undefined || windows.length === 0) return '  (no append measures in the trace)'
  const main = events.filter((event) => event.ph === 'X' && event.pid === pid && event.tid === tid)
  const totals = new Map<string, number>()
  const lines = windows.map((window) => {
    const self = selfTimes(main, window.start, window.end)
    for (const [name, us] of self) totals.set(name, (totals.get(name) ?? 0) + us)
    const top = [...self]
      .filter(([, us]) => us >= 100)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 7)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
      .join(', ')
    const busy = busyTime(main, window.start, window.end)
    const ms = (us: number) => (us / 1000).toFixed(1)
    return `  ${window.name.replace('bench-', '')} ${ms(window.end - window.start)} ms (main thread busy ${ms(busy.wall)}, on a core ${ms(busy.cpu)}): ${top}`
  })
  const all = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
    .join(', ')
  return [...lines, `  all appends, self time (ms): ${all}`].join('\n')
}
