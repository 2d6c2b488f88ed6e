import { join } from 'node:path'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type KitPage, openKitPage, type Page, reportOnFailure, testIdsIn } from './kit-page.js'

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
const RDNS = 'dev.latchkey.ui-all-wallets'
const TEST_WALLET_ID = 'a1'.repeat(32)
const stack = inject('stack') as LocalStackInfo
const { chains } = stack.evm
const services = stack.services.url
const projectId = `kit-ui-all-wallets-${Date.now().toString(36)}`
const localChains = chains.map((c) => `eip155:${c.chainId}`)

let kp: KitPage
reportOnFailure(() => kp)
let page: Page
let listingSize = 0

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${services}/__control/${path}?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`control ${path}: ${response.status}`)
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(250) // the picture only; nothing is asserted on time
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

const cells = () => testIdsIn(page, '.wallet-grid [data-testid^="wallet-"]')

beforeAll(async () => {
  // The stand-in's 61 wallets, each made to serve the local chains, plus one entry for the test wallet: the
  // list has two pages of 40 after the 4 recommended, and one installed wallet.
  const fixture = (await (
    await fetch(`${services}/getWallets?page=1&entries=100&projectId=${projectId}-fixture`)
  ).json()) as { data: { chains?: string[] }[] }
  const wallets: unknown[] = fixture.data.map((w) => ({
    ...w,
    chains: [...(w.chains ?? []), ...localChains],
  }))
  // Served tenth (first page), shown first: installed wallets lead the list.
  wallets.splice(10, 0, { id: TEST_WALLET_ID, name: 'Latchkey Test Wallet', rdns: RDNS, chains: localChains })
  listingSize = wallets.length
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 18 })
  page = kp.page
  await control('project', { wallets, allowedOrigins: [new URL(page.url()).origin] })
  await kp.start({ chains, themeMode: 'dark', projectId, servicesUrl: services })
})

afterAll(async () => {
  await kp?.close()
})

describe('All Wallets in Chromium', () => {
  it('opens from Connect with the listing size', async () => {
    await page.getByTestId('connect-button').click()
    const row = page.getByTestId('all-wallets')
    await expect.poll(() => row.textContent()).toContain('60+')
    expect(listingSize).toBe(62)
    await row.click()
    await page.getByRole('dialog', { name: 'All Wallets' }).waitFor()
  })

  it('shows the first page (40 + the 4 recommended), the installed wallet first with its badge', async () => {
    await expect.poll(async () => (await cells()).length).toBe(44)
    const ids = await cells()
    expect(ids[0]).toBe(`wallet-${TEST_WALLET_ID}`)
    expect(await page.getByTestId(`wallet-${TEST_WALLET_ID}`).textContent()).toContain('Installed')
    expect(new Set(ids).size).toBe(ids.length)
    // Wallet images are the stand-in's image endpoint, with the sdk properties; the cells in view load theirs, the
    // ones below the fold wait until they come near (lazy).
    await expect
      .poll(() =>
        page.evaluate(
          ({ services, projectId }) => {
            const root = document.querySelector('latchkey-modal')?.shadowRoot
            const scroller = root?.querySelector('[data-testid="all-wallets-list"]')?.getBoundingClientRect()
            const imgs = [...(root?.querySelectorAll<HTMLImageElement>('.wallet-grid img') ?? [])]
            const inView = imgs.filter((img) => {
              const box = img.getBoundingClientRect()
              return scroller !== undefined && box.bottom > scroller.top && box.top < scroller.bottom
            })
            return {
              count: imgs.length,
              endpoint: imgs.every((img) => {
                const url = new URL(img.src)
                return (
                  img.src.startsWith(`${services}/getWalletImage/`) &&
                  url.searchParams.get('projectId') === projectId &&
                  url.searchParams.get('st') === 'appkit'
                )
              }),
              lazy: imgs.every((img) => img.loading === 'lazy'),
              inView: inView.length > 0,
              inViewLoaded: inView.every((img) => img.complete && img.naturalWidth > 0),
            }
          },
          { services, projectId },
        ),
      )
      // Every listed wallet but the test wallet's own entry (it has no image) has its image.
      .toEqual({ count: 43, endpoint: true, lazy: true, inView: true, inViewLoaded: true })
    await shot('all-wallets-dark')
  })

  it('loads the next page from the keyboard-reachable "more" button', async () => {
    const more = page.getByTestId('all-wallets-more')
    await more.focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await cells()).length).toBe(listingSize)
    const ids = await cells()
    expect(new Set(ids).size).toBe(listingSize)
    await expect.poll(() => more.count()).toBe(0)
  })

  it('moves through the grid with the arrow keys, Home and End, across its runs of two rows', async () => {
    // After the last page: End reaches the list's last wallet (no further page to load as focus scrolls there).
    const ids = await cells()
    const id = (index: number) => (ids.at(index) ?? '').replace(/^wallet-/, '')
    const focused = () =>
      page.evaluate(
        () =>
          (document.querySelector('latchkey-modal')?.shadowRoot?.activeElement as HTMLElement | null)?.dataset
            .testid,
      )
    const box = async (index: number) =>
      (await page.getByTestId(`wallet-${id(index)}`).boundingBox()) ?? undefined
    // The runs line up as one grid: the first cell of the second run sits under the first cell of the first.
    const [first, fifth, ninth] = [await box(0), await box(4), await box(8)]
    expect(ninth?.x).toBe(first?.x)
    expect(ninth?.y).toBeGreaterThan(fifth?.y ?? Number.POSITIVE_INFINITY)
    await page.getByTestId(`wallet-${id(0)}`).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe(ids[8])
    await page.keyboard.press('ArrowRight')
    expect(await focused()).toBe(ids[9])
    await page.keyboard.press('ArrowUp')
    expect(await focused()).toBe(ids[5])
    await page.keyboard.press('End')
    expect(await focused()).toBe(ids.at(-1))
    await page.keyboard.press('Home')
    expect(await focused()).toBe(ids[0])
  })

  it('searches the listing (the newest query wins) and connects the installed wallet from the results', async () => {
    const search = page.getByTestId('all-wallets-search')
    await search.fill('wal')
    await search.fill('latchkey test')
    await expect.poll(cells).toEqual([`wallet-${TEST_WALLET_ID}`])
    await search.fill('zzzz-no-such-wallet')
    await page.getByTestId('all-wallets-empty').waitFor()
    await search.fill('Latchkey')
    await expect.poll(cells).toEqual([`wallet-${TEST_WALLET_ID}`])
    await page.getByTestId(`wallet-${TEST_WALLET_ID}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
    await page.evaluate(() => window.kit?.disconnect())
  })

  it('loads pages as the list scrolls (IntersectionObserver in the shadow root), light theme', async () => {
    await page.evaluate(() => window.kit?.setThemeMode('light'))
    // A fresh listing: core forgets its pages, so the list starts again at page 1.
    await page.evaluate(() => window.kit?.controllers.listing.reset())
    await page.getByTestId('connect-button').click()
    await page.getByTestId('all-wallets').click()
    await expect.poll(async () => (await cells()).length).toBe(44)
    await shot('all-wallets-light')
    await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      const list = root?.querySelector('[data-testid="all-wallets-list"]') as HTMLElement
      list.scrollTop = list.scrollHeight
    })
    await expect.poll(async () => (await cells()).length).toBe(listingSize)
    const requests = (await (
      await fetch(`${services}/__control/requests?projectId=${projectId}`)
    ).json()) as { requests: { path: string; query: Record<string, string> }[] }
    const pages = requests.requests.filter((r) => r.path === '/getWallets' && r.query.entries === '40')
    expect(pages.map((r) => r.query.page)).toEqual(['1', '2', '1', '2'])
  })

  it('shows no configuration alert: the page origin is allowed', async () => {
    expect(await page.getByTestId('alert').count()).toBe(0)
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
