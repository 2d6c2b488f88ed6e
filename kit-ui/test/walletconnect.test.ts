// WalletConnect in the modal, in Chromium: the QR code's URI is paired by a phone wallet (WalletKit in Node, through
// the local relay), the account shows, the kit signs over the session, a reload keeps it, the wallet ending it
// disconnects the page; a declined proposal offers a new pairing; on a phone, a listed wallet opens by its deep link.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { connectBrowser, type IsolatedPage, newIsolatedPage, type StaticServer } from '@latchkey/browser'
import type { LocalStackInfo } from '@latchkey/stack'
import { createWcWallet, type WcWallet } from '@latchkey/wc-wallet'
import { verifyMessage } from 'ethers'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { ModalPageConfig } from './page/modal-page.js'
import { serveModalPage } from './support.js'

// The SDKs' test-run switch: without it WalletKit asks the internet for a Verify attestation on every request.
process.env.IS_VITEST = 'true'

type Page = IsolatedPage['page']

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots', 'walletconnect')
// Its own account of the test mnemonic: this file only connects and signs.
const ACCOUNT_INDEX = 18
const stack = inject('stack') as LocalStackInfo
const { chains } = stack.evm

let browser: Awaited<ReturnType<typeof connectBrowser>>
let site: StaticServer
const pages: IsolatedPage[] = []
const wallets: WcWallet[] = []
/** The URL of every WebSocket the test's pages opened. */
const sockets: string[] = []

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true })
  ;({ site } = await serveModalPage())
  browser = await connectBrowser(inject('browserWsEndpoint'))
})
afterEach(async () => {
  sockets.length = 0
  const opened = pages.splice(0)
  for (const wallet of wallets.splice(0)) await wallet.close()
  for (const page of opened) await page.close()
  // Every page stayed on 127.0.0.1 (no public relay, no Verify, no listing) and threw nothing.
  expect(opened.flatMap((page) => page.outsideRequests)).toEqual([])
  expect(opened.flatMap((page) => page.pageErrors.map((error) => error.message))).toEqual([])
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function phoneWallet(): Promise<WcWallet> {
  const wallet = await createWcWallet({
    relayUrl: stack.relay.url,
    evm: {
      accountIndices: [ACCOUNT_INDEX],
      chains: chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name })),
    },
  })
  wallets.push(wallet)
  return wallet
}

/** A page with the kit (ethers adapter, WalletConnect on the local relay); `mobile` gives a phone's viewport and UA. */
async function openPage(extra: Partial<ModalPageConfig> = {}, mobile = false): Promise<Page> {
  const isolated = await newIsolatedPage(browser, {
    viewport: mobile ? { width: 390, height: 844 } : { width: 900, height: 760 },
    ...(mobile
      ? {
          userAgent:
            'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
          isMobile: true,
          hasTouch: true,
        }
      : {}),
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  pages.push(isolated)
  const { page } = isolated
  // A waiting step gives up before vitest's anonymous 30 s, with its name (as kit-page.ts does).
  page.setDefaultTimeout(20_000)
  page.on('websocket', (socket) => sockets.push(socket.url()))
  // Records the kit's events and every link the page opens (an app's deep link never loads in a test browser).
  await page.addInitScript(() => {
    const w = window as unknown as { opened: string[]; events: unknown[] }
    w.opened = []
    w.events = []
    window.open = ((url?: string | URL) => {
      w.opened.push(String(url))
      return null
    }) as typeof window.open
  })
  await page.goto(`${site.url}/`)
  await page.waitForFunction(() => typeof window.startKit === 'function')
  const config: ModalPageConfig = { chains, themeMode: 'light', relayUrl: stack.relay.url, ...extra }
  await page.evaluate(async (c: ModalPageConfig) => {
    await window.startKit(c)
    const w = window as unknown as { events: unknown[] }
    window.kit?.subscribeEvents((event) => w.events.push(event))
  }, config)
  return page
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })

/** The URI the QR code shows, once it does. */
async function qrUri(page: Page): Promise<string> {
  const qr = page.getByTestId('qr-code')
  await qr.waitFor()
  return (await qr.getAttribute('data-uri')) ?? ''
}

const connectEvents = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { events: { data: { event: string; properties?: Record<string, unknown> } }[] }
    ).events
      .map((tracked) => tracked.data)
      .filter((event) => event.event === 'CONNECT_SUCCESS'),
  )

describe('WalletConnect in the modal (Chromium, local relay, WalletKit)', () => {
  it('connects by QR code, signs over the session, stays connected after a reload, and follows the wallet ending it', async () => {
    const wallet = await phoneWallet()
    const page = await openPage()
    await page.getByTestId('connect-button').click()
    // A relay of the host's own: WalletConnect is offered without a project id, and Connect says nothing against it.
    expect(await page.getByTestId('walletconnect-unavailable').count()).toBe(0)
    await page.getByTestId('wallet-walletConnect').click()
    const uri = await qrUri(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await page.getByTestId('modal-title').textContent()).toBe('WalletConnect')
    // No project id, a relay of the host's own (it asks for none): the SDK's socket carries no projectId at all.
    await expect.poll(() => sockets.length).toBeGreaterThan(0)
    for (const url of sockets) {
      expect(url.startsWith(stack.relay.url), url).toBe(true)
      expect(new URL(url).searchParams.has('projectId'), url).toBe(false)
    }
    await shot(page, '1-qr')

    const pairedAt = Date.now()
    await wallet.pair(uri)
    const account = page.getByTestId('account-button')
    await account.waitFor()
    const connectMs = Date.now() - pairedAt
    const address = wallet.accounts(`eip155:${chains[0]?.chainId}`)[0]?.split(':')[2] ?? ''
    await expect.poll(() => page.getByTestId('modal').count()).toBe(0)
    expect(await connectEvents(page)).toEqual([
      expect.objectContaining({ properties: { method: 'qrcode', name: 'WalletConnect' } }),
    ])
    await shot(page, '2-connected')

    const signedAt = Date.now()
    const signature = await page.evaluate(() => window.kit?.signMessage('signed over WalletConnect'))
    const signMs = Date.now() - signedAt
    expect(verifyMessage('signed over WalletConnect', signature as string).toLowerCase()).toBe(
      address.toLowerCase(),
    )
    expect(wallet.log.map((entry) => [entry.method, entry.outcome])).toContainEqual([
      'personal_sign',
      'approved',
    ])
    // Not a benchmark: a guard against WalletConnect's Verify stall (seconds per request when it cannot be reached).
    expect({ connectMs: connectMs < 2000, signMs: signMs < 2000 }).toEqual({ connectMs: true, signMs: true })

    await page.reload()
    await page.waitForFunction(() => typeof window.startKit === 'function')
    await page.evaluate((c: ModalPageConfig) => window.startKit(c), {
      chains,
      themeMode: 'light',
      relayUrl: stack.relay.url,
    } satisfies ModalPageConfig)
    await account.waitFor()
    expect(wallet.proposals).toHaveLength(1)
    await shot(page, '3-reloaded')

    await wallet.disconnect()
    await page.getByTestId('connect-button').waitFor()
    expect(await page.evaluate(() => window.kit?.getAccount().isConnected)).toBe(false)
  })

  it('a declined proposal shows as declined, and "try again" pairs anew', async () => {
    const wallet = await phoneWallet()
    wallet.setPolicy('reject')
    const page = await openPage()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    const first = await qrUri(page)
    await wallet.pair(first)
    const state = page.getByTestId('connecting-wc')
    await expect.poll(() => state.getAttribute('data-state')).toBe('rejected')
    await shot(page, '4-declined')

    wallet.setPolicy('approve')
    await page.getByTestId('wc-retry').click()
    const second = await qrUri(page)
    expect(second).not.toBe(first)
    await wallet.pair(second)
    await page.getByTestId('account-button').waitFor()
  })

  it('All Wallets offers the QR code; on a desktop a listed wallet offers its desktop link with the URI', async () => {
    const wallet = await phoneWallet()
    const page = await openPage({
      customWallets: [{ id: 'desk-wallet', name: 'Desk Wallet', desktop_link: 'deskwallet://' }],
      projectId: `kit-ui-walletconnect-${Date.now().toString(36)}`,
      servicesUrl: stack.services.url,
    })
    await page.getByTestId('connect-button').click()
    await page.getByTestId('all-wallets').click()
    await page.getByTestId('all-wallets-qr').click()
    const uri = await qrUri(page)
    // With a project id the relay socket carries it.
    await expect.poll(() => sockets.length).toBeGreaterThan(0)
    for (const url of sockets)
      expect(new URL(url).searchParams.get('projectId'), url).toMatch(/^kit-ui-walletconnect-/)
    await shot(page, '6-all-wallets-qr')

    // Back to Connect: the listed wallet reuses the unexpired pairing, and opens nothing by itself on a desktop.
    await page.getByTestId('modal-back').click()
    await page.getByTestId('modal-back').click()
    await page.getByTestId('wallet-desk-wallet').click()
    expect(await qrUri(page)).toBe(uri)
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([])
    await page.getByTestId('open-desktop').click()
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([
      `deskwallet://wc?uri=${encodeURIComponent(uri)}`,
    ])
    await shot(page, '7-desktop-link')
    await wallet.pair(uri)
    await page.getByTestId('account-button').waitFor()
    expect(await connectEvents(page)).toEqual([
      expect.objectContaining({ properties: { method: 'mobile', name: 'Desk Wallet' } }),
    ])
  })

  it('on a phone, a listed wallet opens by its deep link with the URI, and the connection is reported as mobile', async () => {
    const wallet = await phoneWallet()
    const page = await openPage(
      { customWallets: [{ id: 'sim-wallet', name: 'Sim Wallet', mobile_link: 'simwallet://' }] },
      true,
    )
    await page.getByTestId('connect-button').click()
    // On a phone WalletConnect has no row of its own: each listed wallet opens over it.
    expect(await page.getByTestId('wallet-walletConnect').count()).toBe(0)
    await page.getByTestId('wallet-sim-wallet').click()
    const uri = await qrUri(page)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opened: string[] }).opened))
      .toEqual([`simwallet://wc?uri=${encodeURIComponent(uri)}`])
    expect(await page.getByTestId('open-mobile').textContent()).toContain('Open Sim Wallet')
    await shot(page, '5-mobile')

    await wallet.pair(uri)
    await page.getByTestId('account-button').waitFor()
    expect(await connectEvents(page)).toEqual([
      expect.objectContaining({ properties: { method: 'mobile', name: 'Sim Wallet' } }),
    ])

    // The wallet is a recent one now: after a disconnect, Connect lists it first under Recent.
    await page.evaluate(() => window.kit?.disconnect())
    await page.getByTestId('connect-button').click()
    const recent = page.locator('[data-section="recent"] [data-testid="wallet-sim-wallet"]')
    await recent.waitFor()
    expect(await recent.textContent()).toContain('Recent')
  })

  it('copies the pairing link, and replaces a pairing about to expire while the QR code is shown', async () => {
    await phoneWallet()
    const page = await openPage()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    const first = await qrUri(page)
    await page.getByTestId('copy-link').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(first)

    // Five minutes pass for this pairing: its expiry moves to now, and the view makes a new one on its own.
    await page.evaluate(() => window.kit?.controllers.connection.state.patch({ wcPairingExpiry: Date.now() }))
    await expect.poll(() => page.getByTestId('qr-code').getAttribute('data-uri')).not.toBe(first)
    expect(await qrUri(page)).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  })
})
