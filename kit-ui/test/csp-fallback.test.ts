// Styles under a strict CSP where constructed stylesheets are missing (Safari before 16.4): the kit falls back to
// <style> elements, and those carry the host's `cspNonce` so a policy of `style-src 'nonce-…'` lets them apply.
// Where constructed stylesheets exist (Chromium), apps/lab/test/strict-csp.test.ts covers the strict policy itself.
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type KitPage, openKitPage, reportOnFailure } from './kit-page.js'

const { chains } = (inject('stack') as LocalStackInfo).evm

let kp: KitPage
reportOnFailure(() => kp)

beforeAll(async () => {
  kp = await openKitPage({
    wsEndpoint: inject('browserWsEndpoint'),
    chains,
    rdns: 'dev.latchkey.ui-csp',
    accountIndex: 17,
  })
})

afterAll(async () => {
  await kp?.close()
})

/** Each element's shadow-root stylesheets: the adopted ones, and the nonce of each <style> element. */
function sheetsOf(tag: string) {
  return kp.page.evaluate((name) => {
    const root = document.querySelector(name)?.shadowRoot
    return {
      adopted: root && 'adoptedStyleSheets' in root ? root.adoptedStyleSheets.length : 0,
      styles: [...(root?.querySelectorAll('style') ?? [])].map((style) => style.nonce),
      cardDisplay: (() => {
        const card = root?.querySelector('[data-testid="modal"]')
        return card ? getComputedStyle(card).display : undefined
      })(),
    }
  }, tag)
}

describe('the kit’s styles', () => {
  it('are constructed stylesheets where the browser has them: no <style> element at all', async () => {
    await kp.start({ chains, themeMode: 'dark', cspNonce: 'bm9uY2UtMQ==' })
    await kp.page.getByTestId('connect-button').click()
    await kp.page.getByTestId('modal').waitFor()
    expect(await sheetsOf('latchkey-button')).toMatchObject({ adopted: 1, styles: [] })
    expect(await sheetsOf('latchkey-modal')).toMatchObject({ adopted: 1, styles: [], cardDisplay: 'flex' })
  })

  it('are <style> elements with the host’s cspNonce where constructed stylesheets are missing', async () => {
    await kp.reload()
    await kp.start({ chains, themeMode: 'dark', cspNonce: 'bm9uY2UtMQ==', noConstructedSheets: true })
    await kp.page.getByTestId('connect-button').click()
    await kp.page.getByTestId('modal').waitFor()
    expect(await sheetsOf('latchkey-button')).toMatchObject({ adopted: 0, styles: ['bm9uY2UtMQ=='] })
    expect(await sheetsOf('latchkey-modal')).toMatchObject({
      adopted: 0,
      styles: ['bm9uY2UtMQ=='],
      cardDisplay: 'flex',
    })
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
