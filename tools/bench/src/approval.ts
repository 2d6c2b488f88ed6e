/**
 * The embedded wallet's approval (the email app, logged in): a `personal_sign` asked through the kit's wallet provider,
 * timed from the call to the first frame in which the secure frame's own approval card is laid out and visible (the
 * modal's ApproveTransaction view placed the frame over itself and showed it). The card lives in the frame's document
 * (another origin): a probe in that document records the epoch time of the first animation frame with the card shown,
 * the page records the epoch time of the call; both are `performance.timeOrigin + now` on one machine.
 */
import type { Page } from 'playwright-core'

/** How long the approval may take to show before the run fails. */
const APPROVAL_TIMEOUT_MS = 15_000

interface ApprovalWindow {
  __benchApprovalShown?: number
}

/** The sign request → approval visible time of `page`'s logged-in account, in ms; leaves the request cancelled. */
export async function signToApproval(page: Page, frameUrl: string): Promise<number> {
  const origin = new URL(frameUrl).origin
  const frame = page.frames().find((each) => each.url().startsWith(origin))
  if (!frame) throw new Error(`Approval: no secure frame from ${origin} on the page after the login`)
  // In the frame: each animation frame until the card is there, laid out and the document visible.
  await frame.evaluate(() => {
    const probe = window as unknown as ApprovalWindow
    probe.__benchApprovalShown = undefined
    const tick = (time: number) => {
      const card = document.querySelector('[data-testid="lk-approval"]')
      const box = card?.getBoundingClientRect()
      if (box && box.width > 0 && box.height > 0 && document.visibilityState === 'visible') {
        probe.__benchApprovalShown = performance.timeOrigin + time
        return
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  const askedAt = await page.evaluate(() => {
    const kit = (
      window as unknown as {
        __benchKit: { getWalletProvider(namespace: 'eip155'): unknown }
        __benchKitAddress?: string
      }
    ).__benchKit
    const provider = kit.getWalletProvider('eip155') as {
      request(args: { method: string; params: unknown[] }): Promise<unknown>
    }
    const address = (window as unknown as { __benchKitAddress?: string }).__benchKitAddress
    const at = performance.timeOrigin + performance.now()
    // The request is cancelled below (the modal closed): its rejection is expected.
    provider.request({ method: 'personal_sign', params: ['0x62656e6368', address] }).catch(() => undefined)
    return at
  })
  const shown = await frame.waitForFunction(
    () => (window as unknown as ApprovalWindow).__benchApprovalShown,
    undefined,
    { timeout: APPROVAL_TIMEOUT_MS, polling: 50 },
  )
  const shownAt = (await shown.jsonValue()) as number
  // Cancel it: closing the modal rejects the pending request and the frame drops the card.
  await page.evaluate(() =>
    (window as unknown as { __benchKit: { close(): Promise<unknown> } }).__benchKit.close(),
  )
  return shownAt - askedAt
}
