/**
 * The frame transport in Chromium between two sites: the page on 127.0.0.1, the frame on localhost (another site, so
 * the frame's storage is partitioned, or blocked, as for any third party). Both sides run the built transport of `@latchkey/core/embedded`
 * (bundled here from source by esbuild): the page's client and the frame's host, through real postMessage with real
 * `event.origin` and `event.source`.
 */
import { join } from 'node:path'
import { bundleForBrowser, connectBrowser, newIsolatedPage, serveStatic } from '@latchkey/browser'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

const PREFIX = '@latchkey/embedded/'

/** The page: the client, a log of what it ignored, and each request's state by name. */
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>page</title><body><script type="module">
import { createFrameClient } from '/embedded.js'
const frameOrigin = new URL(location.href).searchParams.get('frame')
const iframe = document.createElement('iframe')
iframe.src = frameOrigin + '/frame.html?parent=' + encodeURIComponent(location.origin)
document.body.append(iframe)
window.logs = []
window.states = {}
let next = 0
window.client = createFrameClient({
  frame: iframe.contentWindow,
  origin: frameOrigin,
  window,
  logger: { warn: (line) => window.logs.push(line) },
  createId: () => 'req-' + ++next,
})
window.lastId = () => 'req-' + next
window.track = (key, promise) => {
  window.states[key] = 'pending'
  promise.then((value) => { window.states[key] = { value } }, (error) => { window.states[key] = { error: error.message } })
}
window.impostor = (src) => {
  const other = document.createElement('iframe')
  other.src = src
  document.body.append(other)
  return new Promise((resolve) => other.addEventListener('load', resolve, { once: true }))
}
</script>`

/** The frame: the host, answering a few requests; GET_USER waits until the test releases it. */
const FRAME_HTML = `<!doctype html><meta charset="utf-8"><title>frame</title><script type="module">
import { createFrameHost, FrameHandlerError } from '/embedded.js'
const parentOrigin = new URL(location.href).searchParams.get('parent')
window.handled = []
window.logs = []
window.held = new Map()
window.storage = () => {
  try {
    return localStorage.getItem('page-only') ?? 'partitioned'
  } catch {
    return 'blocked'
  }
}
const host = createFrameHost({
  parent: window.parent,
  parentOrigin,
  window,
  logger: { warn: (line) => window.logs.push(line) },
  handle: async (request) => {
    window.handled.push(request.type.slice(${JSON.stringify(PREFIX)}.length) + ' ' + request.id)
    switch (request.type.slice(${JSON.stringify(PREFIX)}.length)) {
      case 'GET_CHAIN_ID':
        return { chainId: 31337 }
      case 'GET_USER':
        return new Promise((resolve) => window.held.set(request.id, resolve))
      case 'CONNECT_OTP':
        throw new FrameHandlerError('Invalid code', 4001)
      case 'RPC_REQUEST':
        return { result: request.payload.params.transactions ?? request.payload.params }
      default:
        throw new FrameHandlerError('not in this test')
    }
  },
})
window.release = (id, answer) => window.held.get(id)(answer)
window.say = (message) => window.parent.postMessage(message, parentOrigin)
host.ready()
</script>`

/** Another window of the frame's origin, which posts what the test tells it to the parent. */
const IMPOSTOR_HTML = `<!doctype html><meta charset="utf-8"><title>impostor</title><script>
window.say = (message, origin) => window.parent.postMessage(message, origin)
</script>`

const USER = { address: '0x52908400098527886E0F7030069857D2E4169EE7', chainId: 31337 }

let browser: Awaited<ReturnType<typeof connectBrowser>>
let server: Awaited<ReturnType<typeof serveStatic>>
let isolated: Awaited<ReturnType<typeof newIsolatedPage>>
let pageOrigin: string
let frameOrigin: string

type PageWindow = {
  client: {
    request(name: string, payload?: unknown, options?: { deadlineMs?: number }): Promise<unknown>
    pendingCount(): number
    isReady(): boolean
  }
  logs: string[]
  states: Record<string, unknown>
  track(key: string, promise: Promise<unknown>): void
  lastId(): string
  impostor(src: string): Promise<void>
}
type FrameWindow = {
  storage(): string
  handled: string[]
  logs: string[]
  release(id: string, answer: unknown): void
  say(message: unknown): void
}
type ImpostorWindow = { say(message: unknown, origin: string): void }

const page = () => isolated.page
type Frame = ReturnType<typeof isolated.page.mainFrame>

/** The frame's document (another origin, its own process), found by URL. */
function frame(path = '/frame.html', origin = frameOrigin): Frame {
  const found = page()
    .frames()
    .find((candidate) => candidate.url().startsWith(`${origin}${path}`))
  if (!found)
    throw new Error(
      `no frame ${path}; frames: ${page()
        .frames()
        .map((f) => f.url())
        .join(', ')}`,
    )
  return found
}

const logs = () => page().evaluate(() => (window as unknown as PageWindow).logs)
const stateOf = (key: string) =>
  page().evaluate((name) => (window as unknown as PageWindow).states[name], key)

/** Starts a request in the page and tracks it under `key`; answers its id. */
function start(key: string, name: string, payload?: unknown, deadlineMs?: number): Promise<string> {
  return page().evaluate(
    ({ key, name, payload, deadlineMs }) => {
      const w = window as unknown as PageWindow
      w.track(key, w.client.request(name, payload, deadlineMs === undefined ? {} : { deadlineMs }))
      return w.lastId()
    },
    { key, name, payload, deadlineMs },
  )
}

beforeAll(async () => {
  const bundled = await bundleForBrowser(join(import.meta.dirname, '..', '..', 'src', 'embedded.ts'))
  server = await serveStatic({
    '/page.html': PAGE_HTML,
    '/frame.html': FRAME_HTML,
    '/impostor.html': IMPOSTOR_HTML,
    '/navigated.html': IMPOSTOR_HTML,
    '/embedded.js': bundled,
  })
  pageOrigin = `http://127.0.0.1:${server.port}`
  frameOrigin = `http://localhost:${server.port}`
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  isolated.page.setDefaultTimeout(10_000)
  await page().goto(`${pageOrigin}/page.html?frame=${encodeURIComponent(frameOrigin)}`)
  await page()
    .waitForFunction(() => (window as unknown as PageWindow).client.isReady())
    .catch((error: unknown) => {
      const frames = page()
        .frames()
        .map((each) => each.url())
      throw new Error(
        `the frame never said it was ready (${String(error)}); frames: ${frames.join(', ')}\n${isolated.diagnose()}`,
      )
    })
}, 60_000)

afterAll(async () => {
  expect(isolated?.pageErrors.map((error) => error.message) ?? []).toEqual([])
  expect(isolated?.outsideRequests ?? []).toEqual([])
  await isolated?.close()
  await browser?.close()
  await server?.close()
})

describe('the frame transport in Chromium, page on 127.0.0.1 and frame on localhost', () => {
  test("two sites: the frame never reads the page's storage; a request is answered, an error event rejects", async () => {
    // Another site: the frame never reads the page's storage (partitioned, or blocked as for third parties here).
    await page().evaluate(() => localStorage.setItem('page-only', 'yes'))
    expect(['partitioned', 'blocked']).toContain(
      await frame().evaluate(() => (window as unknown as FrameWindow).storage()),
    )
    expect(
      await page().evaluate(() => (window as unknown as PageWindow).client.request('GET_CHAIN_ID')),
    ).toEqual({ chainId: 31337 })
    await expect(
      page().evaluate(() =>
        (window as unknown as PageWindow).client.request('CONNECT_OTP', { otp: '000000' }),
      ),
    ).rejects.toThrow('Invalid code')
  })

  test("a success from the frame's origin but another window is refused; the frame's own answer is taken", async () => {
    const id = await start('impostor', 'GET_USER', {})
    await expect
      .poll(() => frame().evaluate(() => (window as unknown as FrameWindow).handled.at(-1)))
      .toBe(`GET_USER ${id}`)
    await page().evaluate(
      (src) => (window as unknown as PageWindow).impostor(src),
      `${frameOrigin}/impostor.html`,
    )
    await frame('/impostor.html').evaluate(
      ({ message, origin }) => (window as unknown as ImpostorWindow).say(message, origin),
      {
        message: { type: `${PREFIX}GET_USER_SUCCESS`, id, payload: { address: '0xevil', chainId: 1 } },
        origin: pageOrigin,
      },
    )
    await expect.poll(logs).toContainEqual(expect.stringMatching(/not from the frame's window/))
    expect(await stateOf('impostor')).toBe('pending')
    await frame().evaluate(({ id, user }) => (window as unknown as FrameWindow).release(id, user), {
      id,
      user: USER,
    })
    await expect.poll(() => stateOf('impostor')).toEqual({ value: USER })
  })

  test("messages of other windows and origins pass quietly: the page's own, a frame of the page's origin", async () => {
    const id = await start('other-origin', 'GET_USER', {})
    await expect
      .poll(() => frame().evaluate(() => (window as unknown as FrameWindow).handled.at(-1)))
      .toBe(`GET_USER ${id}`)
    const forged = { type: `${PREFIX}GET_USER_SUCCESS`, id, payload: { address: '0xevil', chainId: 1 } }
    const before = (await logs()).length
    await page().evaluate((message) => window.postMessage(message, '*'), forged)
    await page().evaluate(
      (src) => (window as unknown as PageWindow).impostor(src),
      `${pageOrigin}/impostor.html`,
    )
    await frame('/impostor.html', pageOrigin).evaluate(
      ({ message, origin }) => (window as unknown as ImpostorWindow).say(message, origin),
      { message: forged, origin: pageOrigin },
    )
    await frame().evaluate(({ id, user }) => (window as unknown as FrameWindow).release(id, user), {
      id,
      user: USER,
    })
    // The frame's answer comes after the forged ones (each message is a task, in order): by then they were read.
    await expect.poll(() => stateOf('other-origin')).toEqual({ value: USER })
    expect((await logs()).slice(before)).toEqual([])
  })

  test('a replayed success is ignored and logged; a replayed request is handled once', async () => {
    const id = await start('replayed', 'GET_CHAIN_ID')
    await expect.poll(() => stateOf('replayed')).toEqual({ value: { chainId: 31337 } })
    await frame().evaluate((message) => (window as unknown as FrameWindow).say(message), {
      type: `${PREFIX}GET_CHAIN_ID_SUCCESS`,
      id,
      payload: { chainId: 666 },
    })
    await expect
      .poll(logs)
      .toContainEqual(
        `[latchkey] frame message ignored (already answered): type "${PREFIX}GET_CHAIN_ID_SUCCESS", id "${id}"`,
      )
    expect(await stateOf('replayed')).toEqual({ value: { chainId: 31337 } })

    // The page's request posted again under the same id (a replay into the frame): handled once.
    const replay = { type: `${PREFIX}GET_CHAIN_ID`, id: 'replay-1' }
    await page().evaluate(
      ({ message, origin }) => {
        const target = document.querySelector('iframe')?.contentWindow
        target?.postMessage(message, origin)
        target?.postMessage(message, origin)
      },
      { message: replay, origin: frameOrigin },
    )
    await expect
      .poll(() => frame().evaluate(() => (window as unknown as FrameWindow).logs))
      .toContainEqual(expect.stringMatching(/request ignored \((duplicate|replayed) id\).*"replay-1"/))
    const handled = await frame().evaluate(() => (window as unknown as FrameWindow).handled)
    expect(handled.filter((entry) => entry === 'GET_CHAIN_ID replay-1')).toHaveLength(1)
  })

  test('an oversized message is refused, the deadline then rejects; 100 Solana transactions fit both ways', async () => {
    const id = await start('oversized', 'GET_USER', {}, 2_000)
    await expect
      .poll(() => frame().evaluate(() => (window as unknown as FrameWindow).handled.at(-1)))
      .toBe(`GET_USER ${id}`)
    await frame().evaluate(
      ({ id, prefix }) =>
        (window as unknown as FrameWindow).say({
          type: `${prefix}GET_USER_SUCCESS`,
          id,
          payload: {
            address: '0x52908400098527886E0F7030069857D2E4169EE7',
            chainId: 1,
            userName: 'a'.repeat(1_000_001),
          },
        }),
      { id, prefix: PREFIX },
    )
    await expect.poll(logs).toContainEqual(expect.stringMatching(/\(message: larger than 1000000 bytes\)/))
    await expect.poll(() => stateOf('oversized')).toEqual({ error: 'iframe_request_timeout' })

    // A request over 1 MB never leaves the page.
    await expect(
      page().evaluate(() =>
        (window as unknown as PageWindow).client.request('RPC_REQUEST', {
          method: 'x',
          params: ['a'.repeat(1_000_001)],
        }),
      ),
    ).rejects.toThrow('message: larger than 1000000 bytes')

    // solana_signAllTransactions of 100 transactions of the largest legacy size, base58 (about 1,644 characters each).
    const transaction = '3'.repeat(1_644)
    const transactions = Array.from({ length: 100 }, (_, index) => `${index}${transaction}`)
    const answer = await page().evaluate(
      (params) =>
        (window as unknown as PageWindow).client.request('RPC_REQUEST', {
          method: 'solana_signAllTransactions',
          params,
        }),
      { transactions },
    )
    expect(answer).toEqual({ result: transactions })
    expect(await page().evaluate(() => (window as unknown as PageWindow).client.pendingCount())).toBe(0)
  })

  test("the frame's window navigated to another origin: its message is refused and logged", async () => {
    const id = await start('navigated', 'GET_USER', {}, 2_000)
    await expect
      .poll(() => frame().evaluate(() => (window as unknown as FrameWindow).handled.at(-1)))
      .toBe(`GET_USER ${id}`)
    // The frame's own window (the same WindowProxy for the page) now holds a document of the page's origin.
    await frame().evaluate((url) => {
      location.href = url
    }, `${pageOrigin}/navigated.html`)
    await expect
      .poll(() =>
        page()
          .frames()
          .some((candidate) => candidate.url().startsWith(`${pageOrigin}/navigated.html`)),
      )
      .toBe(true)
    await frame('/navigated.html', pageOrigin).waitForFunction(() => 'say' in window)
    await frame('/navigated.html', pageOrigin).evaluate(
      ({ message, origin }) => (window as unknown as ImpostorWindow).say(message, origin),
      {
        message: { type: `${PREFIX}GET_USER_SUCCESS`, id, payload: { address: '0xevil', chainId: 1 } },
        origin: pageOrigin,
      },
    )
    await expect
      .poll(logs)
      .toContainEqual(
        `[latchkey] frame message ignored (from the frame's window but origin ${pageOrigin}): type "${PREFIX}GET_USER_SUCCESS", id "${id}"`,
      )
    await expect.poll(() => stateOf('navigated')).toEqual({ error: 'iframe_request_timeout' })
  })
})
