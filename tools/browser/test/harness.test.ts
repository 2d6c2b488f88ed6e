// The harness itself: the static server, the isolated page's outside-request guard, the launcher's error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  connectBrowser,
  isOutsideUrl,
  launchBrowserServer,
  newIsolatedPage,
  serveStatic,
} from '../src/index.js'

let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser(inject('browserWsEndpoint'))
})

afterAll(async () => {
  await browser?.close()
})

describe('serveStatic', () => {
  it('serves in-memory files on 127.0.0.1, index.html for /, 404 otherwise', async () => {
    const site = await serveStatic({ 'index.html': '<p>home</p>', '/app.js': 'export {}' })
    try {
      expect(site.url).toBe(`http://127.0.0.1:${site.port}`)
      const home = await fetch(`${site.url}/`)
      expect(home.status).toBe(200)
      expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await home.text()).toBe('<p>home</p>')
      const script = await fetch(`${site.url}/app.js`)
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect((await fetch(`${site.url}/missing.js`)).status).toBe(404)
      expect((await fetch(`${site.url}/`, { method: 'POST' })).status).toBe(405)
    } finally {
      await site.close()
    }
  })

  it('serves a directory without letting a path escape it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'latchkey-serve-'))
    mkdirSync(join(root, 'site', 'sub'), { recursive: true })
    writeFileSync(join(root, 'site', 'sub', 'index.html'), 'nested')
    writeFileSync(join(root, 'secret.txt'), 'secret')
    const site = await serveStatic(join(root, 'site'))
    try {
      expect(await (await fetch(`${site.url}/sub/`)).text()).toBe('nested')
      expect((await fetch(`${site.url}/sub`)).status).toBe(404)
      expect((await fetch(`${site.url}/..%2fsecret.txt`)).status).toBe(404)
      expect((await fetch(`${site.url}/sub/..%2f..%2fsecret.txt`)).status).toBe(404)
    } finally {
      await site.close()
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('newIsolatedPage', () => {
  it('classifies URLs: only http(s)/ws(s) to a host other than 127.0.0.1 / localhost is outside', () => {
    expect(isOutsideUrl('http://127.0.0.1:8545/')).toBe(false)
    expect(isOutsideUrl('ws://localhost:1234/x')).toBe(false)
    expect(isOutsideUrl('data:text/plain,hi')).toBe(false)
    expect(isOutsideUrl('https://example.com/')).toBe(true)
    expect(isOutsideUrl('wss://relay.walletconnect.org/')).toBe(true)
    expect(isOutsideUrl('http://10.0.0.1/')).toBe(true)
  })

  it('records and fails every outside request at once; local requests go through', async () => {
    const site = await serveStatic({
      '/index.html': '<!doctype html><img src="https://example.com/pixel.png">',
      '/data.json': '{"ok":true}',
    })
    const isolated = await newIsolatedPage(browser)
    try {
      await isolated.page.goto(`${site.url}/`)
      const results = await isolated.page.evaluate(async () => {
        const started = performance.now()
        const outcome = async (url: string) => {
          try {
            const response = await fetch(url)
            return `ok ${response.status}`
          } catch {
            return 'failed'
          }
        }
        const local = await outcome('/data.json')
        const named = await outcome('https://example.org/api')
        const ip = await outcome('http://10.1.2.3/')
        const socket = await new Promise<string>((done) => {
          const ws = new WebSocket('wss://relay.example.org/')
          ws.onopen = () => done('open')
          ws.onclose = () => done('closed')
        })
        return {
          local,
          named,
          ip,
          socket,
          ms: performance.now() - started,
        }
      })
      expect(results).toMatchObject({ local: 'ok 200', named: 'failed', ip: 'failed', socket: 'closed' })
      expect(results.ms).toBeLessThan(2_000)
      expect(isolated.outsideRequests).toEqual([
        'https://example.com/pixel.png',
        'https://example.org/api',
        'http://10.1.2.3/',
        'wss://relay.example.org/',
      ])
    } finally {
      await isolated.close()
      await site.close()
    }
  })

  it('gives every page its own context: no shared storage', async () => {
    const site = await serveStatic({ '/index.html': '<!doctype html>' })
    const first = await newIsolatedPage(browser)
    const second = await newIsolatedPage(browser)
    try {
      await first.page.goto(`${site.url}/`)
      await second.page.goto(`${site.url}/`)
      await first.page.evaluate(() => localStorage.setItem('latchkey', 'first'))
      expect(await second.page.evaluate(() => localStorage.getItem('latchkey'))).toBeNull()
    } finally {
      await Promise.all([first.close(), second.close()])
      await site.close()
    }
  })
})

describe('launchBrowserServer', () => {
  it('names the apt-get install when Chromium is missing', async () => {
    await expect(
      launchBrowserServer({ env: { LATCHKEY_CHROMIUM: '/nonexistent/chromium' } }),
    ).rejects.toThrow(
      /Chromium was not found at \/nonexistent\/chromium\. .*apt-get install -y --no-install-recommends chromium/,
    )
  })
})
