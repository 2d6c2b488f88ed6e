import { join } from 'node:path'
import axe from 'axe-core'
import type { Page } from './kit-page.js'

export const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
/** SPEC §9's accents per theme. */
export const ACCENTS = { dark: 'hsla(230,100%,67%,1)', light: 'hsla(231,100%,70%,1)' } as const
export type Theme = keyof typeof ACCENTS

/** What the modal measures in one view and theme. */
export interface VisualReport {
  view: string | null
  width: string
  zIndex: string
  accent: string
  /** Images inside the shadow root that failed to decode (naturalWidth 0): their src. */
  brokenImages: string[]
  /** The dialog or its body when they scroll sideways, elements reaching outside the dialog, and the page itself. */
  overflowing: string[]
  /** How the focused element shows focus, or why it does not. */
  focus: { testId: string | null; outline: string; boxShadow: string; inCard: boolean }
}

/** Loads axe-core into the page once. */
async function loadAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return
  await page.addScriptTag({ content: axe.source })
}

/** The serious and critical axe violations of the page (axe reads the open shadow roots), as 'rule: target'. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await loadAxe(page)
  return page.evaluate(async () => {
    type AxeNode = { target: unknown[]; any: { message: string }[] }
    type AxeResult = { violations: { id: string; impact?: string; nodes: AxeNode[] }[] }
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)} ${n.any.map((c) => c.message).join('; ')}`),
      )
  })
}

/**
 * Waits until every image in the modal has finished loading or failing; a lazy image still waiting to come near the
 * viewport (All Wallets' cells below the fold) is not loading, so it is not waited for.
 */
export async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('latchkey-modal')?.shadowRoot
    return [...(root?.querySelectorAll('img') ?? [])].every(
      (img) => img.complete || (img.loading === 'lazy' && !img.currentSrc),
    )
  })
}

/** Measures the open modal: width, z-index, accent, images, horizontal overflow, the focused element's focus ring. */
export function measure(page: Page): Promise<VisualReport> {
  return page.evaluate(async () => {
    const host = document.querySelector('latchkey-modal') as HTMLElement
    const root = host.shadowRoot as ShadowRoot
    // An image whose URL arrived after imagesSettled is still loading, not broken: wait for it to decode or fail. A
    // lazy image that has not come near the viewport is not loading at all.
    const waiting = (img: HTMLImageElement) => img.loading === 'lazy' && !img.currentSrc
    // Each image still loading is waited for until it loads or fails (its own events: `decode()` can reject for an image
    // that then loads, counting a slow image as broken), at most 10 s.
    await Promise.all(
      [...root.querySelectorAll('img')].map((img) =>
        img.complete || waiting(img)
          ? undefined
          : new Promise<void>((done) => {
              const finish = () => done()
              img.addEventListener('load', finish, { once: true })
              img.addEventListener('error', finish, { once: true })
              setTimeout(finish, 10_000)
              if (img.complete) done()
            }),
      ),
    )
    const card = root.querySelector('[data-testid="modal"]') as HTMLElement
    const overlay = root.querySelector('[data-testid="modal-overlay"]') as HTMLElement
    // The dialog and its scroll area never scroll sideways, and no element reaches outside the dialog's sides.
    const box = card.getBoundingClientRect()
    const scrollers = [card, root.querySelector('.body') as HTMLElement].filter(
      (el) => el && el.scrollWidth > el.clientWidth,
    )
    const outside = [...card.querySelectorAll<HTMLElement>('*')].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5)
    })
    const overflowing = [...scrollers, ...outside].map(
      (el) => el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${el.className}`,
    )
    if (document.documentElement.scrollWidth > window.innerWidth) overflowing.push('page')
    const brokenImages = [...root.querySelectorAll('img')]
      .filter((img) => !waiting(img) && !(img.complete && img.naturalWidth > 0))
      .map((img) => img.src.slice(0, 80))
    const focused = root.activeElement as HTMLElement | null
    // A search field shows focus on its frame (:focus-within), the input itself draws none.
    const ring = focused?.tagName === 'INPUT' ? (focused.closest('.search') as HTMLElement | null) : focused
    const style = ring ? getComputedStyle(ring) : undefined
    return {
      view: card.getAttribute('data-view'),
      width: getComputedStyle(card).width,
      zIndex: getComputedStyle(overlay).zIndex,
      accent: getComputedStyle(card).getPropertyValue('--lk-accent').trim(),
      brokenImages,
      overflowing,
      focus: {
        testId: focused?.getAttribute('data-testid') ?? focused?.tagName.toLowerCase() ?? null,
        outline:
          style && style.outlineStyle !== 'none' ? `${style.outlineStyle} ${style.outlineColor}` : 'none',
        boxShadow: style?.boxShadow ?? 'none',
        inCard: Boolean(focused && card.contains(focused) && focused !== card),
      },
    }
  })
}
