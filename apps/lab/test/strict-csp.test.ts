// The kit under a strict Content-Security-Policy (docs/csp.md): the lab's /strict-csp page is the wagmi page served
// with no 'unsafe-inline' and no 'unsafe-eval', requests and images limited to the local services. The modal must be
// styled there exactly as on the plain page, connect and sign, with not one violation reported.
import type { Hex } from 'viem'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import {
  type Browser,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-strict-csp'

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
})

afterAll(async () => {
  await served?.stop()
})

/** Records every CSP violation the page reports (the event, and Chromium's console message as a second witness). */
async function watchViolations(handle: LabPageHandle): Promise<() => Promise<string[]>> {
  const logged: string[] = []
  handle.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text())
  })
  await handle.page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  return async () => [
    ...(await handle.page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
    ...logged,
  ]
}

/** What the kit's stylesheets decide, read from the computed styles in the shadow roots. */
function computedStyles(page: Page, part: 'button' | 'modal') {
  return page.evaluate((which) => {
    const pick = (element: Element | null | undefined, names: readonly string[]) => {
      if (!element) return undefined
      const style = getComputedStyle(element)
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]))
    }
    if (which === 'button') {
      // Read before any pointer has been over it: hover and its transition change the colours.
      const button = document.querySelector('latchkey-button')?.shadowRoot?.querySelector('button')
      return { button: pick(button, ['background-color', 'color', 'border-radius', 'height', 'font-family']) }
    }
    const card = document.querySelector('latchkey-modal')?.shadowRoot?.querySelector('[data-testid="modal"]')
    return {
      card: pick(card, ['display', 'width', 'background-color', 'border-radius', 'overflow', 'font-family']),
      title: pick(card?.querySelector('h2'), ['font-size', 'font-weight', 'color', 'text-align']),
    }
  }, part)
}

/** The button's, then the open modal's styles. */
async function stylesOf(page: Page) {
  await page.getByTestId('connect-button').waitFor()
  const button = await computedStyles(page, 'button')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('modal').waitFor()
  return { ...button, ...(await computedStyles(page, 'modal')) }
}

describe('/strict-csp', () => {
  it('is served with a strict policy: no unsafe-inline, no unsafe-eval, local sources only', async () => {
    const response = await fetch(`${lab.url}/strict-csp`)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    for (const directive of policy.split(';').map((d) => d.trim())) {
      for (const source of directive.split(' ').slice(1)) {
        if (source.startsWith("'") || source === 'data:' || source === 'blob:') continue
        // The secure frame is another site on purpose (localhost, not 127.0.0.1): the only source frames may have.
        const host = directive.startsWith('frame-src') ? 'localhost' : '127.0.0.1'
        expect(new URL(source).hostname, directive).toBe(host)
      }
    }
    const html = await response.text()
    expect(html).not.toMatch(/<style[\s>]|\sstyle=/)
  })

  it('styles the modal as the plain page does, connects and signs, with zero violations', async () => {
    const key = generatePrivateKey()
    // The same page without the policy: what the kit's styles look like.
    const plain = await openLabPage(browser, lab, { page: 'wagmi', key, query: PROJECT })
    const expected = await stylesOf(plain.page)
    await plain.close()
    expect(expected.card?.display).toBe('flex')
    expect(expected.button?.['background-color']).not.toBe('rgba(0, 0, 0, 0)')

    const handle = await openLabPage(browser, lab, {
      page: 'wagmi',
      route: 'strict-csp',
      key,
      query: PROJECT,
    })
    const violations = await watchViolations(handle)
    await handle.page.reload()
    const { page } = handle
    expect(await stylesOf(page)).toEqual(expected)

    await page.getByTestId('wallet-dev.latchkey.testwallet').click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    const address = privateKeyToAccount(key).address
    expect((await textOf(page, 'lab-address')).toLowerCase()).toBe(address.toLowerCase())

    await page.getByTestId('lab-sign').click()
    await page.locator('[data-testid="lab-result"][data-action="sign"]').waitFor()
    const signature = (await textOf(page, 'lab-result')) as Hex
    expect(await verifyMessage({ address, message: LAB_SIGN_MESSAGE, signature })).toBe(true)

    // The account view, with its images and balance, under the same policy.
    await page.getByTestId('account-button').click()
    await page.getByTestId('modal').waitFor()
    expect(await violations()).toEqual([])
    expectClean(handle, served.featureChunks)
    await handle.close()
  })
})
