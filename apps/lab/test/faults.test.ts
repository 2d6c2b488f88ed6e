// Faults a visitor must get through, in Chromium against the lab (issue 20). A wallet that never answers a connection
// request (/ethers and /solana): the attempt fails after SPEC §9's 30 s (Chromium's clock moved on, not waited for)
// with Try again, and the wallet's late answer changes nothing. A wallet that never answers the sign-in message (EVM
// and Solana): Cancel at any moment, and the signature that comes later stores nothing. Two tabs of one browser
// context: a sign-in in one closes the other's SIWXSignMessage, a disconnect in one disconnects the other, no reload.
// Fresh keys only: nothing here sends a transaction.
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabPage, RunningLab } from '../src/index.js'
import { SIWX_STORAGE_PREFIX } from '../src/lab/page-options.js'
import {
  type Browser,
  expectClean as expectCleanPage,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  textOf,
} from './support.js'

const PROJECT = 'projectId=lab-faults-test'
/** SPEC §9: how long a connection request may wait for the wallet. */
const CONNECT_TIMEOUT_MS = 30_000
const WALLETS = { ethers: 'wallet-dev.latchkey.testwallet', solana: 'wallet-Latchkey Solana Test' } as const

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
const opened: LabPageHandle[] = []

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
}, 60_000)

afterAll(async () => {
  for (const handle of opened) await handle.close()
  await served?.stop()
})

async function open(page: LabPage, query = ''): Promise<LabPageHandle> {
  const handle = await openLabPage(browser, lab, {
    page,
    key: generatePrivateKey(),
    query: `?${PROJECT}${query}`,
  })
  handle.page.setDefaultTimeout(5000)
  opened.push(handle)
  return handle
}

/** The requests the test wallet of the page received, as `method:outcome` (approved, rejected, pending …). */
const walletLog = (page: Page, kind: keyof typeof WALLETS) =>
  page.evaluate((which) => {
    if (which === 'ethers')
      return window.labWallets?.[0]?.log.map((entry) => `${entry.method}:${entry.outcome}`) ?? []
    return window.labChainWallets?.solana?.log.map((entry) => `${entry.method}:${entry.status}`) ?? []
  }, kind)

/** The sign-in sessions kept in the page's localStorage (a key per account). */
const storedSessions = (page: Page) =>
  page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith(prefix))
        .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[]),
    `${SIWX_STORAGE_PREFIX}:siwx_sessions:`,
  )

const connectingState = (page: Page) => page.getByTestId('connecting-state').getAttribute('data-state')

describe.each(['ethers', 'solana'] as const)('a wallet that never answers (/%s)', (kind) => {
  it('a connection request fails after 30 s with Try again; the late answer changes nothing; the retry connects', async () => {
    const handle = await open(kind)
    const { page } = handle
    // Chromium's clock, installed before the page's scripts run, so the kit's timer is one the test can move on.
    await page.clock.install()
    await page.reload()
    await page.getByTestId('lab-policy-hold').check()
    await page.getByTestId('connect-button').click()
    await page.getByTestId(WALLETS[kind]).click()
    await page.getByTestId('lab-pending-0').waitFor()
    expect(await connectingState(page)).toBe('waiting')
    await page.clock.fastForward(CONNECT_TIMEOUT_MS - 1000)
    expect(await connectingState(page)).toBe('waiting')
    await page.clock.fastForward(1000)
    await expect.poll(() => connectingState(page)).toBe('error')
    await page.getByTestId('connecting-retry').waitFor()
    // The wallet answers at last: the kit stays as the visitor was told.
    await page.getByTestId('lab-approve-0').click()
    await expect
      .poll(async () => (await walletLog(page, kind)).some((e) => e.endsWith(':approved')))
      .toBe(true)
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)))
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    expect(await connectingState(page)).toBe('error')
    // Try again connects (the wallet approves by itself now).
    await page.getByTestId('lab-policy-approve').check()
    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expectCleanPage(handle, served.featureChunks)
  })

  it('Cancel works while the wallet holds the sign-in message; the signature that comes later stores nothing', async () => {
    const handle = await open(kind, '&siwx=required')
    const { page } = handle
    await page.getByTestId('connect-button').click()
    await page.getByTestId(WALLETS[kind]).click()
    await page.getByTestId('siwx-view').waitFor()
    await page.getByTestId('lab-policy-hold').check()
    await page.getByTestId('siwx-sign').click()
    await page.getByTestId('lab-pending-0').waitFor()
    expect(await textOf(page, 'lab-pending-0')).toMatch(/sign/i)
    // The sign button waits; Cancel does not.
    expect(await page.getByTestId('siwx-sign').isDisabled()).toBe(true)
    await page.getByTestId('siwx-cancel').click()
    // Sign-in is required: Cancel disconnects, and the modal is back at Connect.
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await page.getByTestId(WALLETS[kind]).waitFor()
    expect(await page.getByTestId('siwx-view').count()).toBe(0)
    await page.getByTestId('lab-approve-0').click()
    // The wallet answers (the Solana wallet, disconnected meanwhile, answers with a failure).
    await expect
      .poll(async () =>
        (await walletLog(page, kind)).filter((e) => /sign/i.test(e) && !e.endsWith(':pending')),
      )
      .toHaveLength(1)
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)))
    expect(await storedSessions(page)).toEqual([])
    // Nothing is said about it either: the visitor cancelled (no 'Invalid sign-in session', no 'Signature declined').
    expect(await page.getByTestId('snackbar').count()).toBe(0)
    expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    expect(await page.getByTestId('siwx-view').count()).toBe(0)
    await page.getByTestId('lab-policy-approve').check()
    expectCleanPage(handle, served.featureChunks)
  })
})

describe('two tabs of one browser context (/ethers?siwx=required)', () => {
  it('a sign-in in one tab closes the other’s SIWXSignMessage; a disconnect in one disconnects the other', async () => {
    const first = await open('ethers', '&siwx=required')
    const a = first.page
    await a.getByTestId('connect-button').click()
    await a.getByTestId(WALLETS.ethers).click()
    await a.getByTestId('siwx-view').waitFor()
    // The second tab: same origin, same storage, the same wallet (its key is in localStorage); it restores the
    // connection and asks for the sign-in too.
    const b = await first.context.newPage()
    b.setDefaultTimeout(5000)
    const errorsB: string[] = []
    b.on('pageerror', (error) => errorsB.push(error.message))
    await b.goto(a.url())
    await expect.poll(() => textOf(b, 'lab-status')).toBe('connected')
    await b.getByTestId('siwx-view').waitFor()
    expect(await textOf(b, 'lab-address')).toBe(await textOf(a, 'lab-address'))

    await a.getByTestId('siwx-sign').click()
    await a.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(a, 'lab-siwx')).toBe('signed-in')
    // B was not reloaded: the storage event closed its prompt.
    await b.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(b, 'lab-siwx')).toBe('signed-in')
    expect(await storedSessions(b)).toHaveLength(1)

    await a.getByTestId('lab-disconnect').click()
    await expect.poll(() => textOf(a, 'lab-status')).toBe('disconnected')
    await expect.poll(() => textOf(b, 'lab-status')).toBe('disconnected')
    await expect.poll(() => textOf(b, 'lab-siwx')).toBe('signed-out')
    expect(await b.getByTestId('connect-button').isVisible()).toBe(true)
    expect(await storedSessions(b)).toEqual([])
    // A reload of B keeps it disconnected.
    await b.reload()
    await expect.poll(() => textOf(b, 'lab-status')).toBe('disconnected')
    expect(errorsB).toEqual([])
    expectCleanPage(first, served.featureChunks)
  })
})
