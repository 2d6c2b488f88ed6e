import type { LatchkeyKit } from './create-kit.js'

/** The React kits of one page, kept on its document (not in a module): two bundles or two tests share nothing. */
interface PageKits {
  kits: LatchkeyKit[]
}

const REGISTRY = Symbol.for('latchkey.react.kits')

function pageKitsOf(doc: Document): PageKits {
  const holder = doc as unknown as Record<symbol, PageKits | undefined>
  let registry = holder[REGISTRY]
  if (!registry) {
    registry = { kits: [] }
    holder[REGISTRY] = registry
  }
  return registry
}

/** Adds a kit to its page; returns the function that removes it. */
export function registerPageKit(doc: Document, kit: LatchkeyKit): () => void {
  const registry = pageKitsOf(doc)
  registry.kits.push(kit)
  return () => {
    registry.kits = registry.kits.filter((k) => k !== kit)
  }
}

/** The page's only kit: none on a server, and none when the page has several (then a provider must say which). */
export function findPageKit(): LatchkeyKit | undefined {
  if (typeof document === 'undefined') return undefined
  const { kits } = pageKitsOf(document)
  return kits.length === 1 ? kits[0] : undefined
}
