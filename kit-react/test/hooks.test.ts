import { connectBrowser, type IsolatedPage, newIsolatedPage, type StaticServer } from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import { reactUnderTest } from '@latchkey/react18'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { HooksPageApi } from './page/hooks-page.js'
import type { PageConfig } from './page/networks.js'
import { consoleProblems, servePage } from './support.js'

type Page = IsolatedPage['page']
type TestWindow = Window &
  HooksPageApi & {
    LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
    wallet: TestWallet
  }

const RDNS = 'dev.latchkey.react-test'
// Its own account of the test mnemonic: this file connects and switches, it never sends.
const ACCOUNT_INDEX = 18

let browser: Awaited<ReturnType<typeof connectBrowser>>
let site: StaticServer
let isolated: IsolatedPage
let page: Page
let problems: string[]
const { chains } = (inject('stack') as LocalStackInfo).evm
const [first, second] = chains

const text = (testId: string) => page.getByTestId(testId).first().textContent()
/** Clicks through the DOM: the open modal's overlay covers the page, as it should for a person. */
const press = (testId: string) =>
  page.evaluate((id) => (document.querySelector(`[data-testid="${id}"]`) as HTMLElement).click(), testId)

beforeAll(async () => {
  site = await servePage('hooks-page.tsx')
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  page = isolated.page
  problems = consoleProblems(page)
  await page.addInitScript({ path: injectScriptPath() })
  await page.addInitScript(
    ({ chains, rdns, index }) => {
      const w = window as unknown as TestWindow
      w.wallet = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey React Wallet',
        rdns,
        accountIndices: [index],
        chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name })),
      })
      w.wallet.announce()
    },
    { chains, rdns: RDNS, index: ACCOUNT_INDEX },
  )
  await page.goto(`${site.url}/`)
  await page.waitForFunction(() => typeof window.startHooks === 'function')
  const config: PageConfig = { chains }
  await page.evaluate((c: PageConfig) => window.startHooks(c), config)
})

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await site?.close()
})

const REACT = reactUnderTest()

describe(`the hooks in Chromium (React ${REACT})`, () => {
  it(`run on React ${REACT}, as bundled for this project`, async () => {
    expect(await page.evaluate(() => window.reactVersion)).toMatch(new RegExp(`^${REACT}\\.`))
  })

  it('start disconnected on the first network, with the theme and a closed modal', async () => {
    expect(await text('hook-status')).toBe('disconnected')
    expect(await text('hook-address')).toBe('')
    expect(await text('hook-chain')).toBe(String(first?.chainId))
    expect(await text('hook-network-name')).toBe(first?.name)
    expect(await text('hook-open')).toBe('false')
    expect(await text('hook-wallet')).toBe('')
    expect(await text('hook-provider')).toBe('no')
    expect(await text('hook-theme')).toBe('dark')
    await expect.poll(() => text('connect-button')).toBe('Connect Wallet')
  })

  it('useLatchkey().open() opens the modal and close() closes it; state and events follow', async () => {
    await press('hook-open-modal')
    await page.getByTestId('modal').waitFor()
    expect(await page.getByRole('dialog').getAttribute('aria-modal')).toBe('true')
    await expect.poll(() => text('hook-open')).toBe('true')
    expect(await text('hook-event')).toBe('MODAL_OPEN')
    await press('hook-close-modal')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => text('hook-open')).toBe('false')
    expect(await text('hook-event')).toBe('MODAL_CLOSE')
  })

  it('connecting through the kit updates the account, wallet info, provider and the buttons', async () => {
    await page.evaluate((rdns) => window.kit?.connect({ connectorId: rdns }), RDNS)
    const address = await page.evaluate(() => (window as unknown as TestWindow).wallet.address)
    await expect.poll(() => text('hook-status')).toBe('connected')
    expect(await text('hook-address')).toBe(address)
    expect(await text('hook-eip155-address')).toBe(address)
    expect(await text('fallback-address')).toBe(address)
    expect(await text('hook-wallet')).toBe('Latchkey React Wallet')
    expect(await text('hook-provider')).toBe('yes')
    await expect.poll(() => text('account-button')).toContain(address.slice(-6))
    await press('hook-chain-id')
    await expect.poll(() => text('hook-result')).toBe(`0x${first?.chainId.toString(16)}`)
  })

  it('useLatchkeyNetwork().switchNetwork moves the wallet, and the hook follows', async () => {
    await press('hook-switch')
    await expect.poll(() => text('hook-chain')).toBe(String(second?.chainId))
    expect(await text('hook-network-name')).toBe(second?.name)
    expect(await page.evaluate(() => (window as unknown as TestWindow).wallet.chainId)).toBe(second?.chainId)
    expect(await text('hook-event')).toBe('SWITCH_NETWORK')
  })

  it('useLatchkeyTheme().setThemeMode restyles the elements', async () => {
    await press('hook-light')
    await expect.poll(() => text('hook-theme')).toBe('light')
    expect(await page.locator('latchkey-button').getAttribute('data-theme')).toBe('light')
  })

  it('useDisconnect().disconnect() disconnects', async () => {
    await press('hook-disconnect')
    await expect.poll(() => text('hook-status')).toBe('disconnected')
    expect(await text('hook-address')).toBe('')
    expect(await text('fallback-address')).toBe('')
    expect(await text('hook-wallet')).toBe('')
    expect(await text('hook-provider')).toBe('no')
    await expect.poll(() => text('connect-button')).toBe('Connect Wallet')
  })

  it('binds the elements to the provider kit, renders a bounded number of times, logs nothing', async () => {
    const id = await page.evaluate(() => window.kit?.id)
    expect(await page.locator('latchkey-button').getAttribute('kit')).toBe(id)
    expect(await page.locator('latchkey-network-button').getAttribute('kit')).toBe(id)
    // A snapshot that changed identity on every read would loop until React gives up (and log it).
    expect(await page.evaluate(() => window.renders)).toBeLessThan(100)
    expect(problems).toEqual([])
    expect(isolated.outsideRequests).toEqual([])
    expect(isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
