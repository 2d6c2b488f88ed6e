import { access, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type KitPage, openKitPage, type Page, reportOnFailure, type TestWindow } from './kit-page.js'
import {
  ACCENTS,
  imagesSettled,
  measure,
  SCREENSHOTS,
  seriousViolations,
  type Theme,
  type VisualReport,
} from './visual-checks.js'

// Every view, in both themes: an axe scan, SPEC §9's width, accent and z-index, images, overflow, visible focus,
// and a screenshot. One page walks through the views in the order a visitor meets them.
const RDNS = 'dev.latchkey.ui-visual'
const stack = inject('stack') as LocalStackInfo
const { chains } = stack.evm
const services = stack.services.url
const projectId = `kit-ui-visual-${Date.now().toString(36)}`
const cluster = stack.solana.clusters[0]
const solanaId = `solana:${cluster?.genesisHash.slice(0, 32)}`
const UNKNOWN_CHAIN = 4_242_424

/** The views this file shows, each in both themes (its screenshots are `<view>-<theme>.png`). */
const VIEWS = [
  'connect',
  'all-wallets',
  'connecting-waiting',
  'connecting-rejected',
  'siwx',
  'account',
  'networks',
  'receive',
  'unsupported-chain',
  'switch-active-chain',
] as const
type ViewName = (typeof VIEWS)[number]

let kp: KitPage
reportOnFailure(() => kp)
let page: Page
const reports = new Map<string, VisualReport & { violations: string[] }>()

/** Waits until the modal's entrance animations are over (spinners run forever and are left alone). */
function settled(p: Page): Promise<unknown> {
  return p.waitForFunction(() =>
    [document, ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))]
      .flatMap((root) => root.getAnimations())
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
}

/** Checks the view shown in both themes and saves its screenshots; leaves the page in the dark theme. */
async function checkView(name: ViewName, view: string): Promise<void> {
  for (const theme of ['dark', 'light'] as Theme[]) {
    await page.evaluate((t) => window.kit?.setThemeMode(t), theme)
    await page.keyboard.press('Tab')
    await imagesSettled(page)
    await settled(page)
    const report = await measure(page)
    const violations = await seriousViolations(page)
    reports.set(`${name}-${theme}`, { ...report, violations })
    expect({ ...report, violations }, `${name}-${theme}`).toMatchObject({
      view,
      width: '360px',
      zIndex: '999',
      accent: ACCENTS[theme],
      brokenImages: [],
      overflowing: [],
      violations: [],
    })
    expect(report.focus.inCard, `${name}-${theme}: focus in the dialog`).toBe(true)
    expect(
      report.focus.outline !== 'none' || report.focus.boxShadow !== 'none',
      `${name}-${theme}: focus visible on ${report.focus.testId}`,
    ).toBe(true)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`) })
  }
  await page.evaluate(() => window.kit?.setThemeMode('dark'))
}

const wallet = <T>(fn: (w: TestWindow['wallet']) => T) =>
  page.evaluate(`(${fn.toString()})(window.wallet)`) as Promise<Awaited<T>>

beforeAll(async () => {
  if (!cluster) throw new Error('the stack serves a Solana cluster')
  await mkdir(SCREENSHOTS, { recursive: true })
  // Account 17 is the read-only account of the modal tests: this file connects and switches, it never sends.
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 17 })
  page = kp.page
  const response = await fetch(`${services}/__control/project?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins: [new URL(page.url()).origin] }),
  })
  if (!response.ok) throw new Error(`control project: ${response.status}`)
  await kp.start({
    chains,
    themeMode: 'dark',
    projectId,
    servicesUrl: services,
    siwx: 'optional',
    solana: { name: 'Solana Local', genesisHash: cluster.genesisHash, rpcUrl: cluster.rpcUrl },
  })
})

afterAll(async () => {
  await kp?.close()
})

describe('every view, dark and light: axe, SPEC §9 metrics, images, overflow, focus, screenshots', {
  timeout: 30_000,
}, () => {
  it('Connect and All Wallets', async () => {
    await page.getByTestId('connect-button').click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await checkView('connect', 'Connect')
    await page.getByTestId('all-wallets').click()
    await page.locator('.wallet-grid [data-testid^="wallet-"]').first().waitFor()
    await checkView('all-wallets', 'AllWallets')
    await page.getByTestId('modal-back').click()
  })

  it('ConnectingExternal waiting and rejected', async () => {
    await wallet((w) => w.setPolicy('hold'))
    await page.getByTestId(`wallet-${RDNS}`).click()
    const state = page.getByTestId('connecting-state')
    await expect.poll(() => state.getAttribute('data-state')).toBe('waiting')
    await checkView('connecting-waiting', 'ConnectingExternal')
    await expect.poll(() => wallet((w) => w.pending().length)).toBe(1)
    await wallet((w) => w.reject())
    await expect.poll(() => state.getAttribute('data-state')).toBe('rejected')
    await checkView('connecting-rejected', 'ConnectingExternal')
  })

  it('SIWXSignMessage (optional sign-in), then Account, Networks and Receive', async () => {
    await wallet((w) => w.setPolicy('approve'))
    await page.getByTestId('connecting-retry').click()
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor()
    await checkView('siwx', 'SIWXSignMessage')
    await page.getByTestId('siwx-cancel').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toMatch(/ETH$/)
    await checkView('account', 'Account')
    await page.getByTestId('account-network').click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    await checkView('networks', 'Networks')
    await page.getByTestId('modal-back').click()
    await page.getByTestId('account-receive').click()
    await page.getByTestId('receive-address').waitFor()
    await checkView('receive', 'Receive')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('UnsupportedChain, when the wallet moves itself to a chain the host does not serve', async () => {
    const home = chains[0]
    if (!home) throw new Error('no chain')
    await page.evaluate(
      ({ id, rpcUrl }) => {
        const w = (window as unknown as TestWindow).wallet
        w.addChain({ chainId: id, rpcUrl, name: 'Unknown chain' })
        w.switchChain(id)
      },
      { id: UNKNOWN_CHAIN, rpcUrl: home.rpcUrl },
    )
    await page.getByTestId('unsupported-chain').waitFor()
    await checkView('unsupported-chain', 'UnsupportedChain')
    await page.getByTestId(`network-eip155:${home.chainId}`).click()
    // The wallet is back on a served chain: optional sign-in (skipped before) asks again; skip it.
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor()
    await page.getByTestId('siwx-cancel').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => wallet((w) => w.chainId)).toBe(home.chainId)
  })

  it('SwitchActiveChain: a network of a namespace with no account names it and continues to Connect', async () => {
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${solanaId}`).click()
    await page.getByTestId('switch-active-chain').waitFor()
    expect(await page.getByTestId('switch-active-chain-heading').textContent()).toBe('Switch to Solana Local')
    await checkView('switch-active-chain', 'SwitchActiveChain')
    const depth = await page.evaluate(() => window.kit?.controllers.router.state.get().history.length)
    await page.getByTestId('switch-active-chain-continue').click()
    await expect.poll(() => page.getByTestId('modal').getAttribute('data-view')).toBe('Connect')
    // Replace navigation: Connect took SwitchActiveChain's place, the stack did not grow.
    expect(await page.evaluate(() => window.kit?.controllers.router.state.get().history.length)).toBe(depth)
    expect(
      await page.evaluate(() => window.kit?.controllers.chain.state.get().activeCaipNetwork?.caipNetworkId),
    ).toBe(solanaId)
    // The EVM account stays connected on its own namespace.
    expect(await page.evaluate(() => window.kit?.getAccount('eip155').isConnected)).toBe(true)
    // Connect lists only the wallets that serve the target namespace.
    expect(await page.evaluate(() => window.kit?.controllers.connectors.state.get().filterNamespace)).toBe(
      'solana',
    )
    expect(
      await page.evaluate(() =>
        window.kit?.controllers.connectors.state.get().connectors.map((c) => c.chain),
      ),
    ).not.toContain('eip155')
  })

  it('saved a screenshot of every view in both themes', async () => {
    for (const view of VIEWS)
      for (const theme of ['dark', 'light']) {
        const file = join(SCREENSHOTS, `${view}-${theme}.png`)
        await expect(
          access(file).then(() => true),
          file,
        ).resolves.toBe(true)
        expect(reports.has(`${view}-${theme}`), `${view}-${theme} checked`).toBe(true)
      }
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
