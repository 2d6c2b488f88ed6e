/**
 * The secure frame's life in Chromium: a page on 127.0.0.1 runs `createSecureFrame` (bundled from source) against the
 * stack's frame on localhost: hidden, loading, ready after its ready event and the settle, the theme and dApp data sent
 * on ready, an email login through the provider; and against frames of a test server on localhost that never say ready
 * or never answer: 'iframe_load_failed' and 'iframe_request_timeout', each aborting what is pending.
 */
import { join } from 'node:path'
import { bundleForBrowser, connectBrowser, newIsolatedPage, serveStatic } from '@latchkey/browser'
import { waitForCode } from '@latchkey/mail-sink/client'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

const stack = inject('stack') as LocalStackInfo
const PROJECT = `secure-frame-life-${Date.now().toString(36)}`

/** The page: the frame's life as `window.life`, its statuses and failures, and `window.start(url, timings)`. */
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>frame life</title><body><script type="module">
import { createSecureFrame } from '/embedded.js'
window.statuses = []
window.failures = []
window.start = (url, projectId, timings) => {
  window.life = createSecureFrame({
    url,
    projectId,
    chainId: 31337,
    sdkVersion: 'test-1.0.0',
    enableLogger: true,
    document,
    window,
    timings,
    theme: () => ({ themeMode: 'dark' }),
    dappData: () => ({ projectId, sdkVersion: 'test-1.0.0', metadata: { name: 'Life test', description: 'd', url: location.origin, icons: [] } }),
    onFailure: (error) => window.failures.push(error.message),
  })
  window.life.subscribe((status) => window.statuses.push(status))
}
</script>`

/** A frame page that says ready and then never answers. */
const MUTE_FRAME = `<!doctype html><script>parent.postMessage({ type: '@latchkey/embedded/FRAME_READY' }, new URL(document.referrer).origin)</script>`

type LifeWindow = {
  life: {
    status(): string
    ready(): Promise<void>
    element(): HTMLIFrameElement | undefined
    provider: Record<string, (...args: unknown[]) => Promise<unknown>>
  }
  statuses: string[]
  failures: string[]
  start(url: string, projectId: string, timings?: Record<string, number>): void
}

let browser: Awaited<ReturnType<typeof connectBrowser>>
let server: Awaited<ReturnType<typeof serveStatic>>
let isolated: Awaited<ReturnType<typeof newIsolatedPage>>
const page = () => isolated.page

const codeFor = (email: string) => waitForCode(stack.mail.url, email)

const lifeCall = (method: string, ...args: unknown[]) =>
  page().evaluate(({ method, args }) => (window as unknown as LifeWindow).life.provider[method]?.(...args), {
    method,
    args,
  })

async function open(url: string, timings?: Record<string, number>): Promise<void> {
  await page().goto(`${server.url}/page.html`)
  await page().evaluate(
    ({ url, project, timings }) => (window as unknown as LifeWindow).start(url, project, timings),
    { url, project: PROJECT, timings },
  )
}

beforeAll(async () => {
  const bundled = await bundleForBrowser(join(import.meta.dirname, '..', '..', 'src', 'embedded.ts'))
  server = await serveStatic({
    '/page.html': PAGE_HTML,
    '/embedded.js': bundled,
    '/mute.html': MUTE_FRAME,
    '/silent.html': '<!doctype html><title>never ready</title>',
  })
  const allowed = await fetch(`${stack.services.url}/__control/project?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins: [server.url] }),
  })
  expect(allowed.status).toBe(200)
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  isolated.page.setDefaultTimeout(15_000)
}, 60_000)

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await server?.close()
})

describe('the secure frame on the page', () => {
  test('[§4.21] created hidden on first need, loading, then ready; it logs in by email through the provider', async () => {
    await open(stack.frame.url)
    expect(await page().evaluate(() => (window as unknown as LifeWindow).life.status())).toBe('not-created')
    const email = `life-${Date.now().toString(36)}@example.com`
    const connected = page().evaluate(
      (address) => (window as unknown as LifeWindow).life.provider.connectEmail?.({ email: address }),
      email,
    )
    expect(await connected).toEqual({ action: 'VERIFY_OTP' })
    expect(await page().evaluate(() => (window as unknown as LifeWindow).statuses)).toEqual([
      'loading',
      'ready',
    ])
    const frame = await page().evaluate(() => {
      const element = (window as unknown as LifeWindow).life.element()
      return {
        src: element?.src ?? '',
        display: element?.style.display,
        inBody: element?.parentElement === document.body,
      }
    })
    expect(frame.display).toBe('none')
    expect(frame.inBody).toBe(true)
    const query = new URL(frame.src).searchParams
    expect(Object.fromEntries(query)).toEqual({
      projectId: PROJECT,
      chainId: '31337',
      version: 'test-1.0.0',
      enableLogger: 'true',
    })
    await lifeCall('connectOtp', { otp: await codeFor(email) })
    const user = (await lifeCall('getUser', { chainId: 31337 })) as { email: string; address: string }
    expect(user.email).toBe(email)
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page().evaluate(() => (window as unknown as LifeWindow).failures)).toEqual([])
  })

  test("[§8.3] [§9.28] a frame that never says ready: 'iframe_load_failed', and the waiting call rejects with it", async () => {
    await open(`${server.url.replace('127.0.0.1', 'localhost')}/silent.html`, { loadMs: 1_000 })
    await expect(lifeCall('getChainId')).rejects.toThrow('iframe_load_failed')
    expect(await page().evaluate(() => (window as unknown as LifeWindow).failures)).toEqual([
      'iframe_load_failed',
    ])
    expect(await page().evaluate(() => (window as unknown as LifeWindow).statuses)).toEqual([
      'loading',
      'failed',
    ])
    expect(await page().evaluate(() => document.querySelectorAll('iframe').length)).toBe(0)
  })

  test("[§8.3] a frame that never answers: 'iframe_request_timeout' aborts every pending request", async () => {
    await open(`${server.url.replace('127.0.0.1', 'localhost')}/mute.html`, {
      requestMs: 1_000,
      settleMs: 50,
    })
    const outcomes = await page().evaluate(async () => {
      const { life } = window as unknown as LifeWindow
      await life.ready()
      const first = life.provider.getChainId?.().catch((error: Error) => error.message)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const second = life.provider.getUser?.({}).catch((error: Error) => error.message)
      return Promise.all([first, second])
    })
    expect(outcomes).toEqual(['iframe_request_timeout', 'iframe_request_timeout'])
    expect(await page().evaluate(() => (window as unknown as LifeWindow).failures)).toEqual([
      'iframe_request_timeout',
    ])
  })
})
