import { connectBrowser, type IsolatedPage, newIsolatedPage, type StaticServer } from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import { reactUnderTest } from '@latchkey/react18'
import type { LocalStackInfo } from '@latchkey/stack'
import { version as reactVersion } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createKit, LatchkeyProvider, NO_KIT_MESSAGE, useLatchkeyAccount } from '../src/index.js'
import { kitOptions, type PageConfig } from './page/networks.js'
import { SsrApp } from './page/ssr-app.js'
import type { SsrPageApi } from './page/ssr-page.js'
import { consoleProblems, servePage } from './support.js'

type TestWindow = Window & SsrPageApi
type WalletWindow = Window & {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  wallet: TestWallet
}

const RDNS = 'dev.latchkey.react-ssr-test'
const REACT = reactUnderTest()
const ofThisRun = new RegExp(`^${REACT}\\.`)

const config: PageConfig = { chains: (inject('stack') as LocalStackInfo).evm.chains }
let browser: Awaited<ReturnType<typeof connectBrowser>>
let site: StaticServer
let html: string

/** A hook with no provider. */
function Orphan() {
  return <p>{useLatchkeyAccount().status}</p>
}

/** The server's half: the app rendered to HTML in Node with a headless kit of the same options. */
function renderOnServer(): string {
  const kit = createKit(kitOptions(config))
  try {
    return renderToString(
      <LatchkeyProvider kit={kit}>
        <SsrApp />
      </LatchkeyProvider>,
    )
  } finally {
    kit.destroy()
  }
}

/** Opens the page with the server's HTML and waits until React hydrated it (or gave up and rendered anew). */
async function hydrate(
  query = '',
  prepare?: (isolated: IsolatedPage) => Promise<void>,
): Promise<{ isolated: IsolatedPage; problems: string[] }> {
  const isolated = await newIsolatedPage(browser)
  const problems = consoleProblems(isolated.page)
  await prepare?.(isolated)
  await isolated.page.goto(`${site.url}/${query}`)
  await isolated.page.waitForFunction(() => (window as TestWindow).hydrated === true)
  return { isolated, problems }
}

/** Injects the EVM test wallet, which grants this site its account on each load (as a wallet remembers it). */
async function withWallet(isolated: IsolatedPage): Promise<void> {
  await isolated.page.addInitScript({ path: injectScriptPath() })
  await isolated.page.addInitScript(
    ({ chains, rdns }) => {
      const w = window as unknown as WalletWindow
      w.wallet = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey SSR Wallet',
        rdns,
        accountIndices: [19],
        chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name })),
      })
      w.wallet.connect()
      w.wallet.announce()
    },
    { chains: config.chains, rdns: RDNS },
  )
}

beforeAll(async () => {
  html = renderOnServer()
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  site = await servePage(
    'ssr-page.tsx',
    `<script type="application/json" id="config">${json}</script><div id="root">${html}</div>`,
  )
  browser = await connectBrowser(inject('browserWsEndpoint'))
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe(`server rendering (React ${REACT})`, () => {
  it(`renders with React ${REACT} in Node`, () => {
    expect(reactVersion).toMatch(ofThisRun)
  })

  it('renders the elements and the hooks starting state in Node', () => {
    expect(html).toContain('<latchkey-network-button></latchkey-network-button>')
    expect(html).toContain('<latchkey-button label="Sign in"></latchkey-button>')
    expect(html).toContain('<span data-testid="ssr-status">disconnected</span>')
    expect(html).toContain(`<span data-testid="ssr-network">${config.chains[0]?.name}</span>`)
    expect(html).toContain('<span data-testid="ssr-theme">dark</span>')
    expect(html).toContain('<span data-testid="ssr-wallet">no wallet</span>')
  })

  it('throws a clear error for a hook with no provider on the server (there is no page kit)', () => {
    expect(() => renderToString(<Orphan />)).toThrow(NO_KIT_MESSAGE)
  })

  it('hydrates in Chromium with no mismatch, error or warning; the elements then work', async () => {
    const { isolated, problems } = await hydrate()
    try {
      const page = isolated.page
      await expect.poll(() => page.getByTestId('connect-button').textContent()).toBe('Sign in')
      const id = await page.evaluate(() => (window as TestWindow).kit?.id)
      expect(await page.locator('latchkey-button').getAttribute('kit')).toBe(id)
      expect(await page.getByTestId('ssr-status').textContent()).toBe('disconnected')
      expect(await page.evaluate(() => (window as TestWindow).reactVersion)).toMatch(ofThisRun)
      expect(problems).toEqual([])
      expect(isolated.pageErrors.map((e) => e.message)).toEqual([])
      expect(isolated.outsideRequests).toEqual([])
    } finally {
      await isolated.close()
    }
  })

  it('hydrates a kit that restored a session first as the server rendered it, then shows the account', async () => {
    const { isolated, problems } = await hydrate('?late', withWallet)
    try {
      const page = isolated.page
      await page.evaluate((rdns) => window.kit?.connect({ connectorId: rdns }), RDNS)
      await expect.poll(() => page.getByTestId('ssr-status').textContent()).toBe('connected')
      await page.reload()
      await page.waitForFunction(() => (window as TestWindow).hydrated === true)
      expect(await page.evaluate(() => window.kit?.getAccount().isConnected)).toBe(true)
      await expect.poll(() => page.getByTestId('ssr-status').textContent()).toBe('connected')
      expect(await page.getByTestId('ssr-wallet').textContent()).toBe('Latchkey SSR Wallet')
      expect(problems).toEqual([])
      expect(isolated.pageErrors.map((e) => e.message)).toEqual([])
      expect(isolated.outsideRequests).toEqual([])
    } finally {
      await isolated.close()
    }
  })

  it('control: a page that renders other text in the browser is reported', async () => {
    const { isolated, problems } = await hydrate('?mismatch')
    try {
      const reported = [...problems, ...isolated.pageErrors.map((e) => e.message)].join('\n')
      expect(reported).toMatch(/hydrat/i)
    } finally {
      await isolated.close()
    }
  })
})
