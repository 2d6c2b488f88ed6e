import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core'

/**
 * Connects a test file to the shared browser (the endpoint is `inject('browserWsEndpoint')`). Close it in
 * `afterAll`: that drops this file's contexts and the connection, not the browser.
 */
export function connectBrowser(wsEndpoint: string, options: { timeout?: number } = {}): Promise<Browser> {
  return chromium.connect(wsEndpoint, { timeout: options.timeout ?? 30_000 })
}

/** How many of the page's last console messages `diagnose()` shows. */
const CONSOLE_KEPT = 30

/** Hosts a page may talk to. Everything else is "outside". */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Whether `url` goes over the network to a host other than 127.0.0.1 / localhost. data:, blob:, about: do not. */
export function isOutsideUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return true
  }
  if (!/^(https?|wss?):$/.test(parsed.protocol)) return false
  return !LOCAL_HOSTS.has(parsed.hostname)
}

/** A fresh browser context with one page that may only talk to 127.0.0.1 / localhost. */
export interface IsolatedPage {
  context: BrowserContext
  page: Page
  /**
   * Every URL the context tried to reach outside 127.0.0.1 / localhost (HTTP requests, navigations,
   * websockets), in order. Each was failed at once. Assert `toEqual([])` to prove the page stayed local.
   */
  outsideRequests: string[]
  /** Uncaught errors thrown in the page (`pageerror`), in order. */
  pageErrors: Error[]
  /**
   * What the page is doing now, for a failed test's output: the requests still in flight (with their age), the
   * last console messages and the page errors. Secrets never reach it: the test pages log none.
   */
  diagnose(): string
  /** Closes the context and its pages. Idempotent. */
  close(): Promise<void>
}

/**
 * Opens a fresh context (no shared cookies or storage) and a page in it. Requests to any host other than
 * 127.0.0.1 / localhost are recorded in `outsideRequests` and aborted without touching the network;
 * service workers are blocked by default so that every request passes through this filter.
 */
export async function newIsolatedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<IsolatedPage> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options })
  const outsideRequests: string[] = []
  const pageErrors: Error[] = []
  await context.route(
    (url) => isOutsideUrl(url.href),
    async (route) => {
      outsideRequests.push(route.request().url())
      await route.abort('internetdisconnected')
    },
  )
  await context.routeWebSocket(
    (url) => isOutsideUrl(url.href),
    async (ws) => {
      outsideRequests.push(ws.url())
      await ws.close({ code: 1008, reason: 'outside 127.0.0.1' })
    },
  )
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    pageErrors.push(error)
  })
  const inFlight = new Map<Request, number>()
  page.on('request', (request) => inFlight.set(request, Date.now()))
  page.on('requestfinished', (request) => inFlight.delete(request))
  page.on('requestfailed', (request) => inFlight.delete(request))
  const consoleLines: string[] = []
  page.on('console', (message) => {
    consoleLines.push(`${message.type()}: ${message.text().slice(0, 300)}`)
    if (consoleLines.length > CONSOLE_KEPT) consoleLines.shift()
  })
  let closed: Promise<void> | undefined
  return {
    context,
    page,
    outsideRequests,
    pageErrors,
    diagnose() {
      const now = Date.now()
      const requests = [...inFlight].map(
        ([request, since]) => `  ${request.method()} ${request.url().slice(0, 160)} (${now - since} ms)`,
      )
      return [
        `page ${page.isClosed() ? 'closed' : page.url()}`,
        `requests in flight: ${requests.length}`,
        ...requests,
        `last console messages: ${consoleLines.length}`,
        ...consoleLines.map((line) => `  ${line}`),
        `page errors: ${pageErrors.length}`,
        ...pageErrors.map((error) => `  ${error.message.slice(0, 300)}`),
      ].join('\n')
    },
    close() {
      closed ??= context.close()
      return closed
    },
  }
}
