import { connectBrowser, type IsolatedPage } from '@latchkey/browser'
import { reactUnderTest } from '@latchkey/react18'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { PageConfig } from './page/networks.js'
import type { WagmiSsrPageApi } from './page/wagmi-ssr-page.js'
import type * as ServerHalf from './page/wagmi-ssr-server.js'
import {
  bundlePage,
  importServerBundle,
  loadHydrated,
  openWalletPage,
  scriptJson,
  serveRendered,
} from './support.js'

// wagmi's hooks next to Latchkey's on a server-rendered page, as the wagmi adapter's README sets it up, under the React
// of the run (this file runs in the react and react-18 projects; Next.js's app router vendors React 19, so this is
// where React 18 is checked). A returning visitor's page hydrates with no warning: the server renders from the
// cookies (wagmi's and the kit's), nothing changes state before hydration, and one reconnect runs after it.
type TestWindow = Window & WagmiSsrPageApi

const RDNS = 'dev.latchkey.react-ssr-wagmi'
const REVOKED_KEY = 'test-wallet-revoked'
const config: PageConfig = { chains: (inject('stack') as LocalStackInfo).evm.chains }
let server: Awaited<ReturnType<typeof serveRendered>>
let browser: Awaited<ReturnType<typeof connectBrowser>>

beforeAll(async () => {
  const [files, half] = await Promise.all([
    bundlePage('wagmi-ssr-page.tsx'),
    importServerBundle<typeof ServerHalf>('wagmi-ssr-server.tsx'),
  ])
  server = await serveRendered(files, (cookie) => {
    const { html, props } = half.renderPage(config, cookie)
    return `<script type="application/json" id="props">${scriptJson(props)}</script><div id="root">${html}</div>`
  })
  browser = await connectBrowser(inject('browserWsEndpoint'))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const openPage = () =>
  openWalletPage(browser, {
    name: 'Latchkey wagmi SSR Wallet',
    rdns: RDNS,
    accountIndex: 19,
    chains: config.chains,
    revokedKey: REVOKED_KEY,
  })
const load = (isolated: IsolatedPage, reload: boolean) => loadHydrated(isolated, server.url, reload)

describe(`wagmi and Latchkey on a server-rendered page (React ${reactUnderTest()})`, () => {
  it('a returning visitor hydrates cleanly, sees the account in the server’s HTML, and wagmi reconnects once', async () => {
    const { isolated, problems } = await openPage()
    const { page } = isolated
    const text = (id: string) => page.getByTestId(id).textContent()
    try {
      const first = await load(isolated, false)
      expect(first).toContain('data-testid="lk-status">disconnected<')
      expect(first).toContain('data-testid="wagmi-status">disconnected<')
      await page.evaluate((rdns) => (window as TestWindow).kit?.connect({ connectorId: rdns }), RDNS)
      await expect.poll(() => text('lk-status')).toBe('connected')
      await expect.poll(() => text('wagmi-status')).toBe('connected')
      const address = await text('lk-address')
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await text('wagmi-address')).toBe(address)

      // Returning: both cookies render the account on the server; the browser's first render is the same.
      const again = await load(isolated, true)
      expect(again).toContain('data-testid="lk-status">connecting<')
      expect(again).toContain(`data-testid="lk-address">${address}<`)
      // wagmi, told not to reconnect on mount (the kit's restore is the one reconnect), renders its hydrated state
      // the same on both sides: disconnected until the kit's restore connects it.
      expect(again).toContain('data-testid="wagmi-status">disconnected<')
      await expect.poll(() => text('lk-status')).toBe('connected')
      await expect.poll(() => text('wagmi-status')).toBe('connected')
      await expect.poll(() => text('wagmi-balance')).toMatch(/^\d+ wei$/)
      // One reconnect: wagmi went through reconnecting once, to connected (a second reconnect would show again).
      expect(await page.evaluate(() => (window as TestWindow).wagmiStatuses)).toEqual([
        'disconnected',
        'reconnecting',
        'connected',
      ])
      expect(await page.locator('latchkey-button').getByTestId('account-button').count()).toBe(1)

      // Revoked in the wallet: the server still renders the remembered account, then both withdraw it.
      await page.evaluate((key) => localStorage.setItem(key, '1'), REVOKED_KEY)
      const revoked = await load(isolated, true)
      expect(revoked).toContain(`data-testid="lk-address">${address}<`)
      await expect.poll(() => text('lk-status')).toBe('disconnected')
      await expect.poll(() => text('wagmi-status')).toBe('disconnected')
      expect(await page.evaluate(() => (window as TestWindow).wagmiStatuses)).toEqual([
        'disconnected',
        'reconnecting',
        'disconnected',
      ])

      expect(problems).toEqual([])
      expect(isolated.pageErrors.map((error) => error.message)).toEqual([])
      expect(isolated.outsideRequests).toEqual([])
    } finally {
      await isolated.close()
    }
  })
})
