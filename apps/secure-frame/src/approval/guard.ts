/**
 * The approval guard: Approve takes effect only after the card has been fully visible, without interruption, for a
 * while, and only for a real gesture of the visitor inside the frame. It is what keeps a hostile host page from
 * getting an approval by covering the frame, making it transparent, or clicking for the visitor.
 *
 * Visibility comes from IntersectionObserver v2 where the browser has it (`trackVisibility`: `isVisible` is false
 * while the frame or an ancestor in the embedding page has opacity below 1, a filter, a transform other than a
 * translation or a proper scale, or another element over it). Elsewhere the card counts as visible while it is fully
 * in the viewport, the frame's document is visible and has focus; a hidden document, a blur or a resize restarts the
 * wait either way.
 *
 * A click on Approve counts only when it is trusted (`isTrusted`), follows a trusted pointerdown on Approve (or a
 * trusted Enter / Space on the focused Approve), and both happened while armed; a mouse press counts only once the
 * pointer has really moved inside the frame a moment before, and at the place it last moved to (a frame moved under a
 * resting cursor gets none). Reject always works, as does Escape.
 * There is exactly one outcome.
 */

export interface ApprovalGuardOptions {
  /** the approval card */
  container: HTMLElement
  approve: HTMLButtonElement
  reject: HTMLButtonElement
  onApprove(): void
  onReject(): void
  /** Continuous full visibility required before Approve works, ms. Default 500. */
  minVisibleMs?: number
  /**
   * How long the pointer must have been inside the frame before a press on Approve counts, ms. Default 300: a host
   * that moves the frame under a still cursor (or between the two clicks of a double click) gets no approval.
   */
  minPointerDwellMs?: number
  /** For tests: the clock, ms. Default `performance.now`. */
  now?: () => number
  /**
   * For tests: whether to rely on IntersectionObserver v2 (`isVisible`). Default: when the browser has it. `false`
   * forces the fallback; `true` without browser support is refused (the fallback is used).
   */
  visibilityV2?: boolean
  /** For tests: the observer constructor. Default: the window's `IntersectionObserver`. */
  IntersectionObserver?: typeof IntersectionObserver
}

export interface ApprovalGuard {
  isArmed(): boolean
  destroy(): void
}

/** The text shown after a click on Approve that did not count. */
const NOT_ARMED_HINT = 'Hold on: the approval must be fully visible first'

const DEFAULT_MIN_VISIBLE_MS = 500
const DEFAULT_MIN_POINTER_DWELL_MS = 300
const HINT_MS = 4_000
/** The smallest intersection ratio that counts as fully visible (layout rounding). */
const FULL = 0.99

/** IntersectionObserver v2's additions, not in every DOM typing. */
interface VisibilityObserverInit extends IntersectionObserverInit {
  trackVisibility?: boolean
  delay?: number
}
interface VisibilityEntry extends IntersectionObserverEntry {
  readonly isVisible?: boolean
}

/** Whether the browser's IntersectionObserver reports `isVisible` (v2). */
function hasVisibilityV2(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  )
}

export function createApprovalGuard(options: ApprovalGuardOptions): ApprovalGuard {
  const { container, approve, reject } = options
  const minVisibleMs = options.minVisibleMs ?? DEFAULT_MIN_VISIBLE_MS
  const minPointerDwellMs = options.minPointerDwellMs ?? DEFAULT_MIN_POINTER_DWELL_MS
  /**
   * The pointer inside the frame's document: since when it has really moved there (a trusted move with a movement: the
   * browser's own moves after a layout change have none), and where it last was. Cleared when it leaves.
   */
  let pointer: { since: number; x: number; y: number } | undefined
  const now = options.now ?? (() => performance.now())
  const v2 = hasVisibilityV2() && options.visibilityV2 !== false
  const Observer =
    options.IntersectionObserver ??
    (typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver)
  const view = container.ownerDocument.defaultView ?? window
  const doc = container.ownerDocument

  /** The observer's last verdict: fully in the viewport (and, with v2, not covered or faded). */
  let observedVisible = false
  /** Since when the card has been visible without interruption; undefined while it is not. */
  let visibleSince: number | undefined
  let settled = false
  let destroyed = false
  /** A trusted pointerdown on Approve while armed, not yet followed by its click. */
  let pressedWhileArmed = false
  /** A trusted Enter / Space on the focused Approve while armed, not yet followed by its click. */
  let keyedWhileArmed = false
  let armTimer: ReturnType<typeof setTimeout> | undefined
  let hintTimer: ReturnType<typeof setTimeout> | undefined

  let hint = container.querySelector<HTMLElement>('[data-testid="lk-hint"]')
  const ownHint = hint === null
  if (hint === null) {
    hint = doc.createElement('p')
    hint.setAttribute('aria-live', 'polite')
    hint.dataset.testid = 'lk-hint'
    container.append(hint)
  }
  const hintElement = hint

  /** The document side of visibility: shown, and (without v2) focused. */
  const documentVisible = () => doc.visibilityState === 'visible' && (v2 || doc.hasFocus())
  const visibleNow = () => observedVisible && documentVisible()
  const armedNow = () =>
    !settled &&
    !destroyed &&
    visibleSince !== undefined &&
    visibleNow() &&
    now() - visibleSince >= minVisibleMs

  /** Shows the state on Approve and wakes up when the wait is over. */
  function update(): void {
    if (armTimer !== undefined) clearTimeout(armTimer)
    armTimer = undefined
    if (settled || destroyed) return
    const armed = armedNow()
    approve.setAttribute('aria-disabled', armed ? 'false' : 'true')
    if (!armed && visibleSince !== undefined && visibleNow()) {
      armTimer = setTimeout(update, Math.max(0, minVisibleMs - (now() - visibleSince)) + 1)
    }
  }

  /** Starts the wait again: now if the card is visible, else when it becomes so. */
  function restart(): void {
    pressedWhileArmed = false
    keyedWhileArmed = false
    visibleSince = visibleNow() ? now() : undefined
    update()
  }

  /** The wait starts when the card becomes visible; an interruption drops it. */
  function observed(entries: IntersectionObserverEntry[]): void {
    const entry = entries.filter((each) => each.target === container).at(-1) as VisibilityEntry | undefined
    if (!entry) return
    observedVisible =
      entry.isIntersecting && entry.intersectionRatio >= FULL && (!v2 || entry.isVisible === true)
    if (!visibleNow()) {
      visibleSince = undefined
      pressedWhileArmed = false
      keyedWhileArmed = false
    } else if (visibleSince === undefined) {
      visibleSince = now()
    }
    update()
  }

  function showHint(): void {
    hintElement.textContent = NOT_ARMED_HINT
    if (hintTimer !== undefined) clearTimeout(hintTimer)
    hintTimer = setTimeout(() => {
      hintElement.textContent = ''
    }, HINT_MS)
  }

  function settle(approved: boolean): void {
    if (settled || destroyed) return
    settled = true
    approve.setAttribute('aria-disabled', 'true')
    approve.disabled = true
    reject.disabled = true
    teardown()
    if (approved) options.onApprove()
    else options.onReject()
  }

  const onApprovePointerDown = (event: PointerEvent) => {
    // A mouse press counts after the pointer really moved inside the frame a moment before, and where it last moved
    // to: a frame moved under the cursor (the content moved, the pointer did not) is pressed somewhere else.
    const dwelt =
      event.pointerType !== 'mouse' ||
      (pointer !== undefined &&
        now() - pointer.since >= minPointerDwellMs &&
        Math.abs(event.clientX - pointer.x) <= 1 &&
        Math.abs(event.clientY - pointer.y) <= 1)
    pressedWhileArmed = event.isTrusted && event.isPrimary && event.button === 0 && dwelt && armedNow()
  }
  const onPointerMove = (event: PointerEvent) => {
    if (!event.isTrusted || event.pointerType !== 'mouse') return
    const moved = event.movementX !== 0 || event.movementY !== 0
    if (moved) pointer = { since: pointer?.since ?? now(), x: event.clientX, y: event.clientY }
  }
  const onPointerOut = (event: PointerEvent) => {
    if (event.relatedTarget === null) pointer = undefined
  }
  const onAnyPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Node) || !approve.contains(event.target)) pressedWhileArmed = false
  }
  const onPointerCancel = () => {
    pressedWhileArmed = false
  }
  const onApproveKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    keyedWhileArmed = event.isTrusted && doc.activeElement === approve && armedNow()
  }
  const onApproveClick = (event: MouseEvent) => {
    event.preventDefault()
    if (settled || destroyed) return
    const byPointer = pressedWhileArmed && event.detail > 0
    const byKey = keyedWhileArmed && event.detail === 0
    pressedWhileArmed = false
    keyedWhileArmed = false
    if (event.isTrusted && (byPointer || byKey) && armedNow()) settle(true)
    else showHint()
  }
  const onRejectClick = (event: MouseEvent) => {
    event.preventDefault()
    settle(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      settle(false)
    }
  }
  const onFocus = () => {
    if (visibleSince === undefined) restart()
  }

  // Every listener goes with `listening` (all but Approve's click, which keeps preventing the default until destroy).
  const listening = new AbortController()
  const captured = { capture: true, signal: listening.signal }
  const bubbling = { signal: listening.signal }
  approve.addEventListener('pointerdown', onApprovePointerDown, captured)
  approve.addEventListener('keydown', onApproveKeyDown, captured)
  approve.addEventListener('click', onApproveClick, true)
  reject.addEventListener('click', onRejectClick, captured)
  doc.addEventListener('pointerdown', onAnyPointerDown, captured)
  doc.addEventListener('pointercancel', onPointerCancel, captured)
  doc.addEventListener('pointermove', onPointerMove, captured)
  doc.addEventListener('pointerout', onPointerOut, captured)
  doc.addEventListener('keydown', onKeyDown, captured)
  doc.addEventListener('visibilitychange', restart, bubbling)
  view.addEventListener('blur', restart, bubbling)
  view.addEventListener('resize', restart, bubbling)
  view.addEventListener('focus', onFocus, bubbling)

  let observer: IntersectionObserver | undefined
  if (Observer) {
    const init: VisibilityObserverInit = v2
      ? { threshold: [1], trackVisibility: true, delay: 100 }
      : { threshold: [1] }
    observer = new Observer(observed, init)
    observer.observe(container)
  }
  approve.setAttribute('aria-disabled', 'true')

  function teardown(): void {
    observer?.disconnect()
    observer = undefined
    if (armTimer !== undefined) clearTimeout(armTimer)
    armTimer = undefined
    listening.abort()
  }

  return {
    isArmed: armedNow,
    destroy() {
      if (destroyed) return
      destroyed = true
      teardown()
      approve.removeEventListener('click', onApproveClick, true)
      if (hintTimer !== undefined) clearTimeout(hintTimer)
      hintTimer = undefined
      if (ownHint) hintElement.remove()
    },
  }
}
