const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The element that has focus, looking through open shadow roots (the opener is often inside one). */
export function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

/** The elements of `container` Tab reaches, in order. */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  )
}

/**
 * Keeps Tab and Shift-Tab inside `container` (the WAI-ARIA dialog pattern): from the last element Tab goes to
 * the first, from the first (or the container itself) Shift-Tab goes to the last. Returns true when it moved
 * focus (the caller then prevents the browser's own move).
 */
export function trapTab(container: HTMLElement, active: Element | null, backwards: boolean): boolean {
  const items = focusableIn(container)
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return true
  const outside = !active || active === container || !items.includes(active as HTMLElement)
  if (backwards && (outside || active === first)) {
    last.focus()
    return true
  }
  if (!backwards && (outside || active === last)) {
    first.focus()
    return true
  }
  return false
}

/** Up and Down arrows move between the buttons of a list (keyboard-operable lists); Home and End jump. */
export function onListKeyDown(event: KeyboardEvent): void {
  const list = event.currentTarget as HTMLElement
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const items = focusableIn(list)
  if (items.length === 0) return
  const root = list.getRootNode() as Document | ShadowRoot
  const index = items.indexOf(root.activeElement as HTMLElement)
  let next = index
  if (event.key === 'ArrowDown') next = index < 0 ? 0 : Math.min(items.length - 1, index + 1)
  if (event.key === 'ArrowUp') next = index < 0 ? 0 : Math.max(0, index - 1)
  if (event.key === 'Home') next = 0
  if (event.key === 'End') next = items.length - 1
  event.preventDefault()
  items[next]?.focus()
}

/** Arrow keys move through a grid of `columns` cells (left/right by one, up/down by a row); Home and End jump. */
export function onGridKeyDown(event: KeyboardEvent, columns = 4): void {
  const steps: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
  }
  const grid = event.currentTarget as HTMLElement
  if (!(event.key in steps) && event.key !== 'Home' && event.key !== 'End') return
  const items = focusableIn(grid)
  if (items.length === 0) return
  const root = grid.getRootNode() as Document | ShadowRoot
  const index = items.indexOf(root.activeElement as HTMLElement)
  const step = steps[event.key] ?? 0
  let next = index < 0 ? 0 : Math.max(0, Math.min(items.length - 1, index + step))
  if (event.key === 'Home') next = 0
  if (event.key === 'End') next = items.length - 1
  event.preventDefault()
  items[next]?.focus()
}
