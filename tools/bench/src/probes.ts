// Code that runs inside the page. Each exported function is handed to Playwright (`addInitScript` /
// `evaluate`), which sends its source text: every function here must be self-contained (no imports, no outer
// variables) and only use what the page has.

/** A probe: the first frame where an element matching `selector` (searched through open shadow roots) has a
 * non-empty bounding box is recorded as `marks[name]`. */
export interface ProbeSpec {
  name: string
  selector: string
}

/** What `installProbes` leaves on `window.__bench`. */
export interface BenchPageApi {
  /** performance.now() of the first frame each probe's element was visible, by probe name. */
  marks: Record<string, number>
  /** performance.now() of every pointerdown (capture phase, on window), in order. */
  clicks: number[]
  /** performance.now() of every keydown (capture phase, on window), in order. */
  keys: number[]
  /** Starts a probe (the rAF loop checks it from the next frame on). */
  arm(name: string, selector: string): void
  /** The first element matching `selector` in the document or any open shadow root. */
  deepFind(selector: string): Element | null
  /** The element matching `selector` inside `host`'s shadow root (or subtree), `host` found through shadow roots. */
  findIn(host: string, selector: string): Element | null
  /** How many elements match `selector` inside `host`'s shadow root (or subtree). */
  countIn(host: string, selector: string): number
  /** Elements in the document plus every open shadow root. */
  domNodes(): number
}

export type BenchWindow = Window & { __bench: BenchPageApi }

/** Init script: the rAF loop, the pointerdown listener and the helpers above. Runs before any page script. */
export function installProbes(initial: ProbeSpec[]): void {
  interface Probe extends ProbeSpec {
    done: boolean
  }
  const marks: Record<string, number> = {}
  const clicks: number[] = []
  const keys: number[] = []
  const probes: Probe[] = initial.map((probe) => ({ ...probe, done: false }))
  const hosts = new Map<string, Element>()

  function deepFindIn(root: Document | ShadowRoot, selector: string): Element | null {
    const direct = root.querySelector(selector)
    if (direct) return direct
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const shadow = (node as Element).shadowRoot
      if (shadow) {
        const found = deepFindIn(shadow, selector)
        if (found) return found
      }
    }
    return null
  }
  const deepFind = (selector: string) => deepFindIn(document, selector)
  const hostRoot = (host: string): ParentNode | null => {
    let element = hosts.get(host)
    if (!element?.isConnected) {
      element = deepFind(host) ?? undefined
      if (element) hosts.set(host, element)
      else hosts.delete(host)
    }
    return element ? (element.shadowRoot ?? element) : null
  }
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0
  }

  try {
    performance.setResourceTimingBufferSize(100_000)
  } catch {
    // Not fatal: the default buffer holds 250 entries.
  }
  window.addEventListener('pointerdown', () => clicks.push(performance.now()), { capture: true })
  window.addEventListener('keydown', () => keys.push(performance.now()), { capture: true })

  const api: BenchPageApi = {
    marks,
    clicks,
    keys,
    arm(name, selector) {
      probes.push({ name, selector, done: false })
    },
    deepFind,
    findIn: (host, selector) => hostRoot(host)?.querySelector(selector) ?? null,
    countIn: (host, selector) => hostRoot(host)?.querySelectorAll(selector).length ?? 0,
    domNodes() {
      let count = 0
      const visit = (root: Document | ShadowRoot) => {
        const all = root.querySelectorAll('*')
        count += all.length
        for (const element of all) if (element.shadowRoot) visit(element.shadowRoot)
      }
      visit(document)
      return count
    },
  }
  ;(window as unknown as BenchWindow).__bench = api

  const tick = () => {
    const now = performance.now()
    for (const probe of probes) {
      if (probe.done) continue
      const element = deepFind(probe.selector)
      if (element && visible(element)) {
        probe.done = true
        marks[probe.name] = now
      }
    }
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}

/**
 * Init script (after {@link installProbes}), for an app that leaves its kit on `window.__benchKit` as it is created:
 * subscribes to the kit's account at that moment and records, as `marks[name]`, performance.now() of the first change
 * where the kit reports the account connected (`status: 'connected'` with an address); an account connected already
 * when the kit is handed over counts at that moment. Event time, not frame time. The address is kept as
 * `kitAddress`.
 */
export function installKitProbe(name: string): void {
  interface KitAccountLike {
    status?: string
    address?: string
  }
  interface KitLike {
    getAccount(): KitAccountLike
    subscribeAccount(listener: (account: KitAccountLike) => void): () => void
  }
  const bench = (window as unknown as BenchWindow & { __benchKitAddress?: string }).__bench
  const record = (account: KitAccountLike) => {
    if (bench.marks[name] !== undefined || account.status !== 'connected' || !account.address) return
    bench.marks[name] = performance.now()
    ;(window as unknown as { __benchKitAddress?: string }).__benchKitAddress = account.address
  }
  let kit: KitLike | undefined
  Object.defineProperty(window, '__benchKit', {
    configurable: true,
    get: () => kit,
    set(value: KitLike) {
      kit = value
      value.subscribeAccount(record)
      record(value.getAccount())
    },
  })
}

/** The address the kit reported connected (see {@link installKitProbe}). */
export function kitAddress(): string | undefined {
  return (window as unknown as { __benchKitAddress?: string }).__benchKitAddress
}

/** Set in the page's sessionStorage once the visitor connected: the wallet remembers the grant across a reload. */
export const WALLET_GRANTED_KEY = 'latchkey-bench-wallet-granted'

/**
 * Init script: the injected EVM test wallet (after the IIFE bundle defined `LatchkeyTestWallet`). It holds the site's
 * permission when `grantedKey` is set in sessionStorage (a returning visitor's wallet remembers it, as real ones do).
 */
export function createInjectedWallet(input: {
  grantedKey: string
  name: string
  rdns: string
  privateKey: `0x${string}`
  chains: { chainId: number; rpcUrl: string; name: string }[]
}): void {
  interface WalletApi {
    createTestWallet(options: {
      name: string
      rdns: string
      privateKeys: `0x${string}`[]
      chains: { chainId: number; rpcUrl: string; name: string }[]
      policy: 'approve'
      connected: boolean
    }): { announce(): void; injectAsWindowEthereum(): void }
  }
  const api = (window as unknown as { LatchkeyTestWallet?: WalletApi }).LatchkeyTestWallet
  if (!api) throw new Error('The test wallet bundle did not define LatchkeyTestWallet')
  const wallet = api.createTestWallet({
    name: input.name,
    rdns: input.rdns,
    privateKeys: [input.privateKey],
    chains: input.chains,
    policy: 'approve',
    // A wallet keeps the permission a site was granted: the returning visitor's reload finds it granted.
    connected: sessionStorage.getItem(input.grantedKey) === '1',
  })
  wallet.announce()
  wallet.injectAsWindowEthereum()
}

/** One script the page fetched: its URL path and when its response ended (performance.now() clock). */
export interface ScriptTiming {
  path: string
  responseEnd: number
}

/** The page's resource timing entries for .js files. */
export function scriptTimings(): ScriptTiming[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry as PerformanceResourceTiming)
    .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
    .map((entry) => ({ path: new URL(entry.name).pathname, responseEnd: entry.responseEnd }))
}

export interface AppendTiming {
  /** From the scroll to the first frame with more cells (includes waiting for that frame). */
  ms: number
  /**
   * The append's own cost: from the scroll event's dispatch (the browser's, a frame after the scroll) to the moment
   * the new cells are in the DOM and laid out (a MutationObserver callback forcing layout): script, style and layout,
   * plus any wait for data. Absent when the page dispatched no scroll event.
   */
  workMs?: number
  from: number
  to: number
  /** The listing request (GET …/getWallets) the page made after the scroll: when it started and when its response
   * ended, both from the scroll (resource timing; absent when none was seen). */
  requestStartMs?: number
  responseEndMs?: number
  /** How long the page then took to settle before the next scroll, and whether that hit the cap (still busy). */
  settleMs?: number
  settleCapped?: boolean
}

export interface ScrollResult {
  appends: AppendTiming[]
  finalCells: number
  stoppedBy: 'target' | 'no growth' | 'no scroller' | 'page limit'
}

/**
 * The All Wallets scroll test, in the page: scroll the scroller to the bottom, wait for the frame where more
 * cells are present, note the time, let the page settle (no request in flight and none ended for `quietMs`), repeat
 * until the count
 * stops growing (`idleMs` without growth) or reaches `target`.
 */
export async function scrollAppends(input: {
  host: string
  cells: string
  scroller: string
  target: number
  idleMs: number
  /** After an append: wait until no resource was fetched for this long (the page's images), ... */
  quietMs: number
  /** ... but no longer than this. */
  settleCapMs: number
  maxPages: number
}): Promise<ScrollResult> {
  const api = (window as unknown as BenchWindow).__bench
  const frame = () => new Promise<number>((done) => requestAnimationFrame(() => done(performance.now())))
  const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))
  const appends: AppendTiming[] = []
  let current = api.countIn(input.host, input.cells)
  while (current < input.target) {
    if (appends.length >= input.maxPages) return { appends, finalCells: current, stoppedBy: 'page limit' }
    const scroller = api.findIn(input.host, input.scroller)
    if (!scroller) return { appends, finalCells: current, stoppedBy: 'no scroller' }
    const before = current
    let scrolledAt: number | undefined
    let laidOutAt: number | undefined
    const onScroll = () => {
      scrolledAt ??= performance.now()
    }
    // Capture phase on the scroller itself: this runs before the page's own scroll listeners.
    scroller.addEventListener('scroll', onScroll, { capture: true })
    const root = scroller.getRootNode() as Document | ShadowRoot
    const observer = new MutationObserver(() => {
      if (laidOutAt !== undefined || api.countIn(input.host, input.cells) <= before) return
      scroller.getBoundingClientRect()
      ;(scroller.lastElementChild ?? scroller).getBoundingClientRect()
      laidOutAt = performance.now()
    })
    observer.observe(root, { childList: true, subtree: true })
    const start = performance.now()
    scroller.scrollTop = scroller.scrollHeight
    let grown: { at: number; count: number } | undefined
    for (;;) {
      const at = await frame()
      const count = api.countIn(input.host, input.cells)
      if (count > current) {
        grown = { at, count }
        break
      }
      if (at - start > input.idleMs) break
    }
    observer.disconnect()
    scroller.removeEventListener('scroll', onScroll, { capture: true })
    if (!grown) return { appends, finalCells: current, stoppedBy: 'no growth' }
    const request = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes('/getWallets') && entry.startTime >= start) as
      | PerformanceResourceTiming
      | undefined
    // A user-timing measure of the append's own cost, for the optional trace (src/trace.ts reads these).
    if (scrolledAt !== undefined && laidOutAt !== undefined)
      performance.measure(`bench-append-${appends.length + 1}`, { start: scrolledAt, end: laidOutAt })
    appends.push({
      ms: grown.at - start,
      ...(scrolledAt !== undefined && laidOutAt !== undefined ? { workMs: laidOutAt - scrolledAt } : {}),
      from: current,
      to: grown.count,
      ...(request
        ? { requestStartMs: request.startTime - start, responseEndMs: request.responseEnd - start }
        : {}),
    })
    current = grown.count
    // Let the page finish what the append started (its wallet images) before the next scroll, so that each
    // append is timed on its own.
    const settleStart = performance.now()
    let seen = performance.getEntriesByType('resource').length
    let quietSince = performance.now()
    let capped = true
    // Requests still in flight (a page fetched ahead, an image) count as activity too: the harness counts them in
    // Node (every request and its end) and exposes the count as window.__benchInflight.
    const inflight = (window as unknown as { __benchInflight?: () => Promise<number> }).__benchInflight
    while (performance.now() - settleStart < input.settleCapMs) {
      await sleep(50)
      const now = performance.getEntriesByType('resource').length
      const busy = inflight ? (await inflight()) > 0 : false
      if (now !== seen || busy) {
        seen = now
        quietSince = performance.now()
      } else if (performance.now() - quietSince >= input.quietMs) {
        capped = false
        break
      }
    }
    const last = appends[appends.length - 1]
    if (last) {
      last.settleMs = performance.now() - settleStart
      last.settleCapped = capped
    }
    // Cells may still arrive after the first frame that showed some (a second render); count them all.
    current = api.countIn(input.host, input.cells)
  }
  return { appends, finalCells: current, stoppedBy: 'target' }
}

/** One resource the page fetched: its URL and when it started and ended (performance.now() clock). */
export interface ResourceTiming {
  name: string
  startTime: number
  responseEnd: number
}

/** The page's resource timing entries whose URL contains `part` (oldest first). */
export function resourcesMatching(part: string): ResourceTiming[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry as PerformanceResourceTiming)
    .filter((entry) => entry.name.includes(part))
    .map((entry) => ({ name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd }))
}

export interface ActivityAppend {
  /** Items shown before and after the append (the list's `data-count`). */
  from: number
  to: number
  /**
   * The append's rendering: from the end of the page's history response (resource timing `responseEnd`) to the moment
   * the new rows are in the DOM and laid out (a MutationObserver callback that forces the list's layout): parsing
   * and checking the answer, the list state, the render of the rows, style and layout. Absent when no history
   * request was seen.
   */
  ms?: number
  /** From the same response end to the first animation frame with the new rows (adds the wait for that frame). */
  frameMs?: number
  /** From the scroll to the response end (the request, the routing and the stand-in). */
  fetchMs?: number
}

export interface ActivityScrollResult {
  appends: ActivityAppend[]
  finalCount: number
  stoppedBy: 'target' | 'no growth' | 'no list' | 'page limit'
}

/**
 * The Activity scroll test, in the page: scroll the list (found through shadow roots) to its end, wait for the
 * frame where its `data-count` grew, time the append from its history response, let the page settle (no spinner, no
 * resource fetched for `quietMs`), repeat until more than `target` items show.
 */
export async function activityAppends(input: {
  list: string
  /** The list's loading-more row, inside the list. */
  more: string
  target: number
  idleMs: number
  quietMs: number
  settleCapMs: number
  maxPages: number
}): Promise<ActivityScrollResult> {
  const api = (window as unknown as BenchWindow).__bench
  const frame = () => new Promise<number>((done) => requestAnimationFrame(() => done(performance.now())))
  const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))
  const countOf = (element: Element) => Number(element.getAttribute('data-count') ?? Number.NaN)
  let list = api.deepFind(input.list)
  if (!list) return { appends: [], finalCount: 0, stoppedBy: 'no list' }
  const appends: ActivityAppend[] = []
  let current = countOf(list)
  while (!(current > input.target)) {
    if (appends.length >= input.maxPages) return { appends, finalCount: current, stoppedBy: 'page limit' }
    if (!list?.isConnected) list = api.deepFind(input.list)
    if (!list) return { appends, finalCount: current, stoppedBy: 'no list' }
    const scroller: Element = list
    const root = scroller.getRootNode() as Document | ShadowRoot
    const before = current
    let laidOutAt: number | undefined
    // Runs after the page's render (a microtask after its DOM changes): reading the list's scrollHeight forces the
    // style and layout of the new rows, so the time includes them.
    const observer = new MutationObserver(() => {
      if (laidOutAt !== undefined) return
      const now = scroller.isConnected ? scroller : root.querySelector(input.list)
      if (!now || !(countOf(now) > before)) return
      void now.scrollHeight
      laidOutAt = performance.now()
    })
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-count'],
    })
    const start = performance.now()
    scroller.scrollTop = scroller.scrollHeight
    let grown: { at: number; count: number } | undefined
    for (;;) {
      const at = await frame()
      const element = scroller.isConnected ? scroller : api.deepFind(input.list)
      const count = element ? countOf(element) : Number.NaN
      if (count > before) {
        grown = { at, count }
        break
      }
      if (at - start > input.idleMs) break
    }
    observer.disconnect()
    if (!grown) return { appends, finalCount: current, stoppedBy: 'no growth' }
    // The history response that brought the rows: the last one that ended before they were laid out.
    const until = laidOutAt ?? grown.at
    const request = performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter(
        (entry) =>
          entry.name.includes('/history') &&
          entry.startTime >= start &&
          entry.responseEnd > 0 &&
          entry.responseEnd <= until,
      )
      .sort((a, b) => b.responseEnd - a.responseEnd)[0]
    if (request && laidOutAt !== undefined)
      performance.measure(`bench-activity-append-${appends.length + 1}`, {
        start: request.responseEnd,
        end: laidOutAt,
      })
    appends.push({
      from: before,
      to: grown.count,
      ...(request
        ? {
            ...(laidOutAt !== undefined ? { ms: laidOutAt - request.responseEnd } : {}),
            frameMs: grown.at - request.responseEnd,
            fetchMs: request.responseEnd - start,
          }
        : {}),
    })
    // Let the page finish before the next scroll: no loading row, and no resource fetched for quietMs.
    const settleStart = performance.now()
    let seen = performance.getEntriesByType('resource').length
    let quietSince = performance.now()
    while (performance.now() - settleStart < input.settleCapMs) {
      await sleep(50)
      const now = performance.getEntriesByType('resource').length
      const element = scroller.isConnected ? scroller : api.deepFind(input.list)
      const loading = (element?.querySelector(input.more) ?? null) !== null
      if (now !== seen || loading) {
        seen = now
        quietSince = performance.now()
      } else if (performance.now() - quietSince >= input.quietMs) break
    }
    list = scroller.isConnected ? scroller : api.deepFind(input.list)
    current = list ? countOf(list) : current
  }
  return { appends, finalCount: current, stoppedBy: 'target' }
}
