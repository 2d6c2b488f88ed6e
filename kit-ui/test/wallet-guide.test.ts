import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { WALLET_GUIDE_URL } from '../src/index.js'
import { type KitPage, openKitPage, type Page, reportOnFailure } from './kit-page.js'
import type { ModalPageConfig } from './page/modal-page.js'

const RDNS = 'dev.latchkey.ui-guide'
const { chains } = (inject('stack') as LocalStackInfo).evm

let kp: KitPage
reportOnFailure(() => kp)
let page: Page

/** Reloads the page with `config`, opens Connect and returns the guide link's href (null when there is no row). */
async function guideHref(config: Partial<ModalPageConfig>): Promise<string | null> {
  await kp.reload()
  await kp.start({ chains, themeMode: 'dark', ...config })
  await page.getByTestId('connect-button').click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
  await page.getByTestId(`wallet-${RDNS}`).waitFor()
  if ((await page.getByTestId('wallet-guide').count()) === 0) return null
  const link = page.getByTestId('wallet-guide-link')
  expect(await link.getAttribute('target')).toBe('_blank')
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
  return link.getAttribute('href')
}

beforeAll(async () => {
  // This file only opens Connect; it never connects (the account index is the read-only one).
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 17 })
  page = kp.page
})

afterAll(async () => {
  await kp?.close()
})

describe('the wallet guide on Connect', () => {
  it('is on by default: "New to wallets?" linking to the https guide', async () => {
    expect(await guideHref({})).toBe(WALLET_GUIDE_URL)
    expect(WALLET_GUIDE_URL).toMatch(/^https:\/\//)
    expect(await page.getByTestId('wallet-guide').textContent()).toBe('New to wallets? Get started')
  })

  it('links to the host’s walletGuideUrl', async () => {
    expect(await guideHref({ walletGuideUrl: 'https://example.com/learn' })).toBe('https://example.com/learn')
  })

  it('ignores a walletGuideUrl that is not https (the default guide shows instead)', async () => {
    expect(await guideHref({ walletGuideUrl: 'javascript:alert(1)' })).toBe(WALLET_GUIDE_URL)
    expect(await guideHref({ walletGuideUrl: 'http://example.com/learn' })).toBe(WALLET_GUIDE_URL)
  })

  it('is hidden when enableWalletGuide is false', async () => {
    expect(await guideHref({ enableWalletGuide: false })).toBeNull()
    expect(await page.getByTestId('legal-terms').count()).toBe(1)
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
