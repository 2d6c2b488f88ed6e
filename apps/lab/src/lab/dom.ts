// A tiny DOM builder for the parts of the lab written without React (the settings panel, the /vanilla page).
// Text goes through text nodes only, never innerHTML, so wallet-provided strings stay text.

type Child = Node | string | null | undefined | false

/** Creates an element with attributes (`on*` functions become listeners) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | ((event: Event) => void) | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') node.addEventListener(name.slice(2).toLowerCase(), value)
    else node.setAttribute(name, value === true ? '' : value)
  }
  for (const child of children) if (child) node.append(child)
  return node
}
