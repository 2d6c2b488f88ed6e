// Email login on the lab's pages, end to end in Chromium against the local stack's secure frame, auth service and mail
// sink (issue 27): an email, the code from the sink, and an account on eip155 and solana; the reload that restores it;
// sign out; a second browser that approves itself from the email and gets the same addresses; a wrong code and the
// cooldown; the email update's two codes; the theme reaching the frame; every step reported through subscribeEvents.
import { messagesTo, waitForCode, waitForMail } from '@latchkey/mail-sink/client'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabPage } from '../src/index.js'
import {
  type Browser,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const PROJECT = 'lab-email-login'
const run = Date.now().toString(36)
/** A fresh address per scenario: the auth service keeps its users for the whole run. */
const emailFor = (name: string) => `${name}-${run}@lab.example`

let served: Awaited<ReturnType<typeof serveLab>>
let browser: Browser
const handles: LabPageHandle[] = []

async function setOrigins(projectId: string, allowedOrigins: string[]): Promise<void> {
  const response = await fetch(`${stack().services.url}/__control/project?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ allowedOrigins }),
  })
  expect(response.status).toBe(200)
}

async function open(page: LabPage, options: { project?: string } = {}) {
  const handle = await openLabPage(browser, served.lab, {
    page,
    key: generatePrivateKey(),
    query: `?projectId=${options.project ?? PROJECT}`,
  })
  handles.push(handle)
  return handle
}

/** The modal's email field: the address typed and sent; resolves once the code view shows. */
async function submitEmail(page: Page, email: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
}

/** Types the code into the code view; the view submits by itself on the sixth digit. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('otp-input').fill(code)
}

/** Logs `email` in on `page` with the newest code the sink has for it (after `count` messages). */
async function logIn(page: Page, email: string, count = 1): Promise<void> {
  await submitEmail(page, email)
  await page.getByTestId('otp-input').waitFor()
  await enterCode(page, await waitForCode(stack().mail.url, email, { count }))
  await page.getByTestId('modal').waitFor({ state: 'detached' })
  await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
}

/** The embedded events the page listed, as `REQUEST phase`. */
async function events(page: Page): Promise<string[]> {
  return page
    .getByTestId('lab-embedded-events')
    .locator('li')
    .evaluateAll((items) => items.map((li) => `${li.dataset.request} ${li.dataset.phase}`))
}

/** The secure frame's element on the page (hidden until an approval), if any. */
const frameElements = (page: Page) => page.locator(`iframe[src^="${stack().frame.url}"]`).count()

beforeAll(async () => {
  served = await serveLab()
  browser = served.browser
  await setOrigins(PROJECT, [served.lab.url])
}, 120_000)

afterAll(async () => {
  for (const handle of handles) expectClean(handle, served.featureChunks)
  await Promise.all(handles.map((handle) => handle.context.close().catch(() => undefined)))
  await served?.stop()
})

describe('email login on /wagmi', () => {
  const email = emailFor('wagmi')
  let handle: LabPageHandle
  let loggedInAt = 0

  it('an email, the code from the mail sink: connected on eip155, each step reported', async () => {
    handle = await open('wagmi')
    const { page } = handle
    expect(await frameElements(page)).toBe(0)
    await logIn(page, email)
    loggedInAt = Date.now()
    expect(await textOf(page, 'lab-address')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await textOf(page, 'lab-wagmi-status')).toMatch(/^connected · chain \d+$/)
    const seen = await events(page)
    for (const step of ['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER', 'SYNC_THEME', 'SYNC_DAPP_DATA'])
      expect(seen, step).toEqual(expect.arrayContaining([`${step} request`, `${step} success`]))
    // The frame is on the page, hidden: the visitor never sees it outside an approval.
    expect(await frameElements(page)).toBe(1)
    expect(await page.locator('iframe').first().isVisible()).toBe(false)
  })

  it('a reload restores the account without a code', async () => {
    const { page } = handle
    const address = await textOf(page, 'lab-address')
    const mails = (await waitForMail(stack().mail.url, email)).id
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(address)
    expect((await waitForMail(stack().mail.url, email)).id).toBe(mails)
    expect(await events(page)).toEqual(expect.arrayContaining(['GET_USER success']))
  })

  it('a theme change reaches the frame', async () => {
    const { page } = handle
    const before = (await events(page)).filter((event) => event === 'SYNC_THEME success').length
    await page.getByTestId('lab-theme').click()
    await expect
      .poll(async () => (await events(page)).filter((event) => event === 'SYNC_THEME success').length)
      .toBe(before + 1)
  })

  it('the email update: a code to the current address, one to the new, the new email shown', async () => {
    const { page } = handle
    const next = emailFor('wagmi-new')
    // The auth service sends one code per address each 30 s: the login's code went out moments ago.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, loggedInAt + 31_000 - Date.now())))
    const before = await messagesTo(stack().mail.url, email)
    await page.getByTestId('account-button').click()
    await expect.poll(() => textOf(page, 'account-email')).toBe(email)
    await page.getByTestId('update-email').click()
    await page.getByTestId('update-email-input').fill(next)
    await page.getByTestId('update-email-submit').click()
    await enterCode(page, await waitForCode(stack().mail.url, email, { count: before.length + 1 }))
    await enterCode(page, await waitForCode(stack().mail.url, next))
    await expect.poll(() => textOf(page, 'account-email')).toBe(next)
    expect(await events(page)).toEqual(
      expect.arrayContaining([
        'UPDATE_EMAIL success',
        'UPDATE_EMAIL_PRIMARY_OTP success',
        'UPDATE_EMAIL_SECONDARY_OTP success',
      ]),
    )
  }, 60_000)

  it('sign out: disconnected, and a reload stays so', async () => {
    const { page } = handle
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('lab-disconnect').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    expect(await events(page)).toEqual(expect.arrayContaining(['SIGN_OUT request', 'SIGN_OUT success']))
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    // Email login is no longer marked used: the next visit creates no frame until the visitor needs it.
    expect(await frameElements(page)).toBe(0)
  })
})

describe('email login on /solana and /multichain', () => {
  it("/solana: connected with the account's Solana address", async () => {
    const { page } = await open('solana')
    await logIn(page, emailFor('solana'))
    expect(await textOf(page, 'lab-address')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  it('/multichain: one login connects eip155 and solana; a second browser approves itself and gets the same addresses', async () => {
    const email = emailFor('multichain')
    const first = await open('multichain')
    await logIn(first.page, email)
    await expect.poll(() => textOf(first.page, 'lab-address-solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const evm = await textOf(first.page, 'lab-address-eip155')
    const solana = await textOf(first.page, 'lab-address-solana')
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Another browser (a fresh context: no device id) must approve itself from the email first.
    const second = await open('multichain')
    // The auth service's per-address limit: 30 s after the first code.
    await new Promise((resolve) => setTimeout(resolve, 31_000))
    await submitEmail(second.page, email)
    const approval = await waitForMail(stack().mail.url, email, { count: 2 })
    const link = /https?:\/\/\S+\/v1\/device\/approve\?token=[\w-]+/.exec(approval.text)?.[0]
    if (!link) throw new Error(`no approval link in: ${approval.text}`)
    expect((await fetch(link)).status).toBeLessThan(400)
    await second.page.getByTestId('otp-input').waitFor()
    await enterCode(second.page, await waitForCode(stack().mail.url, email, { count: 3 }))
    await second.page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(second.page, 'lab-address-eip155')).toBe(evm)
    await expect.poll(() => textOf(second.page, 'lab-address-solana')).toBe(solana)
    expect(await events(second.page)).toEqual(expect.arrayContaining(['CONNECT_DEVICE success']))
  }, 90_000)
})

describe('what goes wrong', () => {
  it('a wrong code says so and keeps the view; the email again within 30 s gets the cooldown message', async () => {
    const email = emailFor('wrong')
    const { page } = await open('wagmi')
    await submitEmail(page, email)
    const code = await waitForCode(stack().mail.url, email)
    await enterCode(page, code === '000000' ? '111111' : '000000')
    await expect.poll(() => textOf(page, 'otp-error')).not.toBe('')
    expect(await page.getByTestId('otp-input').inputValue()).toBe('')
    expect(await events(page)).toEqual(expect.arrayContaining(['CONNECT_OTP error']))
    // Back to the email field and the same address again: the kit's 30 s rule answers before any request.
    await page.getByTestId('modal-back').click()
    await page.getByTestId('email-input').fill(email)
    await page.getByTestId('email-submit').click()
    await expect.poll(() => textOf(page, 'email-error')).toMatch(/^Please try again after (2\d|30) seconds$/)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
  })

  it('a page origin the project does not allow: the invalid-app-configuration alert, no email field, no frame', async () => {
    const project = 'lab-email-foreign'
    await setOrigins(project, ['https://somewhere.example'])
    const { page } = await open('wagmi', { project })
    await page.getByTestId('connect-button').click()
    await expect.poll(() => page.getByTestId('alert').textContent()).toContain('Invalid App Configuration')
    expect(await page.getByTestId('email-input').count()).toBe(0)
    expect(await frameElements(page)).toBe(0)
  })
})
