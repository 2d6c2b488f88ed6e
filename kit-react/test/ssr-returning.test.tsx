import { connectBrowser, type IsolatedPage } from '@latchkey/browser'
import { reactUnderTest } from '@latchkey/react18'
import type { LocalStackInfo } from '@latchkey/stack'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createKit, LatchkeyProvider } from '../src/index.js'
import { CONNECTION_COOKIE, cookieToInitialState } from '../src/server.js'
import { kitOptions, type PageConfig } from './page/networks.js'
import { SsrApp } from './page/ssr-app.js'
import type { SsrPageApi } from './page/ssr-page.js'
import { bundlePage, loadHydrated, openWalletPage, scriptJson, serveRendered } from './support.js'

// A returning visitor on a server-rendered page (`ssr: true`): the server reads the connection cookie from the
// request and renders the account reconnecting; the browser's first render is the same (no hydration warning), and
// the kit, started by the provider after hydration, confirms the account or withdraws it.
type TestWindow = Window & SsrPageApi

const RDNS = 'dev.latchkey.react-ssr-cookie'
/** Set in the page's localStorage, the wallet stops granting the site (a revoked permission). */
const REVOKED_KEY = 'test-wallet-revoked'
const config: PageConfig = { chains: (inject('stack') as LocalStackInfo).evm.chains }
const rendered: (string | undefined)[] = []
let server: Awaited<ReturnType<typeof serveRendered>>
let browser: Awaited<ReturnType<typeof connectBrowser>>

/** The server: each request to / renders the app with the kit state its Cookie header carries. */
function render(cookie: string): string {
  const initialState = cookieToInitialState(cookie)
  rendered.push(initialState?.accounts.eip155)
  const kit = createKit({ ...kitOptions(config), ssr: true, initialState })
  try {
    const html = renderToString(
      <LatchkeyProvider kit={kit}>
        <SsrApp />
      </LatchkeyProvider>,
    )
    return `<script type="application/json" id="config">${scriptJson(config)}</script><div id="root">${html}</div>`
  } finally {
    kit.destroy()
  }
}

/** A page with the EVM test wallet, which grants the site on each load until REVOKED_KEY is set. */
const openPage = () =>
  openWalletPage(browser, {
    name: 'Latchkey SSR Cookie Wallet',
    rdns: RDNS,
    accountIndex: 18,
    chains: config.chains,
    revokedKey: REVOKED_KEY,
  })
const load = (isolated: IsolatedPage, reload: boolean) => loadHydrated(isolated, server.url, reload)

const kitCookie = async (isolated: IsolatedPage) =>
  (await isolated.context.cookies()).find((cookie) => cookie.name === CONNECTION_COOKIE)

beforeAll(async () => {
  server = await serveRendered(await bundlePage('ssr-cookie-page.tsx'), render)
  browser = await connectBrowser(inject('browserWsEndpoint'))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe(`a returning visitor on a server-rendered page (React ${reactUnderTest()})`, () => {
  it('sees the account from the server’s HTML on, reconnecting, then confirmed; or withdrawn once revoked', async () => {
    const { isolated, problems } = await openPage()
    const { page } = isolated
    const status = () => page.getByTestId('ssr-status').textContent()
    try {
      // First visit: no cookie, the server renders a visitor who is not connected; connecting writes the cookie.
      const first = await load(isolated, false)
      expect(first).toContain('<span data-testid="ssr-status">disconnected</span>')
      expect(await kitCookie(isolated)).toBeUndefined()
      await page.evaluate((rdns) => (window as TestWindow).kit?.connect({ connectorId: rdns }), RDNS)
      await expect.poll(status).toBe('connected')
      const address = await page.getByTestId('ssr-address').textContent()
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      await expect.poll(async () => (await kitCookie(isolated))?.sameSite).toBe('Lax')
      expect(cookieToInitialState(`${CONNECTION_COOKIE}=${(await kitCookie(isolated))?.value}`)).toEqual({
        activeNamespace: 'eip155',
        accounts: { eip155: `eip155:${config.chains[0]?.chainId}:${address}` },
      })

      // Returning: the server's HTML already shows the account, reconnecting; hydration matches; the wallet confirms.
      const again = await load(isolated, true)
      expect(again).toContain('<span data-testid="ssr-status">connecting</span>')
      expect(again).toContain(`<span data-testid="ssr-address">${address}</span>`)
      await expect.poll(status).toBe('connected')
      expect(await page.getByTestId('ssr-address').textContent()).toBe(address)

      // Revoked in the wallet: the server still renders the remembered account; the kit withdraws it and the cookie.
      await page.evaluate((key) => localStorage.setItem(key, '1'), REVOKED_KEY)
      const revoked = await load(isolated, true)
      expect(revoked).toContain(`<span data-testid="ssr-address">${address}</span>`)
      await expect.poll(status).toBe('disconnected')
      expect(await page.getByTestId('ssr-address').textContent()).toBe('no address')
      await expect.poll(() => kitCookie(isolated)).toBeUndefined()

      // Three server renders: no cookie, then the account twice.
      expect(rendered.slice(-3)).toEqual([
        undefined,
        `eip155:${config.chains[0]?.chainId}:${address}`,
        rendered.at(-1),
      ])
      expect(problems).toEqual([])
      expect(isolated.pageErrors.map((e) => e.message)).toEqual([])
      expect(isolated.outsideRequests).toEqual([])
    } finally {
      await isolated.close()
    }
  })
})
