// One app run: a fresh Chromium process, the test wallet injected, the peers' service hosts routed to the
// services stand-in, every other outside host failed at once, and the figures measured in the page.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH, isOutsideUrl } from '@latchkey/browser'
import { injectScriptPath } from '@latchkey/evm-wallet'
import { waitForCode } from '@latchkey/mail-sink/client'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { signToApproval } from './approval.js'
import type { AccountSpec, AppSpec, EmailSpec } from './apps.js'
import type { Backends } from './backends.js'
import { type AppBuild, addSizes, type FileSize } from './build.js'
import { FAILURES_DIR, SCREENSHOTS_DIR, TRACES_DIR } from './paths.js'
import {
  type ActivityScrollResult,
  activityAppends,
  type BenchWindow,
  createInjectedWallet,
  installKitProbe,
  installProbes,
  kitAddress,
  resourcesMatching,
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

export type RunMode = 'main' | 'scale' | 'email'

/** The email login's figures of one run (the email app's runs; see `runEmail`). All times in ms. */
export interface EmailRun {
  /** The address logged in (a new one per run: the auth service sends one code per address each 30 s). */
  email: string
  /** The account's EVM address, as the kit reported it connected. */
  address?: string
  /** pointerdown on the email field's submit -> first frame with the code field visible (frame, auth, SMTP). */
  codeViewMs?: number
  /** keydown of the code's sixth digit -> the kit reports the account connected (its account state; event time). */
  codeConnectedMs?: number
  /** keydown of the sixth digit -> first frame with the account button visible. */
  codeAccountButtonMs?: number
  /** After the login, the page reloaded: navigation start -> first frame with the account button (address) visible. */
  reloadAccountMs?: number
  /** ... -> first frame with the account button no longer busy (the account confirmed). */
  reloadConfirmedMs?: number
  /** ... -> the kit reports the account connected (event time). */
  reloadKitConnectedMs?: number
  /** ... -> first frame with the connect button visible, when it showed before the account (else absent). */
  reloadConnectButtonMs?: number
  /** A fresh visitor of the same app (a new context of the same browser, no stored login), after the reload:
   * navigation start -> first frame with the connect button visible. */
  freshButtonMs?: number
  /** Built JS fetched by the time the code view showed (the email views and the embedded wallet's chunks). */
  jsByCodeView?: JsFetched
  /**
   * Logged in, the page quiet: a `personal_sign` through the kit's provider -> the first frame with the secure frame's
   * approval card visible on ApproveTransaction (epoch times of the page and the frame; see `approval.ts`).
   */
  signApprovalMs?: number
}

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
  /**
   * Latchkey apps, after the reload (connected, balances fetched): click on the account button -> first frame with a
   * token row of the Account view visible.
   */
  accountTokensMs?: number
  /** Click on the Activity tab -> first frame with an activity row visible, from its history response's end. */
  activityFirstPageMs?: number
  /**
   * The Activity list scrolled to its end page by page: the append that takes it past 1,000 items, from its history
   * response's end to the new rows in the DOM and laid out (see ActivityAppend in probes.ts); every append in
   * `activity`.
   */
  activityAppendMs?: number
  /** The same append, from the response's end to the first frame with the rows. */
  activityAppendFrameMs?: number
  activity?: ActivityScrollResult
  /** The Account figures not taken: the app's Account view has no token list (none taken) or no Activity tab. */
  accountSkipped?: { view: 'tokens' | 'activity'; reason: string }
  /** The email app's runs: the email login (the button, JS and reload figures above are its first load's too). */
  emailLogin?: EmailRun
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
    if (mode === 'email') {
      // The email app: no wallet is injected; the kit's account state is probed.
      await page.addInitScript(installKitProbe, KIT_CONNECTED)
    } else {
      await page.addInitScript({ path: injectScriptPath() })
      await page.addInitScript(createInjectedWallet, {
        ...TEST_WALLET,
        grantedKey: WALLET_GRANTED_KEY,
        privateKey: backends.walletKey,
        chains: backends.chains,
      })
    }
    const query = mode === 'scale' ? '?listing=scale' : ''
    await page.goto(`${backends.siteUrl}/${app.id}/${query}`, { waitUntil: 'commit' })
    const buttonAt = await mark(page, 'button')
    result.buttonMs = buttonAt
    await settle(page, buttonAt + MIN_AFTER_BUTTON_MS)
    await shot('1-button')

    if (mode === 'email') {
      const scripts = await page.evaluate(scriptTimings)
      result.jsInitial = fetchedBy(build, scripts, buttonAt)
      await runEmail({
        page,
        app,
        build,
        backends,
        result,
        round: input.round,
        shot,
        freshVisitor: async () => {
          if (!browser) throw new Error('no browser')
          const fresh = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' })
          await routeOutside(fresh, backends, result, () => closing, latencies)
          page = await fresh.newPage()
          page.on('pageerror', (error) => result.pageErrors.push(error.message.split('\n')[0] ?? ''))
          await page.addInitScript(installProbes, [{ name: 'button', selector: app.button }])
          await page.goto(`${backends.siteUrl}/${app.id}/`, { waitUntil: 'commit' })
          const at = await mark(page, 'button')
          await shot('6-fresh-visitor')
          return at
        },
      })
    } else if (mode === 'scale') {
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
      if (app.account)
        await runAccount(page, app, app.account, result, shot, input.trace ? input.round : undefined)
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

/** The kit probe's mark (src/probes.ts `installKitProbe`). */
const KIT_CONNECTED = 'kitConnected'
/** How long the email steps wait for the code view, the mail and the connected account. */
const EMAIL_TIMEOUT = 20_000
/** A tag of this bench process, so that each run's address is new to the auth service. */
const RUN_TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

async function keyCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as BenchWindow).__bench.keys.length)
}

async function textIn(page: Page, selector: string): Promise<string | undefined> {
  return page.evaluate(
    (s) => (window as unknown as BenchWindow).__bench.deepFind(s)?.textContent?.trim() || undefined,
    selector,
  )
}

/**
 * The email login (the email app; the page has shown its connect button and settled): the modal's email field, the
 * code from the mail sink typed digit by digit (the view sends it on the sixth), the time from that keystroke to the
 * kit reporting the account connected; then the reload that restores the login; then a fresh visitor's connect button
 * in a new context of the same browser. Throws a step-named error when a step does not happen.
 */
async function runEmail(input: {
  page: Page
  app: AppSpec
  build: AppBuild
  backends: Backends
  result: RunResult
  round: number
  shot: (stage: string) => Promise<void>
  /** Opens the fresh visitor's page and returns its connect button's frame time. */
  freshVisitor: () => Promise<number>
}): Promise<void> {
  const { page, app, build, backends, result, shot } = input
  const spec: EmailSpec | undefined = app.email
  const mailUrl = backends.email?.mailUrl
  if (!spec || !mailUrl) throw new Error(`${app.id}: no email spec, or the email backends are not running`)
  const email = `bench-${RUN_TAG}-${input.round}@bench.example`
  const figures: EmailRun = { email }
  result.emailLogin = figures

  await arm(page, 'emailInput', spec.input)
  await click(page, app.button)
  await mark(page, 'emailInput', EMAIL_TIMEOUT).catch(() => {
    throw new Error(
      `Email: no email field (${spec.input}) in the connect view within ${EMAIL_TIMEOUT / 1000} s (is email on in the project's features, the page's origin allowed?)`,
    )
  })
  await page.locator(spec.input).first().fill(email)
  await arm(page, 'codeView', spec.otp)
  const submitted = await click(page, spec.submit)
  const codeViewAt = await mark(page, 'codeView', EMAIL_TIMEOUT).catch(async () => {
    throw new Error(
      `Email: no code field (${spec.otp}) within ${EMAIL_TIMEOUT / 1000} s of the submit; the email view says: ${(await textIn(page, spec.emailError)) ?? 'nothing'}`,
    )
  })
  figures.codeViewMs = codeViewAt - submitted
  figures.jsByCodeView = fetchedBy(build, await page.evaluate(scriptTimings), codeViewAt)
  await shot('2-code-view')

  const code = await waitForCode(mailUrl, email, { timeoutMs: EMAIL_TIMEOUT })
  await arm(page, 'emailConnected', app.connected)
  const otp = page.locator(spec.otp).first()
  await otp.pressSequentially(code.slice(0, 5))
  const before = await keyCount(page)
  await otp.press(code.slice(5))
  const sixthAt = await page.evaluate((i) => (window as unknown as BenchWindow).__bench.keys[i], before)
  if (sixthAt === undefined)
    throw new Error("Email: the code's sixth keystroke was not seen by the keydown listener")
  const connectedAt = await mark(page, KIT_CONNECTED, EMAIL_TIMEOUT).catch(async () => {
    throw new Error(
      `Email: the kit did not report the account connected within ${EMAIL_TIMEOUT / 1000} s of the code; the code view says: ${(await textIn(page, spec.otpError)) ?? 'nothing'}`,
    )
  })
  figures.codeConnectedMs = connectedAt - sixthAt
  figures.codeAccountButtonMs = (await mark(page, 'emailConnected', EMAIL_TIMEOUT)) - sixthAt
  const address = await page.evaluate(kitAddress)
  if (address) figures.address = address
  await shot('3-connected')

  // Logged in and quiet: a signature asked, until the approval shows (then cancelled).
  await settle(page, connectedAt + MIN_AFTER_BUTTON_MS)
  const frameUrl = backends.email?.frameUrl
  if (!frameUrl) throw new Error(`${app.id}: the email backends have no secure frame`)
  figures.signApprovalMs = await signToApproval(page, frameUrl)
  await shot('3b-approval-cancelled')

  // The returning visitor: once the page is quiet, the same page reloaded (the login is the kit's stored one).
  await settle(page, 0)
  await page.addInitScript(
    ([shown, confirmed]) => {
      const bench = (window as unknown as BenchWindow).__bench
      bench.arm('reloaded', shown)
      bench.arm('reloadConfirmed', confirmed)
    },
    [app.connected, `${app.connected}:not([aria-busy="true"])`] as const,
  )
  await page.reload({ waitUntil: 'commit' })
  figures.reloadAccountMs = await mark(page, 'reloaded').catch(() => {
    throw new Error(
      `Email: after the reload, no account button (${app.connected}) within ${MARK_TIMEOUT / 1000} s: the login was not restored`,
    )
  })
  result.reloadAccountMs = figures.reloadAccountMs
  figures.reloadKitConnectedMs = await mark(page, KIT_CONNECTED)
  figures.reloadConfirmedMs = await mark(page, 'reloadConfirmed')
  const flash = await page.evaluate(() => (window as unknown as BenchWindow).__bench.marks.button)
  if (flash !== undefined && flash < figures.reloadAccountMs) figures.reloadConnectButtonMs = flash
  const restored = await page.evaluate(kitAddress)
  if (address && restored?.toLowerCase() !== address.toLowerCase())
    throw new Error(`Email: the reload restored ${restored ?? 'no account'}, not ${address}`)
  await shot('4-reloaded')
  await settle(page, figures.reloadConfirmedMs + 500)
  await shot('5-reloaded-settled')
  await page.context().close()

  figures.freshButtonMs = await input.freshVisitor()
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

/** How long the Account steps wait for the balances after the reload, and for an element of the Account view. */
const BALANCES_TIMEOUT = 15_000
const ACCOUNT_TIMEOUT = 10_000
/** After the balances arrived: the network quiet (capped) and at least this long. */
const AFTER_BALANCES_MS = 500
/** The Activity list's append timed: the one that takes it past this many items. */
const ACTIVITY_TARGET = 1000

async function present(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      list.filter((selector) => (window as unknown as BenchWindow).__bench.deepFind(selector) !== null),
    [...selectors],
  )
}

/**
 * The Account view (Latchkey apps, the page connected after the reload): token list, Activity's first page, and the
 * Activity list's page append at 1,000 items. Throws a step-named error when an element does not show; records
 * nothing (`accountSkipped`) when the app's Account view has no token list or no Activity tab.
 */
async function runAccount(
  page: Page,
  app: AppSpec,
  spec: AccountSpec,
  result: RunResult,
  shot: (stage: string) => Promise<void>,
  traceRound?: number,
): Promise<void> {
  if ((await present(page, [app.connected])).length === 0)
    throw new Error(
      'Account view: the account button is not shown after the reload (the page is not connected)',
    )
  // The balances are fetched by the kit when the account connects: wait until that request completed.
  await page
    .waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some(
            (entry) =>
              entry.name.includes('/balance') && (entry as PerformanceResourceTiming).responseEnd > 0,
          ),
      undefined,
      { timeout: BALANCES_TIMEOUT, polling: 50 },
    )
    .catch(() => {
      throw new Error(
        `Account view: the balance request (GET …/v1/account/{address}/balance) did not complete within ${BALANCES_TIMEOUT / 1000} s of the reload`,
      )
    })
  const balancesAt = Math.max(
    ...(await page.evaluate(resourcesMatching, '/balance')).map((r) => r.responseEnd),
  )
  await settle(page, balancesAt + AFTER_BALANCES_MS)

  await arm(page, 'accountView', spec.view)
  await arm(page, 'accountToken', spec.token)
  const clicked = await click(page, app.connected)
  await mark(page, 'accountView', ACCOUNT_TIMEOUT).catch(() => {
    throw new Error(
      `Account view: ${spec.view} did not show within ${ACCOUNT_TIMEOUT / 1000} s of the account button's click`,
    )
  })
  if ((await present(page, [spec.tokensTab])).length === 0) {
    result.accountSkipped = {
      view: 'tokens',
      reason: `the Account view has no token list (${spec.tokensTab})`,
    }
    return
  }
  const tokenAt = await mark(page, 'accountToken', ACCOUNT_TIMEOUT).catch(async () => {
    const states = await present(page, spec.tokenStates)
    throw new Error(
      `Account view: no token row (${spec.token}) within ${ACCOUNT_TIMEOUT / 1000} s; the panel shows ${states.join(', ') || 'nothing known'}`,
    )
  })
  result.accountTokensMs = tokenAt - clicked
  await shot('5-account')

  if ((await present(page, [spec.activityTab])).length === 0) {
    result.accountSkipped = {
      view: 'activity',
      reason: `the Account view has no Activity tab (${spec.activityTab})`,
    }
    return
  }
  await page.waitForTimeout(300)
  await arm(page, 'activityItem', spec.activityItem)
  const tabClicked = await click(page, spec.activityTab)
  const itemAt = await mark(page, 'activityItem', ACCOUNT_TIMEOUT).catch(async () => {
    const states = await present(page, spec.activityStates)
    throw new Error(
      `Activity: no row (${spec.activityItem}) within ${ACCOUNT_TIMEOUT / 1000} s of the tab's click; the panel shows ${states.join(', ') || 'nothing known'}`,
    )
  })
  const first = (await page.evaluate(resourcesMatching, '/history'))
    .filter((r) => r.startTime >= tabClicked && r.responseEnd > 0 && r.responseEnd <= itemAt)
    .sort((a, b) => a.startTime - b.startTime)[0]
  if (!first)
    throw new Error(
      'Activity: the first page showed, but no history request (…/history) was seen after the click',
    )
  result.activityFirstPageMs = itemAt - first.responseEnd
  await settle(page, itemAt + 500)
  await shot('6-activity')

  const browser = page.context().browser()
  const tracePath = join(TRACES_DIR, `${app.id}-activity-${traceRound}.json`)
  if (traceRound !== undefined && browser) {
    await mkdir(TRACES_DIR, { recursive: true })
    await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES })
  }
  const activity = await page.evaluate(activityAppends, {
    list: spec.activityList,
    more: '[data-testid="activity-more"]',
    target: ACTIVITY_TARGET,
    idleMs: 5_000,
    quietMs: 150,
    settleCapMs: 2_000,
    maxPages: 60,
  })
  if (traceRound !== undefined && browser) {
    await browser.stopTracing()
    process.stdout.write(`  trace: ${tracePath}\n${await summarizeTrace(tracePath)}\n`)
  }
  result.activity = activity
  await shot('7-activity-end')
  if (activity.stoppedBy !== 'target')
    throw new Error(
      `Activity: scrolling stopped at ${activity.finalCount} items (${activity.stoppedBy}) before passing ${ACTIVITY_TARGET}`,
    )
  const append = activity.appends.find((a) => a.from <= ACTIVITY_TARGET && a.to > ACTIVITY_TARGET)
  if (append?.ms === undefined)
    throw new Error(
      `Activity: the append past ${ACTIVITY_TARGET} items (${append ? `${append.from} -> ${append.to}` : 'none'}) was not timed (no history response or no layout seen)`,
    )
  result.activityAppendMs = append.ms
  if (append.frameMs !== undefined) result.activityAppendFrameMs = append.frameMs
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
