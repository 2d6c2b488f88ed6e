/**
 * The approval card and its guard in Chromium between two sites: a page on 127.0.0.1 embeds the frame from
 * localhost (another site, as the secure frame is in production) and plays the hostile host: it makes the frame
 * transparent, covers it, moves it, and clicks for the visitor with real (trusted) mouse events at the Approve
 * button's position. The frame runs the approval module as the frame runtime will (bundled by esbuild).
 */
import { join } from 'node:path'
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DescribeInput } from '../src/approval/index.js'
import { openTwoOrigins, type TwoOrigins } from './two-origin.js'

/** The page: the frame at (40, 40), 360×600, and what a hostile host does to it. */
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>page</title>
<style>
body { margin: 0; }
iframe { position: absolute; left: 40px; top: 40px; width: 360px; height: 600px; border: 0; }
.cover { position: absolute; background: white; z-index: 10; }
</style>
<body><script>
const frameOrigin = new URL(location.href).searchParams.get('frame')
const iframe = document.createElement('iframe')
iframe.src = frameOrigin + '/frame.html'
document.body.append(iframe)
window.reset = () => {
  iframe.removeAttribute('style')
  for (const cover of document.querySelectorAll('.cover')) cover.remove()
}
window.styleFrame = (style) => Object.assign(iframe.style, style)
window.cover = (rect, passThrough) => {
  const cover = document.createElement('div')
  cover.className = 'cover'
  cover.textContent = 'Click here to win'
  Object.assign(cover.style, {
    left: rect.x + 'px', top: rect.y + 'px', width: rect.width + 'px', height: rect.height + 'px',
    pointerEvents: passThrough ? 'none' : 'auto',
  })
  document.body.append(cover)
}
</script>`

/** The frame: shows one approval at a time and records its outcomes and the clicks Approve received. */
const FRAME_HTML = `<!doctype html><meta charset="utf-8"><title>frame</title>
<style>html, body { margin: 0; }</style>
<body><div id="root"></div><script type="module">
import { createApprovalGuard, describeRequest, renderApproval } from '/approval.js'
window.v2 = 'isVisible' in IntersectionObserverEntry.prototype
let current
window.show = (request, options = {}) => {
  current?.guard.destroy()
  current?.elements.destroy()
  const state = { outcomes: [], clicks: [] }
  window.state = state
  const summary = describeRequest(request)
  const elements = renderApproval(document.getElementById('root'), {
    summary,
    dapp: options.dapp ?? { name: 'Example dApp', url: 'https://app.example.com/swap?x=1' },
    theme: options.theme ?? 'light',
    themeVariables: options.themeVariables,
  })
  const guard = createApprovalGuard({
    container: elements.container,
    approve: elements.approve,
    reject: elements.reject,
    onApprove: () => state.outcomes.push('approved'),
    onReject: () => state.outcomes.push('rejected'),
    minVisibleMs: options.minVisibleMs,
    visibilityV2: options.visibilityV2,
  })
  document.addEventListener('click', (event) => {
    if (event.target === elements.approve) state.clicks.push({ trusted: event.isTrusted, armed: guard.isArmed() })
  }, true)
  current = { guard, elements, summary }
}
window.armed = () => current?.guard.isArmed() ?? false
window.approveButton = () => current.elements.approve
window.hint = () => document.querySelector('[data-testid=lk-hint]')?.textContent ?? ''
</script>`

const ACCOUNT = '0x52908400098527886E0F7030069857D2E4169EE7'
const OTHER = '0x8617E340B3D01FA5F11F306F4090FD50E238070D'
const CHAIN = {
  namespace: 'eip155',
  reference: '31337',
  name: 'Latchkey Local',
  nativeSymbol: 'ETH',
  nativeDecimals: 18,
}
const HOSTILE = '<img src=x onerror="window.pwned = true">'
const SIGN: DescribeInput = {
  method: 'personal_sign',
  params: [HOSTILE, OTHER],
  chain: { ...CHAIN, namespace: 'eip155' },
  account: ACCOUNT,
}
const HINT = 'Hold on: the approval must be fully visible first'
const APPROVE = '[data-testid=lk-approve]'
const REJECT = '[data-testid=lk-reject]'

interface FrameState {
  outcomes: string[]
  clicks: { trusted: boolean; armed: boolean }[]
}
interface ShowOptions {
  dapp?: { name?: string; url?: string; icon?: string }
  theme?: 'light' | 'dark'
  themeVariables?: Record<string, string | number>
  minVisibleMs?: number
  visibilityV2?: boolean
}
type FrameWindow = {
  v2: boolean
  state: FrameState
  show(request: DescribeInput, options?: ShowOptions): void
  armed(): boolean
  approveButton(): HTMLButtonElement
  hint(): string
  pwned?: boolean
}
type Rect = { x: number; y: number; width: number; height: number }
type PageWindow = {
  reset(): void
  styleFrame(style: Record<string, string>): void
  cover(rect: Rect, passThrough: boolean): void
}

let site: TwoOrigins

const page = () => site.page
const frame = () => site.frame()

const show = (request: DescribeInput = SIGN, options: ShowOptions = {}) =>
  frame().evaluate(({ request, options }) => (window as unknown as FrameWindow).show(request, options), {
    request,
    options,
  })
const state = () => frame().evaluate(() => (window as unknown as FrameWindow).state)
const outcomes = async () => (await state()).outcomes
const armed = () => frame().evaluate(() => (window as unknown as FrameWindow).armed())
const hint = () => frame().evaluate(() => (window as unknown as FrameWindow).hint())
const styleFrame = (style: Record<string, string>) =>
  page().evaluate((style) => (window as unknown as PageWindow).styleFrame(style), style)
const reset = () => page().evaluate(() => (window as unknown as PageWindow).reset())
/** Puts an element of the page over `rect`; `passThrough`: clicks go through it to the frame. */
const cover = (rect: Rect, passThrough: boolean) =>
  page().evaluate(({ rect, passThrough }) => (window as unknown as PageWindow).cover(rect, passThrough), {
    rect,
    passThrough,
  })
/** A cover over all of the frame and a margin around it. */
const FRAME_AND_MARGIN: Rect = { x: 30, y: 30, width: 380, height: 620 }

/** The Approve button's centre in page coordinates. */
async function approvePoint(): Promise<{ x: number; y: number }> {
  const box = await frame().locator(APPROVE).boundingBox()
  if (!box) throw new Error('Approve has no box')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Waits real time, where the test needs it to pass (the guard's minimum visible time). */
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The visitor's hand: the pointer moves onto `point` inside the frame and rests there a moment before a click. */
async function reach(point: { x: number; y: number }): Promise<void> {
  await page().mouse.move(point.x + 4, point.y + 2, { steps: 3 })
  await page().mouse.move(point.x, point.y, { steps: 2 })
  await pause(400)
}

beforeAll(async () => {
  site = await openTwoOrigins({
    files: { '/page.html': PAGE_HTML, '/frame.html': FRAME_HTML },
    bundles: { '/approval.js': join(import.meta.dirname, '..', 'src', 'approval', 'index.ts') },
    context: { viewport: { width: 1000, height: 720 } },
  })
  const { pageOrigin, frameOrigin } = site
  await page().goto(`${pageOrigin}/page.html?frame=${encodeURIComponent(frameOrigin)}`)
  const content = await (await page().waitForSelector('iframe')).contentFrame()
  await content?.waitForURL(`${frameOrigin}/frame.html`)
  await frame().waitForFunction(() => 'show' in window)
}, 60_000)

beforeEach(async () => {
  await reset()
  // Every test starts with the pointer outside the frame, as a visitor's does before they reach for Approve.
  await page().mouse.move(5, 5)
})

afterAll(async () => {
  expect(await site?.close()).toEqual({ pageErrors: [], outsideRequests: [] })
})

describe('the approval card in a cross-site frame', () => {
  test('renders the title, rows, warnings and dApp; hostile text and icons are never markup', async () => {
    await show(SIGN, {
      dapp: {
        name: '<b>Evil</b> dApp',
        url: 'https://app.example.com/path?q=<x>',
        icon: 'javascript:alert(1)',
      },
      themeVariables: {
        '--lk-accent': 'rgb(1, 2, 3)',
        '--lk-font-family': "'Comic Sans', serif; } body { display: none",
        '--lk-qr-color': 'url(https://evil.example/track)',
        color: 'red',
      },
    })
    const card = frame().locator('[data-testid=lk-approval]')
    await expect.poll(() => card.locator('h1').textContent()).toBe('Sign a message')
    expect(await frame().locator('[data-testid=lk-dapp-name]').textContent()).toBe('<b>Evil</b> dApp')
    expect(await frame().locator('[data-testid=lk-dapp-origin]').textContent()).toBe(
      'https://app.example.com',
    )
    expect(await frame().locator('[role=alert] li').allTextContents()).toEqual([
      `This message is for another account (${OTHER})`,
    ])
    expect(await card.locator('dt').allTextContents()).toEqual(['Message', 'Length', 'Signing account'])
    expect(await card.locator('dd').first().textContent()).toBe(HOSTILE)
    expect(await card.locator('img, b, script').count()).toBe(0)
    const looks = await card.evaluate((element) => ({
      accent: element.style.getPropertyValue('--lk-accent'),
      font: element.style.getPropertyValue('--lk-font-family'),
      qr: element.style.getPropertyValue('--lk-qr-color'),
      color: element.style.color,
      focused: document.activeElement?.getAttribute('data-testid'),
      approveDisabled: document.querySelector('[data-testid=lk-approve]')?.getAttribute('aria-disabled'),
      styles: document.querySelectorAll('style#lk-approval-style').length,
    }))
    expect(looks).toEqual({
      accent: 'rgb(1, 2, 3)',
      font: '',
      qr: '',
      color: '',
      focused: 'lk-reject',
      approveDisabled: 'true',
      styles: 1,
    })

    const refused = [
      'http://localhost/icon.png',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'ftp://x/icon.png',
    ]
    for (const icon of refused) {
      await show(SIGN, { dapp: { name: 'Icons', icon } })
      expect(await frame().locator('img').count()).toBe(0)
    }
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
    for (const icon of [png, `https://localhost:${site.server.port}/icon.png`]) {
      await show(SIGN, { dapp: { name: 'Icons', icon } })
      const image = frame().locator('img')
      expect(await image.getAttribute('src')).toBe(icon)
      expect(await image.evaluate((element) => (element as HTMLImageElement).referrerPolicy)).toBe(
        'no-referrer',
      )
    }
    expect(await frame().evaluate(() => (window as unknown as FrameWindow).pwned)).toBeUndefined()
    expect(await frame().locator('style').count()).toBe(2) // the page's own and the card's, added once
  })

  test('the browser has IntersectionObserver v2: the guard relies on isVisible', async () => {
    expect(await frame().evaluate(() => (window as unknown as FrameWindow).v2)).toBe(true)
  })

  test('a real click after the card was visible for 500 ms approves, exactly once', async () => {
    await show()
    await expect.poll(armed).toBe(true)
    expect(await frame().locator(APPROVE).getAttribute('aria-disabled')).toBe('false')
    await reach(await approvePoint())
    await frame().locator(APPROVE).click()
    await expect.poll(outcomes).toEqual(['approved'])
    await frame().locator(APPROVE).click({ force: true })
    await frame().locator(REJECT).click({ force: true })
    await page().keyboard.press('Escape')
    expect(await outcomes()).toEqual(['approved'])
    expect(await armed()).toBe(false)
  })

  test('a click before 500 ms does nothing but show the hint; a later click counts', async () => {
    await show()
    const point = await approvePoint()
    await show() // a fresh card: the wait starts again
    await page().mouse.click(point.x, point.y)
    await expect.poll(state).toMatchObject({ outcomes: [], clicks: [{ trusted: true, armed: false }] })
    expect(await hint()).toBe(HINT)
    await expect.poll(armed).toBe(true)
    expect(await outcomes()).toEqual([])
    await reach(point)
    await page().mouse.click(point.x, point.y)
    await expect.poll(outcomes).toEqual(['approved'])
  })

  for (const opacity of ['0', '0.5']) {
    test(`a transparent frame (opacity ${opacity}): a real click at Approve does not approve`, async () => {
      await show()
      const point = await approvePoint()
      await expect.poll(armed).toBe(true)
      await styleFrame({ opacity })
      await expect.poll(armed).toBe(false)
      await pause(1_000)
      expect(await armed()).toBe(false)
      await page().mouse.click(point.x, point.y)
      await expect.poll(async () => (await state()).clicks).toEqual([{ trusted: true, armed: false }])
      expect(await outcomes()).toEqual([])
      expect(await hint()).toBe(HINT)
      // Visible again: the full wait starts over, then a click counts.
      await styleFrame({ opacity: '1' })
      await expect.poll(armed).toBe(true)
      await reach(point)
      await page().mouse.click(point.x, point.y)
      await expect.poll(outcomes).toEqual(['approved'])
    })
  }

  test('a frame transparent from the start never arms', async () => {
    await styleFrame({ opacity: '0' })
    await show()
    const point = await approvePoint()
    await pause(1_000)
    expect(await armed()).toBe(false)
    await page().mouse.click(point.x, point.y)
    await expect.poll(async () => (await state()).clicks).toHaveLength(1)
    expect(await outcomes()).toEqual([])
  })

  test('a cover over the frame that lets clicks through: no approval', async () => {
    await show()
    const point = await approvePoint()
    await expect.poll(armed).toBe(true)
    await cover(FRAME_AND_MARGIN, true)
    await expect.poll(armed).toBe(false)
    await pause(1_000)
    await page().mouse.click(point.x, point.y)
    await expect.poll(async () => (await state()).clicks).toEqual([{ trusted: true, armed: false }])
    expect(await outcomes()).toEqual([])
  })

  test('a small cover over the Approve button alone, or a cover that takes the click: no approval', async () => {
    await show()
    const point = await approvePoint()
    await expect.poll(armed).toBe(true)
    await cover({ x: point.x - 20, y: point.y - 10, width: 40, height: 20 }, true)
    await expect.poll(armed).toBe(false)
    await page().mouse.click(point.x, point.y)
    await expect.poll(async () => (await state()).clicks).toHaveLength(1)
    expect(await outcomes()).toEqual([])

    await reset()
    await expect.poll(armed).toBe(true)
    await cover(FRAME_AND_MARGIN, false)
    await pause(1_000)
    await page().mouse.click(point.x, point.y) // lands on the cover, never in the frame
    expect(await state()).toEqual({ outcomes: [], clicks: [{ trusted: true, armed: false }] })
  })

  test('moved partly out of view, rotated, scaled or blurred: disarmed; moved within view: still armed', async () => {
    await show()
    await expect.poll(armed).toBe(true)
    // Partly above the top edge: Approve (at the bottom) is still on screen, but the card is not fully visible.
    await styleFrame({ top: '-100px' })
    await expect.poll(armed).toBe(false)
    const point = await approvePoint()
    await page().mouse.click(point.x, point.y)
    await expect.poll(async () => (await state()).clicks).toHaveLength(1)
    expect(await outcomes()).toEqual([])

    const effects: Record<string, string>[] = [
      { transform: 'rotate(3deg)' },
      { transform: 'scale(0.5)' },
      { filter: 'blur(1px)' },
    ]
    for (const style of effects) {
      await styleFrame({ top: '40px', transform: 'none', filter: 'none' })
      await expect.poll(armed).toBe(true)
      await styleFrame(style)
      await expect.poll(armed).toBe(false)
    }

    await styleFrame({ transform: 'none', filter: 'none' })
    await expect.poll(armed).toBe(true)
    // The visitor still sees all of it: IntersectionObserver v2 does not report a move within view.
    await styleFrame({ left: '300px', top: '60px' })
    await pause(500)
    expect(await armed()).toBe(true)
  })

  test('a frame moved under a resting cursor: that click does not count; one after the pointer rests inside does', async () => {
    // A translation keeps the frame visible to IntersectionObserver v2: only the pointer rule stands in the way.
    await styleFrame({ transform: 'translateX(400px)' })
    await show()
    await expect.poll(armed).toBe(true)
    const moved = await approvePoint()
    const home = { x: moved.x - 400, y: moved.y }
    // The cursor rests on the page where Approve will be; the host moves the frame under it; the visitor clicks.
    await page().mouse.move(home.x, home.y)
    await pause(400)
    await styleFrame({ transform: 'none' })
    // Armed again (a transform change can interrupt the visibility for a moment): the pointer rule alone refuses.
    await expect.poll(armed).toBe(true)
    await page().mouse.down()
    await page().mouse.up()
    await expect.poll(async () => (await state()).clicks).toEqual([{ trusted: true, armed: true }])
    expect(await outcomes()).toEqual([])
    // A visitor who reaches Approve and rests there a moment approves.
    await reach(home)
    await page().mouse.click(home.x, home.y)
    await expect.poll(outcomes).toEqual(['approved'])
  })

  test("synthetic clicks from the frame's own script are untrusted: no approval", async () => {
    await show()
    await expect.poll(armed).toBe(true)
    await frame().evaluate(() => {
      const approve = (window as unknown as FrameWindow).approveButton()
      approve.click()
      approve.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true, button: 0 }))
      approve.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
      approve.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }))
      approve.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }))
    })
    expect(await state()).toEqual({
      outcomes: [],
      clicks: [
        { trusted: false, armed: true },
        { trusted: false, armed: true },
        { trusted: false, armed: true },
      ],
    })
    // Still armed: a real click right after works.
    await reach(await approvePoint())
    await frame().locator(APPROVE).click()
    await expect.poll(outcomes).toEqual(['approved'])
  })

  test('a real pointerdown before arming and its click after it does not count', async () => {
    await show(SIGN, { minVisibleMs: 1_000 })
    const point = await approvePoint()
    await page().mouse.move(point.x, point.y)
    await page().mouse.down()
    await expect.poll(armed).toBe(true)
    await page().mouse.up()
    await expect.poll(async () => (await state()).clicks).toEqual([{ trusted: true, armed: true }])
    expect(await outcomes()).toEqual([])
  })

  test('Reject works at once, Escape rejects, and the keyboard can approve', async () => {
    await styleFrame({ opacity: '0' }) // even when the frame is not visible: rejecting is safe
    await show()
    await frame().locator(REJECT).click()
    await expect.poll(outcomes).toEqual(['rejected'])

    await styleFrame({ opacity: '1' })
    await show()
    await frame().locator('h1').click() // focus in the frame
    await page().keyboard.press('Escape')
    await expect.poll(outcomes).toEqual(['rejected'])

    await show()
    await frame().locator('h1').click()
    await expect.poll(armed).toBe(true)
    await frame().locator(APPROVE).focus()
    await page().keyboard.press('Enter')
    await expect.poll(outcomes).toEqual(['approved'])

    await show()
    await frame().locator('h1').click()
    await expect.poll(armed).toBe(true)
    await frame().locator(REJECT).focus() // where the card puts focus (the click on the title moved it)
    await page().keyboard.press('Tab')
    expect(await frame().evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'lk-approve',
    )
    await page().keyboard.press('Space')
    await expect.poll(outcomes).toEqual(['approved'])
  })

  test('without IntersectionObserver v2 (the fallback): armed only while the frame has focus', async () => {
    const focusPage = () =>
      page().evaluate(() => {
        const input = document.createElement('input')
        input.className = 'cover'
        document.body.append(input)
        input.focus()
      })
    await show(SIGN, { visibilityV2: false }) // the card focuses Reject, which focuses the frame
    await focusPage()
    await pause(1_000)
    expect(await frame().evaluate(() => document.hasFocus())).toBe(false)
    expect(await armed()).toBe(false)
    await frame().locator('h1').click() // focus in the frame
    await expect.poll(armed).toBe(true)
    await focusPage()
    await expect.poll(armed).toBe(false)
    // The fallback cannot see opacity: this is why v2 is used where the browser has it.
    await frame().locator('h1').click()
    await styleFrame({ opacity: '0' })
    await expect.poll(armed).toBe(true)
  })

  test('100 Solana transactions at 360×600: the buttons stay in view, the details scroll', async () => {
    const user = Keypair.fromSeed(new Uint8Array(32).fill(1))
    const to = Keypair.fromSeed(new Uint8Array(32).fill(2)).publicKey
    const transaction = new Transaction({ feePayer: user.publicKey, recentBlockhash: to.toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: to, lamports: 1_000_000_000n }))
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64')
    await show(
      {
        method: 'solana_signAllTransactions',
        params: { transactions: Array(100).fill(transaction) },
        chain: {
          namespace: 'solana',
          reference: 'local',
          name: 'Solana Local',
          nativeSymbol: 'SOL',
          nativeDecimals: 9,
        },
        account: user.publicKey.toBase58(),
      },
      { theme: 'dark' },
    )
    expect(await frame().locator('h1').textContent()).toBe('Sign 100 Solana transactions')
    expect(await frame().locator('section').count()).toBe(200)
    const layout = await frame().evaluate(() => {
      const body = document.querySelector('.lk-approval-body') as HTMLElement
      const approve = document.querySelector('[data-testid=lk-approve]') as HTMLElement
      const card = document.querySelector('[data-testid=lk-approval]') as HTMLElement
      return {
        viewport: [innerWidth, innerHeight],
        scrolls: body.scrollHeight > body.clientHeight,
        wide: card.scrollWidth > card.clientWidth,
        approveBottom: approve.getBoundingClientRect().bottom,
      }
    })
    expect(layout.viewport).toEqual([360, 600])
    expect(layout.scrolls).toBe(true)
    expect(layout.wide).toBe(false)
    expect(layout.approveBottom).toBeLessThanOrEqual(600)
    await expect.poll(armed).toBe(true)
    await reach(await approvePoint())
    await frame().locator(APPROVE).click()
    await expect.poll(outcomes).toEqual(['approved'])
  })
})
