/** The longest a page that never goes idle makes the kit's background start-up wait. */
const IDLE_TIMEOUT_MS = 1_000

/**
 * Resolves once the page has painted and is idle (at most {@link IDLE_TIMEOUT_MS} later), at once without a window
 * (Node, SSR, tests). What only the modal needs, such as the remote configuration and the analytics switch, waits for
 * this, so its code and requests never compete with the first paint of the page's button.
 */
export function afterFirstPaint(window: Window | undefined): Promise<void> {
  if (!window) return Promise.resolve()
  return new Promise((resolve) => {
    const idle = (window as { requestIdleCallback?: Window['requestIdleCallback'] }).requestIdleCallback
    if (typeof idle === 'function') idle.call(window, () => resolve(), { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(resolve, 0)
  })
}
