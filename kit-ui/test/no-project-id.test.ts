// A page without a project id and without a relay of its own (issue 18), in Chromium with every outside host blocked
// and recorded: Connect offers no WalletConnect and says why, the project-not-configured alert is a warning shown on
// Connect only, dismissible, once per browser session, and a browser with no wallet is pointed to the wallet guide.
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { WALLET_GUIDE_URL } from '../src/index.js'
import { type KitPage, openKitPage, type Page, reportOnFailure } from './kit-page.js'
import type { ModalPageConfig } from './page/modal-page.js'

const { chains } = (inject('stack') as LocalStackInfo).evm
const RDNS = 'dev.latchkey.ui-no-project'
const CONFIG: ModalPageConfig = { chains, themeMode: 'dark' }
const ALERT_WARNING = 'Project ID Not Configured - update configuration in your project dashboard'

let kp: KitPage | undefined
reportOnFailure(() => kp)

/** What the page logged and every WebSocket it opened (to anywhere), from the page's first load on. */
function watch(page: Page) {
  const seen = { warnings: [] as string[], errors: [] as string[], sockets: [] as string[] }
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.warnings.push(message.text())
    if (message.type() === 'error') seen.errors.push(message.text())
  })
  page.on('websocket', (socket) => seen.sockets.push(socket.url()))
  return seen
}

async function openConnect(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
}

afterEach(() => {
  // Nothing left 127.0.0.1: no public relay, no Verify, no service with an empty project id.
  expect(kp?.isolated.outsideRequests).toEqual([])
  expect(kp?.isolated.pageErrors.map((error) => error.message)).toEqual([])
})

afterAll(async () => {
  await kp?.close()
})

describe('no wallet installed, no project id, no relay', () => {
  let page: Page
  let seen: ReturnType<typeof watch>

  beforeAll(async () => {
    kp = await openKitPage({
      wsEndpoint: inject('browserWsEndpoint'),
      chains,
      rdns: RDNS,
      accountIndex: 17,
      wallet: false,
    })
    page = kp.page
    seen = watch(page)
    await kp.start(CONFIG)
  })

  it('Connect offers no WalletConnect, says why, and points to the wallet guide', async () => {
    await openConnect(page)
    const noWallets = page.getByTestId('no-wallets')
    await noWallets.waitFor()
    expect(await noWallets.textContent()).toBe(
      'No wallet found in this browser.Install a browser wallet to connect. Get a wallet',
    )
    const guide = page.getByTestId('wallet-guide-link')
    expect(await guide.getAttribute('href')).toBe(WALLET_GUIDE_URL)
    expect(await guide.getAttribute('target')).toBe('_blank')
    expect(await guide.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await page.getByTestId('walletconnect-unavailable').textContent()).toBe(
      'WalletConnect (phone wallets) is unavailable: this app has no project ID.',
    )
    expect(await page.getByTestId('wallet-walletConnect').count()).toBe(0)
    expect(await page.getByTestId('all-wallets').count()).toBe(0)
    expect(seen.sockets).toEqual([])
  })

  it('the headless connect over WalletConnect is refused at once, saying why, with no socket opened', async () => {
    const outcome = await page.evaluate(async () => {
      const started = performance.now()
      try {
        await window.kit?.connect({ connectorId: 'walletConnect', namespace: 'eip155' })
        return { refused: false, code: undefined, message: '', ms: performance.now() - started }
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string }
        return { refused: true, code, message, ms: performance.now() - started }
      }
    })
    expect(outcome).toMatchObject({ refused: true, code: 'UNSUPPORTED_OPERATION' })
    expect(outcome.message).toContain('set a projectId, or services.walletConnectRelayUrl')
    // "At once": no SDK to load, no relay to wait for (a generous bound for a loaded machine).
    expect(outcome.ms).toBeLessThan(1000)
    expect(seen.sockets).toEqual([])
  })

  it('the project-not-configured alert is a warning on Connect only (logged as a warning, never an error)', async () => {
    const alert = page.getByTestId('alert')
    await alert.waitFor()
    expect(await alert.getAttribute('data-variant')).toBe('warning')
    expect(await alert.textContent()).toContain('Project ID Not Configured')
    expect(seen.warnings.filter((text) => text.includes(ALERT_WARNING))).toHaveLength(1)
    expect(seen.errors).toEqual([])

    // Another view: no alert bar (the alert is still open in core); back on Connect it shows again.
    await page.evaluate(() => window.kit?.controllers.router.push('Networks'))
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    expect(await page.getByTestId('alert').count()).toBe(0)
    expect(await page.evaluate(() => window.kit?.controllers.alerts.state.get().open)).toBe(true)
    await page.getByTestId('modal-back').click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await alert.waitFor()
  })

  it('is dismissible, and once shown it does not come back in this browser session (a reload)', async () => {
    await page.getByTestId('alert-dismiss').click()
    await expect.poll(() => page.getByTestId('alert').count()).toBe(0)

    if (!kp) throw new Error('no page')
    await kp.reload()
    await kp.start(CONFIG)
    await openConnect(page)
    await page.getByTestId('no-wallets').waitFor()
    expect(await page.getByTestId('alert').count()).toBe(0)
    expect(await page.evaluate(() => window.kit?.controllers.alerts.state.get().open)).toBe(false)
    // Logged once for the session: the reload logged nothing more.
    expect(seen.warnings.filter((text) => text.includes(ALERT_WARNING))).toHaveLength(1)
    expect(seen.errors).toEqual([])
    expect(seen.sockets).toEqual([])
  })
})

describe('a wallet installed, no project id', () => {
  let page: Page

  beforeAll(async () => {
    await kp?.close()
    kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 17 })
    page = kp.page
    await kp.start(CONFIG)
  })

  it('lists the wallet, no WalletConnect, the usual guide row; the alert shows on Connect but not on Account', async () => {
    await openConnect(page)
    await page.getByTestId(`wallet-${RDNS}`).waitFor()
    expect(await page.getByTestId('no-wallets').count()).toBe(0)
    expect(await page.getByTestId('wallet-guide').textContent()).toBe('New to wallets? Get started')
    expect(await page.getByTestId('wallet-walletConnect').count()).toBe(0)
    expect(await page.getByTestId('walletconnect-unavailable').count()).toBe(1)
    await page.getByTestId('alert').waitFor()

    // Shown once this session, never dismissed: still open in core, but Account shows no alert bar.
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('account-button').waitFor()
    await page.getByTestId('account-button').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    expect(await page.evaluate(() => window.kit?.controllers.alerts.state.get().open)).toBe(true)
    expect(await page.getByTestId('alert').count()).toBe(0)
    await page.evaluate(() => window.kit?.disconnect())
  })
})
