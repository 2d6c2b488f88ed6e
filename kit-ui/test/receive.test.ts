import { join } from 'node:path'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { encodeQr } from '../src/qr/encode.js'
import { qrPath } from '../src/qr/svg.js'
import { type KitPage, openKitPage, type Page, reportOnFailure } from './kit-page.js'
import type { ModalPageConfig } from './page/modal-page.js'

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
const RDNS = 'dev.latchkey.ui-receive'
const { chains } = (inject('stack') as LocalStackInfo).evm

let kp: KitPage
reportOnFailure(() => kp)
let page: Page

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(250) // the picture only; nothing is asserted on time
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

const receiveRequests = () => kp.requests.filter((path) => path === kp.receiveChunk).length

async function restart(config: Partial<ModalPageConfig>): Promise<void> {
  kp.requests.length = 0
  await kp.reload()
  await kp.start({ chains, themeMode: 'dark', ...config })
}

beforeAll(async () => {
  // Its own rdns; account 17 is the modal test's read-only account (this file never sends either).
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 17 })
  page = kp.page
  await kp.start({ chains, themeMode: 'dark' })
})

afterAll(async () => {
  await kp?.close()
})

describe('Receive panel in Chromium', () => {
  it('[§2.20] is a chunk requested only when Receive opens from Account (on by default)', async () => {
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-receive').waitFor()
    // The modal's views are loaded, Account is shown: the Receive chunk still is not.
    expect(receiveRequests()).toBe(0)
    await page.getByTestId('account-receive').click()
    await page.getByTestId('receive-address').waitFor()
    expect(receiveRequests()).toBe(1)
    expect(await page.getByTestId('modal-title').textContent()).toBe('Receive')
  })

  it('shows the full address, its QR code, copy, and the networks of the active namespace', async () => {
    const address = (await page.evaluate(() => window.kit?.getAccount().address)) as string
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.getByTestId('receive-address').textContent()).toBe(address)
    // The SVG draws exactly the encoder's symbol of the address (the encoder is pinned by src/qr/qr.test.ts).
    const drawn = await page.evaluate(() => {
      const svg = document
        .querySelector('latchkey-modal')
        ?.shadowRoot?.querySelector('[data-testid="receive-qr"]')
      return { d: svg?.querySelector('path')?.getAttribute('d'), viewBox: svg?.getAttribute('viewBox') }
    })
    expect(drawn).toEqual(qrPath(encodeQr(address)))
    const networkIds = await page.evaluate(() =>
      [
        ...(document.querySelector('latchkey-modal')?.shadowRoot?.querySelectorAll('.receive-network') ?? []),
      ].map((el) => el.getAttribute('data-testid')),
    )
    expect(networkIds).toEqual(chains.map((c) => `receive-network-eip155:${c.chainId}`))
    // The QR is 220 px and the modal does not scroll sideways.
    const layout = await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      const body = root?.querySelector('.body') as HTMLElement
      const qr = root?.querySelector('[data-testid="receive-qr"]') as SVGElement
      return { overflow: body.scrollWidth - body.clientWidth, qr: qr.getBoundingClientRect().width }
    })
    expect(layout).toEqual({ overflow: 0, qr: 220 })
    await shot('receive-dark')
    await page.evaluate(() => window.kit?.setThemeMode('light'))
    await shot('receive-light')
    await page.evaluate(() => window.kit?.setThemeMode('dark'))
    await page.getByTestId('copy-address').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Address copied')
    await page.getByTestId('modal-back').click()
    expect(await page.getByTestId('modal').getAttribute('data-view')).toBe('Account')
  })

  it('[§2.20] with the receive feature off, Account offers no Receive and the chunk is never requested', async () => {
    await restart({ receive: false })
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
    await page.getByTestId('account-button').click()
    await page.getByTestId('disconnect-button').waitFor()
    expect(await page.getByTestId('account-receive').count()).toBe(0)
    // Even asked for directly, the panel stays unloaded.
    await page.evaluate(() => window.kit?.open({ view: 'Receive' }))
    await page.waitForTimeout(300) // give a wrong request the chance to happen; the assertion is on the log
    expect(await page.getByTestId('receive-address').count()).toBe(0)
    expect(receiveRequests()).toBe(0)
    expect(kp.requests.some((path) => path.endsWith('.js'))).toBe(true)
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
