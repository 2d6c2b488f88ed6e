// The paths tried once, on /ethers: declined connect and retry, a declined switch, held requests, several
// wallets, the wallet moving itself to an unknown chain, no projectId, a phone, keyboard only. Fresh keys only
// (nothing here needs funds: no transaction is sent).
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import {
  type Browser,
  connectThroughModal,
  expectClean as expectCleanPage,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-scenarios-test'
const RDNS = 'dev.latchkey.testwallet'

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
const opened: LabPageHandle[] = []

async function open(
  input: Omit<Parameters<typeof openLabPage>[2], 'key'> & { key?: Hex },
): Promise<LabPageHandle> {
  const isolated = await openLabPage(browser, lab, { key: generatePrivateKey(), ...input })
  opened.push(isolated)
  return isolated
}

/** No outside request, no page error, no feature chunk (no test here opens Receive). */
function expectClean(isolated: LabPageHandle): void {
  expectCleanPage(isolated, served.featureChunks)
}

/** The data-testid of the focused element, looking through shadow roots. */
function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.getAttribute('data-testid') ?? null
  })
}

/** Presses Tab until the element with `testId` has focus (at most `limit` times). */
async function tabTo(page: Page, testId: string, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if ((await focusedTestId(page)) === testId) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${testId}`)
}

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
}, 60_000)

afterAll(async () => {
  for (const isolated of opened) await isolated.close()
  await served?.stop()
})

describe('the settings panel and the reject paths (/ethers)', () => {
  let isolated: LabPageHandle
  let page: Page

  beforeAll(async () => {
    isolated = await open({ page: 'ethers', query: PROJECT })
    page = isolated.page
    page.setDefaultTimeout(3000)
  })

  it('shows a declined connection, then connects on retry', async () => {
    await page.getByTestId('lab-policy-reject').check()
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await expect.poll(() => page.getByTestId('connecting-state').getAttribute('data-state')).toBe('rejected')
    await page.getByTestId('lab-policy-approve').check()
    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
  })

  it('goes back one view when the wallet declines a switch; the network is unchanged', async () => {
    await page.getByTestId('lab-policy-reject').check()
    await page.getByTestId('network-button').click()
    await page.getByTestId('network-eip155:31338').click()
    await page.getByTestId('switch-network-retry').waitFor()
    expect(await textOf(page, 'modal-title')).toBe('Choose Network')
    expect(await textOf(page, 'lab-chain')).toBe('31337')
    expect(await page.evaluate(() => window.labWallets?.[0]?.chainId)).toBe(31337)
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('lab-policy-approve').check()
  })

  it('holds a request until it is approved in the panel', async () => {
    await page.getByTestId('lab-policy-hold').check()
    await page.getByTestId('lab-sign').click()
    await page.getByTestId('lab-pending-0').waitFor()
    expect(await textOf(page, 'lab-pending-0')).toContain('personal_sign')
    await page.getByTestId('lab-approve-0').click()
    await page.locator('[data-testid="lab-result"][data-action="sign"]').waitFor()
    const address = (await textOf(page, 'lab-address')) as Hex
    const signature = (await textOf(page, 'lab-result')) as Hex
    expect(await verifyMessage({ address, message: LAB_SIGN_MESSAGE, signature })).toBe(true)
    // A held request rejected in the panel reaches the page as the wallet's 4001.
    await page.getByTestId('lab-sign').click()
    await page.getByTestId('lab-reject-0').click()
    await expect.poll(() => textOf(page, 'lab-error')).toContain('4001')
    await page.getByTestId('lab-policy-approve').check()
  })

  it('shows UnsupportedChain when the wallet moves itself to an unknown chain, and recovers', async () => {
    await page.getByTestId('lab-wallet-switch-unknown').click()
    await page.getByTestId('unsupported-chain').waitFor()
    await page.getByTestId('lab-wallet-switch-other').click() // the panel sits above the modal's overlay
    await expect.poll(() => page.evaluate(() => window.labWallets?.[0]?.chainId)).toBe(31337)
    expectClean(isolated)
  })

  it('announces as many wallets as chosen (after a reload)', async () => {
    await page.reload()
    await page.getByTestId('lab-wallets-3').check()
    await page.waitForLoadState('load')
    await expect.poll(() => page.evaluate(() => window.labWallets?.length)).toBe(3)
    await page.getByTestId('lab-disconnect').click()
    await page.getByTestId('connect-button').click()
    for (const rdns of [RDNS, `${RDNS}.2`, `${RDNS}.3`]) await page.getByTestId(`wallet-${rdns}`).waitFor()
    expectClean(isolated)
  })
})

describe('once each', () => {
  it('runs without a projectId: connects with the injected wallet and never calls the services', async () => {
    const requests: string[] = []
    const isolated = await open({ page: 'vanilla', query: '?projectId=none' })
    isolated.page.on('request', (request) => requests.push(request.url()))
    await isolated.page.reload()
    await connectThroughModal(isolated.page)
    await expect.poll(() => textOf(isolated.page, 'lab-status')).toBe('connected')
    expect(requests.filter((url) => url.startsWith(stack().services.url))).toEqual([])
    expectClean(isolated)
  })

  it('works on a phone: mobile viewport and user agent, nothing overflows', async () => {
    const isolated = await open({
      page: 'wagmi',
      query: PROJECT,
      context: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
    })
    const { page } = isolated
    await page.getByTestId('connect-button').tap()
    await page.getByTestId(`wallet-${RDNS}`).tap()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    expectClean(isolated)
  })

  it('connects with the keyboard only', async () => {
    const key = generatePrivateKey()
    const isolated = await open({ page: 'ethers5', query: PROJECT, key })
    const { page } = isolated
    await expect.poll(() => textOf(page, 'connect-button')).toBe('Connect Wallet')
    await tabTo(page, 'connect-button')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await tabTo(page, `wallet-${RDNS}`)
    await page.keyboard.press('Enter')
    await expect.poll(() => textOf(page, 'lab-address')).toBe(privateKeyToAccount(key).address)
    expectClean(isolated)
  })
})
