// One app run: a fresh Chromium process, the test wallet injected, the peers' service hosts routed to the
// services stand-in, every other outside host failed at once, and the figures measured in the page.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH, isOutsideUrl } from '@latchkey/browser'
import { injectScriptPath } from '@latchkey/evm-wallet'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import type { AppSpec } from './apps.js'
import type { Backends } from './backends.js'
import { type AppBuild, addSizes, type FileSize } from './build.js'
import { FAILURES_DIR, SCREENSHOTS_DIR, TRACES_DIR } from './paths.js'
import {
  type BenchWindow,
  createInjectedWallet,
  installProbes,
  type ScriptTiming,
  type ScrollResult,
  scriptTimings,
  scrollAppends,
  WALLET_GRANTED_KEY,
} from './probes.js'
import { summarizeTrace, TRACE_CATEGORIES } from './trace.js'

/**
 * The https hosts whose requests are answered by the services stand-in (same path and query). Latchkey's default
 * Provider API and Blockchain API are the first and third; AppKit and RainbowKit call the others.
 */
export const ROUTED_HOSTS: readonly string[] = [
  'api.web3modal.org',
  'api.web3modal.com',
  'rpc.walletconnect.org',
  'rpc.walletconnect.com',
  'pulse.walletconnect.org',
]

export const TEST_WALLET = { name: 'Bench Test Wallet', rdns: 'dev.latchkey.bench' } as const

const VIEWPORT = { width: 1280, height: 800 }
const MARK_TIMEOUT = 30_000
/** Before the first click: the network quiet (at most this long) ... */
const IDLE_CAP_MS = 3_000
/** ... and at least this long after the button showed. */
const MIN_AFTER_BUTTON_MS = 1_000
/** After the wallet list showed, before the forced GC and the heap and DOM figures. */
const AFTER_OPEN_MS = 1_000

export type RunMode = 'main' | 'scale'

export interface JsFetched extends FileSize {
  files: number
}

export interface RunResult {
  app: AppSpec['id']
  mode: RunMode
  /** 1-based round. */
  round: number
  ok: boolean
  error?: string
  /** Navigation start -> first frame with the connect button visible. */
  buttonMs?: number
  /**
   * The returning visitor: after connecting, the page reloaded; navigation start -> first frame with the account (the
   * connected state's element) visible. Undefined when the app did not show it within the mark timeout.
   */
  reloadAccountMs?: number
  /** pointerdown on the button -> first frame with the test wallet's entry visible (not for the floor). */
  listMs?: number
  /** pointerdown on the test wallet's entry (the floor: on its button) -> first frame with the connected state. */
  connectMs?: number
  /** JS heap used after the modal opened (the floor: before its click), after two forced GCs. */
  heapBytes?: number
  /** Elements in the document plus every open shadow root, at the same moment. */
  domNodes?: number
  /** Built JS fetched by the time the button showed / by the time the list showed (the floor: connected). */
  jsInitial?: JsFetched
  jsFirstClick?: JsFetched
  /** Scale runs: click on All Wallets -> first wallet cells visible; then each page appended while scrolling. */
  allWalletsFirstMs?: number
  scroll?: ScrollResult
  /** Requests answered by the services stand-in, by host. */
  routed: Record<string, number>
  /** The same, by host and first path segment (`api.web3modal.org/getWalletImage`). */
  routedPaths: Record<string, number>
  /** Requests and websockets failed at once, by host. */
  blocked: Record<string, number>
  /** How long the routed requests took in the harness (route handler start -> fulfilled), in ms. */
  routeLatency?: { count: number; median: number; max: number }
  /** Routed requests the stand-in answered with an HTTP error: `404 rpc.walletconnect.org/v1/…` (distinct, first 20). */
  routedErrorStatus: string[]
  /** Routed requests whose forward to the stand-in failed, by URL path (and why). */
  routeErrors: string[]
  pageErrors: string[]
  consoleErrors: number
  /** The first few console errors' texts. */
  consoleErrorSamples: string[]
  /** Scripts the page fetched that are not part of the build (other than /bench-config.js). */
  foreignScripts: string[]
  wallMs: number
}

function count(record: Record<string, number>, key: string): void {
  record[key] = (record[key] ?? 0) + 1
}

function fetchedBy(build: AppBuild, scripts: ScriptTiming[], until: number): JsFetched {
  const paths = new Set(scripts.filter((script) => script.responseEnd <= until).map((script) => script.path))
  const sizes = [...paths].flatMap((path) => {
    const size = build.jsFiles.get(path)
    return size ? [size] : []
  })
  return { ...addSizes(sizes), files: sizes.length }
}

/** The request headers passed on to the stand-in (not the ones that describe the original connection). */
function forwardedHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || ['host', 'connection', 'content-length', 'accept-encoding'].includes(name))
      continue
    out[name] = value
  }
  return out
}

async function routeOutside(
  context: BrowserContext,
  backends: Backends,
  result: RunResult,
  closing: () => boolean,
  latencies: number[],
): Promise<void> {
  await context.route(
    (url) => isOutsideUrl(url.href),
    async (route) => {
      const url = new URL(route.request().url())
      if (url.protocol === 'https:' && ROUTED_HOSTS.includes(url.hostname)) {
        count(result.routed, url.hostname)
        count(result.routedPaths, `${url.hostname}/${url.pathname.split('/')[1] ?? ''}`)
        const started = performance.now()
        try {
          const request = route.request()
          const body = request.postDataBuffer()
          const response = await fetch(`${backends.servicesUrl}${url.pathname}${url.search}`, {
            method: request.method(),
            headers: forwardedHeaders(await request.allHeaders()),
            ...(body ? { body: new Uint8Array(body) } : {}),
          })
          if (response.status >= 400) {
            const line = `${response.status} ${request.method()} ${url.hostname}${url.pathname}`
            if (result.routedErrorStatus.length < 20 && !result.routedErrorStatus.includes(line))
              result.routedErrorStatus.push(line)
          }
          await route.fulfill({
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body: Buffer.from(await response.arrayBuffer()),
          })
          latencies.push(performance.now() - started)
        } catch (error) {
          // A request still in flight when the run closes its browser is not a routing failure.
          if (closing()) return
          result.routeErrors.push(
            `${url.hostname}${url.pathname}: ${(error as Error).message.split('\n')[0]}`,
          )
          await route.abort('connectionfailed').catch(() => undefined)
        }
        return
      }
      count(result.blocked, url.hostname)
      await route.abort('internetdisconnected')
    },
  )
  await context.routeWebSocket(
    (url) => isOutsideUrl(url.href),
    async (ws) => {
      count(result.blocked, `${new URL(ws.url()).hostname} (websocket)`)
      await ws.close({ code: 1008, reason: 'outside 127.0.0.1' })
    },
  )
}

async function mark(page: Page, name: string, timeout = MARK_TIMEOUT): Promise<number> {
  await page.waitForFunction((n) => (window as unknown as BenchWindow).__bench.marks[n] !== undefined, name, {
    timeout,
    polling: 50,
  })
  return page.evaluate((n) => (window as unknown as BenchWindow).__bench.marks[n] ?? Number.NaN, name)
}

async function arm(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(([n, s]) => (window as unknown as BenchWindow).__bench.arm(n, s), [
    name,
    selector,
  ] as const)
}

async function clickCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as BenchWindow).__bench.clicks.length)
}

async function clickAt(page: Page, index: number): Promise<number> {
  const at = await page.evaluate((i) => (window as unknown as BenchWindow).__bench.clicks[i], index)
  if (at === undefined) throw new Error('The click was not seen by the pointerdown listener')
  return at
}

/** Clicks `selector` and returns the pointerdown time the page recorded. */
async function click(page: Page, selector: string): Promise<number> {
  const before = await clickCount(page)
  await page.locator(selector).first().click({ timeout: MARK_TIMEOUT })
  return clickAt(page, before)
}

/** Waits for the network to be quiet (capped), and until `minAt` (page clock) has passed. */
async function settle(page: Page, minAt: number): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: IDLE_CAP_MS }).catch(() => undefined)
  const now = await page.evaluate(() => performance.now())
  if (now < minAt) await page.waitForTimeout(minAt - now)
}

async function heapAndDom(context: BrowserContext, page: Page): Promise<{ heap: number; dom: number }> {
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const dom = await page.evaluate(() => (window as unknown as BenchWindow).__bench.domNodes())
    return { heap: usedSize, dom }
  } finally {
    await cdp.detach().catch(() => undefined)
  }
}

export interface RunInput {
  app: AppSpec
  build: AppBuild
  backends: Backends
  mode: RunMode
  round: number
  executablePath?: string
  /** Save a screenshot at each stage to .out/screenshots (after the figures of that stage were taken). */
  screenshots?: boolean
  /** Scale runs: record a Chromium performance trace of the scroll test to .out/traces (see src/trace.ts). */
  trace?: boolean
}

/** One run of one app in a fresh browser process. Never throws: a failure is `ok: false` with the error. */
export async function runApp(input: RunInput): Promise<RunResult> {
  const { app, build, backends, mode } = input
  const started = performance.now()
  const result: RunResult = {
    app: app.id,
    mode,
    round: input.round,
    ok: false,
    routed: {},
    routedPaths: {},
    blocked: {},
    routeErrors: [],
    routedErrorStatus: [],
    pageErrors: [],
    consoleErrors: 0,
    consoleErrorSamples: [],
    foreignScripts: [],
    wallMs: 0,
  }
  let browser: Browser | undefined
  let page: Page | undefined
  let closing = false
  const latencies: number[] = []
  const shot = async (stage: string) => {
    if (!input.screenshots || !page) return
    await mkdir(SCREENSHOTS_DIR, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOTS_DIR, `${app.id}-${mode}-${input.round}-${stage}.png`) })
  }
  try {
    browser = await chromium.launch({
      executablePath: input.executablePath ?? (process.env.LATCHKEY_CHROMIUM || DEFAULT_CHROMIUM_PATH),
      headless: true,
      chromiumSandbox: false,
      args: [...CHROMIUM_ARGS],
    })
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' })
    await routeOutside(context, backends, result, () => closing, latencies)
    page = await context.newPage()
    page.on('pageerror', (error) => result.pageErrors.push(error.message.split('\n')[0] ?? ''))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      result.consoleErrors += 1
      if (result.consoleErrorSamples.length < 5) result.consoleErrorSamples.push(message.text().slice(0, 200))
    })
    await page.addInitScript(installProbes, [{ name: 'button', selector: app.button }])
    await page.addInitScript({ path: injectScriptPath() })
    await page.addInitScript(createInjectedWallet, {
      ...TEST_WALLET,
      grantedKey: WALLET_GRANTED_KEY,
      privateKey: backends.walletKey,
      chains: backends.chains,
    })
    const query = mode === 'scale' ? '?listing=scale' : ''
    await page.goto(`${backends.siteUrl}/${app.id}/${query}`, { waitUntil: 'commit' })
    const buttonAt = await mark(page, 'button')
    result.buttonMs = buttonAt
    await settle(page, buttonAt + MIN_AFTER_BUTTON_MS)
    await shot('1-button')

    if (mode === 'scale') {
      await runScale(page, app, result, input.screenshots ?? false, input.trace ? input.round : undefined)
    } else if (app.listEntry) {
      const entry = app.listEntry(TEST_WALLET.rdns)
      await arm(page, 'list', entry)
      const clicked = await click(page, app.button)
      const listAt = await mark(page, 'list')
      result.listMs = listAt - clicked
      await page.waitForTimeout(AFTER_OPEN_MS)
      const { heap, dom } = await heapAndDom(context, page)
      result.heapBytes = heap
      result.domNodes = dom
      await shot('2-list')
      await arm(page, 'connected', app.connected)
      const walletClicked = await click(page, entry)
      result.connectMs = (await mark(page, 'connected')) - walletClicked
      await page.waitForTimeout(input.screenshots ? 1000 : 0)
      await shot('3-connected')
      const scripts = await page.evaluate(scriptTimings)
      result.jsInitial = fetchedBy(build, scripts, buttonAt)
      result.jsFirstClick = fetchedBy(build, scripts, listAt)
      result.foreignScripts = foreign(build, scripts)
      result.reloadAccountMs = await reloadToAccount(page, app)
      await shot('4-reloaded')
    } else {
      // The floor has no wallet list: its button connects the injected wallet at once.
      const { heap, dom } = await heapAndDom(context, page)
      result.heapBytes = heap
      result.domNodes = dom
      await arm(page, 'connected', app.connected)
      const clicked = await click(page, app.button)
      const connectedAt = await mark(page, 'connected')
      result.connectMs = connectedAt - clicked
      await shot('3-connected')
      const scripts = await page.evaluate(scriptTimings)
      result.jsInitial = fetchedBy(build, scripts, buttonAt)
      result.jsFirstClick = fetchedBy(build, scripts, connectedAt)
      result.foreignScripts = foreign(build, scripts)
    }
    result.ok = true
  } catch (error) {
    result.error = (error as Error).message.split('\n').slice(0, 3).join(' | ')
    if (page) {
      await mkdir(FAILURES_DIR, { recursive: true })
      await page
        .screenshot({ path: join(FAILURES_DIR, `${app.id}-${mode}-${input.round}.png`), timeout: 5_000 })
        .catch(() => undefined)
    }
  } finally {
    closing = true
    await browser?.close().catch(() => undefined)
    if (latencies.length > 0) {
      const sorted = [...latencies].sort((a, b) => a - b)
      result.routeLatency = {
        count: sorted.length,
        median: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10,
        max: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10,
      }
    }
    result.wallMs = performance.now() - started
  }
  return result
}

/**
 * Reloads a connected page and returns navigation start -> the first frame with the account visible (the probe armed
 * by an init script, so it watches from the new document's first frame), or undefined when it did not show.
 */
async function reloadToAccount(page: Page, app: AppSpec): Promise<number | undefined> {
  await settle(page, 0)
  // The visitor connected: their wallet keeps the site's permission for the reload, as a real wallet does.
  await page.evaluate((key) => sessionStorage.setItem(key, '1'), WALLET_GRANTED_KEY)
  await page.addInitScript(
    (selector) => (window as unknown as BenchWindow).__bench.arm('reloaded', selector),
    app.connected,
  )
  await page.reload({ waitUntil: 'commit' })
  return mark(page, 'reloaded').catch(() => undefined)
}

function foreign(build: AppBuild, scripts: ScriptTiming[]): string[] {
  return [
    ...new Set(
      scripts
        .map((script) => script.path)
        .filter((path) => path !== '/bench-config.js' && !build.jsFiles.has(path)),
    ),
  ]
}

/** All Wallets with 1,000 wallets: first render, then each page appended while scrolling to the end. */
async function runScale(
  page: Page,
  app: AppSpec,
  result: RunResult,
  screenshots: boolean,
  traceRound: number | undefined,
): Promise<void> {
  const spec = app.allWallets
  if (!spec || !app.listEntry) throw new Error(`${app.id} has no All Wallets scale test`)
  // What the page has in flight, for the scroll test's settling (each append timed on its own).
  const inflight = new Set<unknown>()
  page.on('request', (request) => inflight.add(request))
  page.on('requestfinished', (request) => inflight.delete(request))
  page.on('requestfailed', (request) => inflight.delete(request))
  await page.exposeFunction('__benchInflight', () => inflight.size)
  const shot = async (stage: string) => {
    if (!screenshots) return
    await mkdir(SCREENSHOTS_DIR, { recursive: true })
    await page.screenshot({ path: join(SCREENSHOTS_DIR, `${app.id}-scale-${stage}.png`) })
  }
  await arm(page, 'list', app.listEntry(TEST_WALLET.rdns))
  await click(page, app.button)
  await mark(page, 'list')
  await page.waitForTimeout(500)
  await arm(page, 'allWallets', spec.cells)
  const clicked = await click(page, spec.row)
  result.allWalletsFirstMs = (await mark(page, 'allWallets')) - clicked
  const firstAt = await page.evaluate(() => performance.now())
  await settle(page, firstAt + 500)
  await shot('1-first-page')
  const browser = page.context().browser()
  const tracePath = join(TRACES_DIR, `${app.id}-scale-${traceRound}.json`)
  if (traceRound !== undefined && browser) {
    await mkdir(TRACES_DIR, { recursive: true })
    await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES })
  }
  result.scroll = await page.evaluate(scrollAppends, {
    host: spec.host,
    cells: spec.cells,
    scroller: spec.scroller,
    target: 1000,
    idleMs: 3_000,
    quietMs: 250,
    settleCapMs: 2_000,
    maxPages: 60,
  })
  if (traceRound !== undefined && browser) {
    await browser.stopTracing()
    process.stdout.write(`  trace: ${tracePath}\n${await summarizeTrace(tracePath)}\n`)
  }
  await shot('2-end')
}
