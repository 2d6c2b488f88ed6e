// The page options, once each on /ethers in one browser context (two page loads and a reload): sign-in required
// (cannot close, declined, cancel disconnects, signed in, the session survives a reload without a new signature,
// revoked on disconnect) with Receive off (its chunk never requested); sign-in optional (skip); the theme switch
// (no remount); Receive on (its chunk requested only when opened). A fresh unfunded key: nothing is sent.
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { LAB_SIWX_STATEMENT, SIWX_STORAGE_PREFIX } from '../src/lab/page-options.js'
import {
  type Browser,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  requestsOf,
  serveLab,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-options-test'
const RDNS = 'dev.latchkey.testwallet'
const SESSIONS_KEY = `${SIWX_STORAGE_PREFIX}:siwx_sessions:`

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
let handle: LabPageHandle
let page: Page
const key = generatePrivateKey()
const address = privateKeyToAccount(key).address

/** The `personal_sign` requests the first test wallet of this page load received. */
const personalSigns = () =>
  page.evaluate(() => window.labWallets?.[0]?.log.filter((entry) => entry.method === 'personal_sign').length)

/** The sign-in sessions kept in the page's localStorage (a key per account). */
const storedSessions = () =>
  page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith(prefix))
        .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { message: string; signature: Hex }[]),
    SESSIONS_KEY,
  )

/** Lets the modal handle what was just pressed (two frames) before asserting it did nothing. */
const settle = () =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))

/** The `latchkey-modal` host's theme: its data-theme and two of its --lk-* custom properties. */
const hostTheme = () =>
  page.evaluate(() => {
    const host = document.querySelector('latchkey-modal') as HTMLElement
    return {
      theme: host.getAttribute('data-theme'),
      background: host.style.getPropertyValue('--lk-color-bg-100'),
      scheme: host.style.getPropertyValue('color-scheme'),
    }
  })

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
  handle = await openLabPage(browser, lab, {
    page: 'ethers',
    key,
    query: `${PROJECT}&siwx=required&receive=off`,
  })
  page = handle.page
  page.setDefaultTimeout(3000)
}, 60_000)

afterAll(async () => {
  await handle?.close()
  await served?.stop()
})

describe('sign-in required, Receive off (/ethers?siwx=required&receive=off)', () => {
  it('asks to sign in after connecting, and the modal cannot be closed', async () => {
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    expect(await page.getByTestId('lab-siwx').getAttribute('data-mode')).toBe('required')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('siwx-view').waitFor()
    expect(await page.getByTestId('siwx-view').getAttribute('data-required')).toBe('true')
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await page.getByTestId('modal-close').count()).toBe(0)
    await page.getByTestId('siwx-sign').focus()
    await page.keyboard.press('Escape')
    await settle()
    expect(await page.getByTestId('siwx-view').count()).toBe(1)
    expect(await personalSigns()).toBe(0)
  })

  it('shows Signature declined when the wallet declines, and the view stays', async () => {
    await page.getByTestId('lab-policy-reject').check()
    await page.getByTestId('siwx-sign').click()
    const snackbar = page.locator('latchkey-modal').getByTestId('snackbar')
    await expect.poll(() => snackbar.textContent()).toContain('Signature declined')
    expect(await personalSigns()).toBe(1)
    expect(await page.getByTestId('siwx-view').count()).toBe(1)
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    expect(await storedSessions()).toEqual([])
  })

  it('cancel disconnects and leaves the modal on Connect', async () => {
    await page.getByTestId('lab-policy-approve').check()
    await page.getByTestId('siwx-cancel').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await expect.poll(() => textOf(page, 'modal-title')).toBe('Connect Wallet')
    await page.getByTestId(`wallet-${RDNS}`).waitFor()
  })

  it('signs in: the session is stored, its signature verifies, Account has no Receive', async () => {
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('siwx-sign').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-siwx')).toBe('signed-in')
    const sessions = await storedSessions()
    expect(sessions).toHaveLength(1)
    const [session] = sessions
    expect(session?.message).toContain(LAB_SIWX_STATEMENT)
    expect(session?.message).toContain(address)
    expect(
      await verifyMessage({
        address,
        message: session?.message ?? '',
        signature: session?.signature ?? '0x',
      }),
    ).toBe(true)
    // Receive is off on this page: Account offers no Receive.
    await page.getByTestId('account-button').click()
    await page.getByTestId('disconnect-button').waitFor()
    expect(await page.getByTestId('account-receive').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('keeps the session across a reload without a new personal_sign; disconnect revokes it', async () => {
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    await expect.poll(() => textOf(page, 'lab-siwx')).toBe('signed-in')
    // The modal opens on Account, not on the sign-in view.
    await page.getByTestId('account-button').click()
    await page.getByTestId('disconnect-button').waitFor()
    expect(await page.getByTestId('siwx-view').count()).toBe(0)
    expect(await personalSigns()).toBe(0)
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    // signOutOnDisconnect: the disconnect forgets the account's session.
    await page.getByTestId('lab-disconnect').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await expect.poll(storedSessions).toEqual([])
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    expectClean(handle, served.featureChunks)
  })
})

describe('sign-in optional, the theme switch, Receive on (/ethers?siwx=optional)', () => {
  it('skip closes the modal and stays connected, signed out', async () => {
    handle.requests.length = 0
    await page.goto(`${lab.url}/ethers${PROJECT}&siwx=optional`)
    expect(await page.getByTestId('lab-siwx').getAttribute('data-mode')).toBe('optional')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('siwx-view').waitFor()
    expect(await page.getByTestId('siwx-view').getAttribute('data-required')).toBe('false')
    await page.getByTestId('siwx-cancel').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    expect(await personalSigns()).toBe(0)
  })

  it('switches the theme of the open modal in place (same nodes, new --lk-* values)', async () => {
    await page.getByTestId('account-button').click()
    await page.getByTestId('disconnect-button').waitFor()
    expect(await hostTheme()).toEqual({ theme: 'dark', background: expect.any(String), scheme: 'dark' })
    const dark = await hostTheme()
    expect(dark.background).not.toBe('')
    await page.evaluate(() => {
      const host = document.querySelector('latchkey-modal')
      Object.assign(window, {
        labThemeNodes: [host, host?.shadowRoot?.querySelector('[data-testid="modal"]')],
      })
    })
    // The lab's switch sits under the modal's overlay (so it never covers the modal on a phone): its click is
    // dispatched to it. What is under test is the open modal re-theming in place.
    await page.getByTestId('lab-theme').dispatchEvent('click')
    await expect.poll(() => page.getByTestId('lab-theme').getAttribute('data-theme')).toBe('light')
    await expect.poll(async () => (await hostTheme()).theme).toBe('light')
    const light = await hostTheme()
    expect(light.scheme).toBe('light')
    expect(light.background).not.toBe(dark.background)
    const sameNodes = await page.evaluate(() => {
      const [host, dialog] = (window as unknown as { labThemeNodes: (Element | null | undefined)[] })
        .labThemeNodes
      const now = document.querySelector('latchkey-modal')
      return (
        dialog !== null &&
        dialog !== undefined &&
        now === host &&
        now?.shadowRoot?.querySelector('[data-testid="modal"]') === dialog
      )
    })
    expect(sameNodes).toBe(true)
    expect(await page.getByTestId('disconnect-button').count()).toBe(1)
  })

  it('requests the Receive chunk only once Receive opens from Account', async () => {
    const chunks = served.featureChunks.receive
    expect(chunks.length).toBeGreaterThan(0)
    // Account is open and the modal's views are loaded: the Receive chunk is not.
    expect(await page.getByTestId('account-receive').count()).toBe(1)
    expect(requestsOf(handle, chunks)).toBe(0)
    await page.getByTestId('account-receive').click()
    await page.getByTestId('receive-address').waitFor()
    expect(await textOf(page, 'receive-address')).toBe(address)
    expect(requestsOf(handle, chunks)).toBeGreaterThan(0)
    expectClean(handle, served.featureChunks, ['receive'])
  })
})
