import type { UiKit } from './types.js'

/** The kits of one page, kept on its document (not in a module), so two bundles and two kits share nothing else. */
interface KitRegistry {
  kits: UiKit[]
}

const REGISTRY = Symbol.for('latchkey.ui.kits')
/** Fired on the document when a kit registers or leaves: elements waiting for their kit look again. */
export const KITS_CHANGED_EVENT = 'latchkey:kits-changed'

function registryOf(doc: Document): KitRegistry {
  const holder = doc as unknown as Record<symbol, KitRegistry | undefined>
  let registry = holder[REGISTRY]
  if (!registry) {
    registry = { kits: [] }
    holder[REGISTRY] = registry
  }
  return registry
}

/** Adds a kit to its page; returns the function that removes it. */
export function registerKit(doc: Document, kit: UiKit): () => void {
  const registry = registryOf(doc)
  registry.kits.push(kit)
  doc.dispatchEvent(new CustomEvent(KITS_CHANGED_EVENT))
  return () => {
    registry.kits = registry.kits.filter((k) => k !== kit)
    doc.dispatchEvent(new CustomEvent(KITS_CHANGED_EVENT))
  }
}

/**
 * The kit an element belongs to: the one whose id its `kit` attribute names, else the only kit of the page.
 * With several kits and no attribute there is no way to know, so none.
 */
export function findKit(doc: Document, id: string | null): UiKit | undefined {
  const { kits } = registryOf(doc)
  if (id) return kits.find((kit) => kit.id === id)
  return kits.length === 1 ? kits[0] : undefined
}
