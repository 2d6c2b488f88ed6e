import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { connectBrowser, type IsolatedPage, newIsolatedPage, type StaticServer } from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { ModalPageConfig } from './page/modal-page.js'
import { serveModalPage } from './support.js'

type Page = IsolatedPage['page']
type TestWindow = Window & {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  wallet: TestWallet
}

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
const RDNS = 'dev.latchkey.ui-test'
// Its own account of the test mnemonic: this file only connects and switches, it never sends.
const ACCOUNT_INDEX = 17

let browser: Awaited<ReturnType<typeof connectBrowser>>
let site: StaticServer
let isolated: IsolatedPage
let page: Page
let chunks: string[]
const { chains } = (inject('stack') as LocalStackInfo).evm

/** The data-testid of the focused element, looking through shadow roots. */
function focusedTestId(p: Page): Promise<string | null> {
  return p.evaluate(() => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? null
  })
}

/** True when the focused element is inside the dialog. */
function focusInModal(p: Page): Promise<boolean> {
  return p.evaluate(() => {
    const root = document.querySelector('latchkey-modal')?.shadowRoot
    const card = root?.querySelector('[data-testid="modal"]')
    return Boolean(card && root?.activeElement && card.contains(root.activeElement))
  })
}

/** A CSS colour as the pixel it paints (r, g, b), to compare colours written differently. */
function computedColour(p: Page, colour: string): Promise<string> {
  return p.evaluate((c) => {
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
    ctx.fillStyle = c
    ctx.fillRect(0, 0, 1, 1)
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(',')
  }, colour)
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(250) // let the open animation settle for the picture only; nothing is asserted on time
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true })
  ;({ site, chunks } = await serveModalPage())
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser, {
    viewport: { width: 900, height: 720 },
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  page = isolated.page
  await page.addInitScript({ path: injectScriptPath() })
  await page.addInitScript(
    ({ chains, rdns, index }) => {
      const w = window as unknown as TestWindow
      w.wallet = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey Test Wallet',
        rdns,
        accountIndices: [index],
        chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name })),
      })
      w.wallet.announce()
    },
    { chains, rdns: RDNS, index: ACCOUNT_INDEX },
  )
  await page.goto(`${site.url}/`)
  await page.waitForFunction(() => typeof window.startKit === 'function')
  const config: ModalPageConfig = { chains, themeMode: 'dark' }
  await page.evaluate((c: ModalPageConfig) => window.startKit(c), config)
})

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await site?.close()
})

describe('the modal in Chromium', () => {
  it('loads only the buttons up front and the views as their own chunk', () => {
    expect(chunks.length).toBeGreaterThan(1)
  })

  it('opens from the keyboard as an accessible dialog with focus inside', async () => {
    const button = page.getByTestId('connect-button')
    await expect.poll(() => button.textContent()).toBe('Connect Wallet')
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    expect(await page.getByTestId('modal-title').textContent()).toBe('Connect Wallet')
    expect(await focusInModal(page)).toBe(true)
    const wallet = page.getByTestId(`wallet-${RDNS}`)
    expect(await wallet.textContent()).toContain('Latchkey Test Wallet')
    expect(await wallet.textContent()).toContain('Installed')
    expect(await page.getByTestId('legal-terms').getAttribute('href')).toBe('https://example.com/terms')
    await shot('connect-dark')
  })

  it('has the SPEC §9 width, z-index and accent (dark)', async () => {
    const box = await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      const card = root?.querySelector('[data-testid="modal"]') as HTMLElement
      const overlay = root?.querySelector('[data-testid="modal-overlay"]') as HTMLElement
      return {
        width: getComputedStyle(card).width,
        zIndex: getComputedStyle(overlay).zIndex,
        background: getComputedStyle(card).backgroundColor,
      }
    })
    expect({ ...box, background: await computedColour(page, box.background) }).toEqual({
      width: '360px',
      zIndex: '999',
      background: await computedColour(page, '#121313'),
    })
    const connect = await page.evaluate(() => {
      const root = document.querySelector('latchkey-button')?.shadowRoot
      return getComputedStyle(root?.querySelector('button') as HTMLElement).backgroundColor
    })
    expect(await computedColour(page, connect)).toBe(await computedColour(page, 'hsla(230,100%,67%,1)'))
  })

  it('traps Tab and Shift-Tab, closes on Escape and returns focus to the opener', async () => {
    const seen = new Set<string | null>()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInModal(page)).toBe(true)
      seen.add(await focusedTestId(page))
    }
    expect(seen).toContain('modal-close')
    expect(seen).toContain(`wallet-${RDNS}`)
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInModal(page)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    expect(await focusedTestId(page)).toBe('connect-button')
  })

  it('shows a declined connection, then connects on retry', async () => {
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('reject'))
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    const state = page.getByTestId('connecting-state')
    await expect.poll(() => state.getAttribute('data-state')).toBe('rejected')
    expect(await page.getByTestId('modal-title').textContent()).toBe('Latchkey Test Wallet')
    await shot('connecting-rejected-dark')
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('approve'))
    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    const address = await page.evaluate(() => (window as unknown as TestWindow).wallet.address)
    const short = `${address.slice(0, 4)}…${address.slice(-6)}`
    await expect.poll(() => page.getByTestId('account-button').textContent()).toContain(short)
  })

  it('shows the account: the address as 4+6, the balance, the network', async () => {
    await page.getByTestId('account-button').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    const address = await page.evaluate(() => (window as unknown as TestWindow).wallet.address)
    expect(await page.getByTestId('account-address').textContent()).toBe(
      `${address.slice(0, 4)}…${address.slice(-6)}`,
    )
    await expect
      .poll(() => page.getByTestId('account-balance').textContent())
      .toMatch(/^\d+(\.\d{1,3})? ETH$/)
    expect(await page.getByTestId('account-balance').textContent()).not.toBe('0.00 ETH')
    expect(await page.getByTestId('account-network').textContent()).toContain(chains[0]?.name)
    await page.getByTestId('copy-address').click()
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Address copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    await shot('account-dark')
  })

  it('switches network from the Networks view: the wallet moves', async () => {
    const target = chains[1]
    if (!target) throw new Error('the stack serves two EVM chains')
    await page.getByTestId('account-network').click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    const active = page.getByTestId(`network-eip155:${chains[0]?.chainId}`)
    expect(await active.getAttribute('aria-current')).toBe('true')
    const badge = await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      return getComputedStyle(root?.querySelector('.badge.accent') as HTMLElement).backgroundColor
    })
    expect(await computedColour(page, badge)).toBe(await computedColour(page, 'hsla(230,100%,67%,1)'))
    await shot('networks-dark')
    await page.getByTestId(`network-eip155:${target.chainId}`).click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as TestWindow).wallet.chainId)).toBe(target.chainId)
    await expect
      .poll(() => page.locator('[data-testid="network-button"] .label').textContent())
      .toBe(target.name)
  })

  it('goes back one view when the wallet declines a switch, and retries', async () => {
    const back = chains[0]
    if (!back) throw new Error('no chain')
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('reject'))
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-eip155:${back.chainId}`).click()
    const retry = page.getByTestId('switch-network-retry')
    await retry.waitFor()
    expect(await page.getByTestId('modal-title').textContent()).toBe('Choose Network')
    expect(await page.evaluate(() => (window as unknown as TestWindow).wallet.chainId)).not.toBe(back.chainId)
    await shot('switch-declined-dark')
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('approve'))
    await retry.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as TestWindow).wallet.chainId)).toBe(back.chainId)
  })

  it('switches theme without remounting the dialog', async () => {
    await page.evaluate(() => {
      const card = document
        .querySelector('latchkey-modal')
        ?.shadowRoot?.querySelector('[data-testid="modal"]')
      ;(card as unknown as { lkMark: number }).lkMark = 7
      window.kit?.setThemeMode('light')
    })
    const after = await page.evaluate(() => {
      const host = document.querySelector('latchkey-modal') as HTMLElement
      const card = host.shadowRoot?.querySelector('[data-testid="modal"]') as HTMLElement
      return {
        mark: (card as unknown as { lkMark?: number }).lkMark,
        accent: host.style.getPropertyValue('--lk-accent'),
        background: getComputedStyle(card).backgroundColor,
        theme: host.getAttribute('data-theme'),
      }
    })
    expect({ ...after, background: await computedColour(page, after.background) }).toEqual({
      mark: 7,
      accent: 'hsla(231,100%,70%,1)',
      background: await computedColour(page, '#fff'),
      theme: 'light',
    })
    await shot('account-light')
    await page.getByTestId('account-network').click()
    const badge = await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      return getComputedStyle(root?.querySelector('.badge.accent') as HTMLElement).backgroundColor
    })
    expect(await computedColour(page, badge)).toBe(await computedColour(page, 'hsla(231,100%,70%,1)'))
    await shot('networks-light')
    await page.getByTestId('modal-back').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
  })

  it('disconnects', async () => {
    await page.getByTestId('disconnect-button').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('connect-button').textContent()).toBe('Connect Wallet')
    await page.getByTestId('connect-button').click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await shot('connect-light')
    await page.keyboard.press('Escape')
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(isolated.outsideRequests).toEqual([])
    expect(isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
