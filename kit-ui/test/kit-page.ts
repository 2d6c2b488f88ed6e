import { connectBrowser, type IsolatedPage, newIsolatedPage } from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import { afterEach } from 'vitest'
import type { ModalPageConfig } from './page/modal-page.js'
import { serveModalPage } from './support.js'

export type Page = IsolatedPage['page']
/** Where a page leaves its test wallet's grant for the next page load (a test-only key). */
const WALLET_GRANT_KEY = 'latchkey-test-wallet-granted'
export type TestWindow = Window & {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  wallet: TestWallet
}

/** One Chromium page with the EVM test wallet announced (its own account) and the modal test page loaded. */
export interface KitPage {
  page: Page
  isolated: IsolatedPage
  chunks: string[]
  /** The path of the Receive panel's chunk. */
  receiveChunk: string
  /** The paths of the Account view's Tokens and Activity panels' chunks. */
  tokensChunk: string
  activityChunk: string
  /** The path of the Send views' chunk. */
  sendChunk: string
  /** The paths of every request the page made, in order. */
  requests: string[]
  /** Starts the kit with `config` (again after a reload). */
  start(config: ModalPageConfig): Promise<void>
  /** Reloads the page; the new page's test wallet is still connected to the site if this one was. */
  reload(): Promise<void>
  close(): Promise<void>
}

/** Announces the EVM test wallet (its own account) on every load of `page`, granting the site as a reload left it. */
async function injectWallet(
  page: Page,
  input: { chains: ModalPageConfig['chains']; rdns: string; accountIndex: number },
): Promise<void> {
  await page.addInitScript({ path: injectScriptPath() })
  await page.addInitScript(
    ({ chains, rdns, index, GRANT_KEY }) => {
      const w = window as unknown as TestWindow
      w.wallet = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey Test Wallet',
        rdns,
        accountIndices: [index],
        // A real wallet remembers the site it granted: `reload()` below carries the grant over.
        connected: sessionStorage.getItem(GRANT_KEY) === '1',
        chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name })),
      })
      w.wallet.announce()
    },
    { chains: input.chains, rdns: input.rdns, index: input.accountIndex, GRANT_KEY: WALLET_GRANT_KEY },
  )
}

/**
 * Opens the modal test page in its own browser context; `rdns` and `accountIndex` keep test files apart. With
 * `wallet: false` no test wallet is injected (a browser with no wallet installed).
 */
export async function openKitPage(input: {
  wsEndpoint: string
  chains: ModalPageConfig['chains']
  rdns: string
  accountIndex: number
  wallet?: boolean
}): Promise<KitPage> {
  const served = await serveModalPage()
  const browser = await connectBrowser(input.wsEndpoint)
  const isolated = await newIsolatedPage(browser, {
    viewport: { width: 900, height: 720 },
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  const page = isolated.page
  // A step that waits names itself when it gives up, before the test's own 30 s timeout does without a name.
  page.setDefaultTimeout(20_000)
  if (input.wallet !== false) await injectWallet(page, input)
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  await page.goto(`${served.site.url}/`)
  return {
    page,
    isolated,
    chunks: served.chunks,
    receiveChunk: served.receiveChunk,
    tokensChunk: served.tokensChunk,
    activityChunk: served.activityChunk,
    sendChunk: served.sendChunk,
    requests,
    async start(config) {
      await page.waitForFunction(() => typeof window.startKit === 'function')
      await page.evaluate((c: ModalPageConfig) => window.startKit(c), config)
    },
    async reload() {
      await page.evaluate(
        (key) => sessionStorage.setItem(key, (window as unknown as TestWindow).wallet?.connected ? '1' : '0'),
        WALLET_GRANT_KEY,
      )
      await page.reload()
    },
    async close() {
      await isolated.close()
      await browser.close()
      await served.site.close()
    },
  }
}

/** The data-testids of the modal's elements matching `selector`, in order. */
export function testIdsIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((s) => {
    const root = document.querySelector('latchkey-modal')?.shadowRoot
    return [...(root?.querySelectorAll(s) ?? [])].map((el) => el.getAttribute('data-testid') ?? '')
  }, selector)
}

/**
 * Prints what the file's page was doing after a failed test (requests in flight, console, page errors, the modal's
 * state): a step that waited until the test's timeout otherwise says nothing about what it waited for. Call once at
 * the top of a test file.
 */
export function reportOnFailure(current: () => KitPage | undefined): void {
  afterEach(async ({ task }) => {
    const kp = current()
    if (task.result?.state !== 'fail' || !kp || kp.page.isClosed()) return
    const modal = await Promise.race([
      kp.page
        .evaluate(() => {
          const kit = (window as { kit?: { controllers: { modal: { state: { get(): unknown } } } } }).kit
          const card = document
            .querySelector('latchkey-modal')
            ?.shadowRoot?.querySelector('[data-testid="modal"]')
          return JSON.stringify({
            modal: kit?.controllers.modal.state.get(),
            view: card?.getAttribute('data-view'),
          })
        })
        .catch((error: unknown) => `evaluate failed: ${String(error)}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('page did not answer within 5 s'), 5_000)),
    ])
    console.error(`[${task.name}] failed; the page:\n${kp.isolated.diagnose()}\nmodal: ${modal}`)
  })
}
