import { join } from 'node:path'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type KitPage, openKitPage, type Page, reportOnFailure, type TestWindow } from './kit-page.js'
import type { ModalPageConfig } from './page/modal-page.js'

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
const RDNS = 'dev.latchkey.ui-siwx'
const { chains } = (inject('stack') as LocalStackInfo).evm

let kp: KitPage
reportOnFailure(() => kp)
let page: Page

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(250) // the picture only; nothing is asserted on time
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

const signaturesWith = (outcome: 'approved' | 'rejected') =>
  page.evaluate(
    (wanted) =>
      (window as unknown as TestWindow).wallet.log.filter(
        (entry) => entry.method === 'personal_sign' && entry.outcome === wanted,
      ).length,
    outcome,
  )
const approvedSignatures = () => signaturesWith('approved')

async function restart(config: Partial<ModalPageConfig>): Promise<void> {
  await kp.reload()
  await kp.start({ chains, themeMode: 'dark', ...config })
}

/** What a press on the middle of each SIWX button hits while the snackbar shows (the button itself, or not). */
function buttonsUnderSnackbarReachable(): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('latchkey-modal')?.shadowRoot as ShadowRoot
    return ['siwx-cancel', 'siwx-sign'].flatMap((id) => {
      const button = root.querySelector(`[data-testid="${id}"]`) as HTMLElement
      const box = button.getBoundingClientRect()
      const hit = root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return hit && button.contains(hit) ? [id] : []
    })
  })
}

/** Connects from the page's button, or from the modal when it is already open (at Connect). */
async function connect(): Promise<void> {
  if ((await page.getByTestId('modal').count()) === 0) await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${RDNS}`).click()
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor()
}

beforeAll(async () => {
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 19 })
  page = kp.page
  await kp.start({ chains, themeMode: 'dark', siwx: 'required' })
})

afterAll(async () => {
  await kp?.close()
})

describe('SIWXSignMessage in Chromium', () => {
  it('opens on connect when sign-in is required: the app and its intent, no way to close', async () => {
    await connect()
    expect(await page.getByTestId('siwx-heading').textContent()).toBe(
      'Latchkey modal test needs to connect to your wallet',
    )
    expect(await page.getByTestId('siwx-intent').textContent()).toContain('Canceling will disconnect you')
    expect(await page.getByTestId('modal-close').count()).toBe(0)
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(1)
    await shot('siwx-dark')
  })

  it('shows "Signature declined" when the wallet declines, and stays on the view', async () => {
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('reject'))
    await page.getByTestId('siwx-sign').click()
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Signature declined')
    expect(await page.getByTestId('modal').getAttribute('data-view')).toBe('SIWXSignMessage')
    expect(await approvedSignatures()).toBe(0)
    // The snackbar floats over the buttons: a press there still reaches Sign (and Cancel), not the snackbar.
    expect(await buttonsUnderSnackbarReachable()).toEqual(['siwx-cancel', 'siwx-sign'])
  })

  it('cancel disconnects in required mode', async () => {
    await page.getByTestId('siwx-cancel').click()
    // Disconnected, the modal stays open at Connect (SPEC §2: cancel disconnects; nothing says it closes), now closable.
    await expect.poll(() => page.evaluate(() => window.kit?.getAccount().isConnected)).toBe(false)
    expect(await page.getByTestId('modal').getAttribute('data-view')).toBe('Connect')
    await page.getByTestId('modal-close').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    expect(await page.getByTestId('connect-button').count()).toBe(1)
  })

  it('sign in, then reload keeps the session with no new signature', async () => {
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('approve'))
    await connect()
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('reject'))
    const rejectedBefore = await signaturesWith('rejected')
    await page.getByTestId('siwx-sign').click()
    // The wallet's answer first: the previous test's 'Signature declined' may still be on screen.
    await expect.poll(() => signaturesWith('rejected')).toBe(rejectedBefore + 1)
    await expect.poll(() => page.getByTestId('snackbar').textContent()).toContain('Signature declined')
    await expect.poll(() => page.getByTestId('siwx-sign').isEnabled()).toBe(true)
    await page.evaluate(() => (window as unknown as TestWindow).wallet.setPolicy('approve'))
    await page.getByTestId('siwx-sign').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    expect(await approvedSignatures()).toBe(1)
    await restart({ siwx: 'required' })
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
    expect(await page.evaluate(() => window.kit?.controllers.modal.state.get().open)).toBe(false)
    expect(await page.evaluate(() => window.kit?.controllers.siwx.hasSession())).toBe(true)
    // The reloaded page's wallet was asked for no signature.
    const signatures = await page.evaluate(
      () => (window as unknown as TestWindow).wallet.log.filter((e) => e.method === 'personal_sign').length,
    )
    expect(signatures).toBe(0)
  })

  it('optional sign-in can be closed, and cancel closes and stays connected (light)', async () => {
    // A fresh start: the wallet forgets the site and the signed-in session goes (sessions outlive a disconnect).
    await page.evaluate(() => {
      ;(window as unknown as TestWindow).wallet.disconnect()
      localStorage.clear()
    })
    await restart({ siwx: 'optional', themeMode: 'light' })
    await connect()
    expect(await page.getByTestId('modal-close').count()).toBe(1)
    expect(await page.getByTestId('siwx-cancel').textContent()).toBe('Skip')
    await shot('siwx-light')
    await page.getByTestId('siwx-cancel').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
