import type { KitCoreInternals } from '@latchkey/core'
import { type CreateKitOptions, createKit as createUiKit, type UiKit } from '@latchkey/ui'
import { createKitStores, type KitStores } from './kit-stores.js'
import { registerPageKit } from './registry.js'

/** A kit for React: `@latchkey/ui`'s kit (verbs, subscriptions, the modal) and the stores its hooks read. */
export type LatchkeyKit = UiKit & {
  /** The snapshots `useSyncExternalStore` reads; shared by every hook bound to this kit. */
  readonly stores: KitStores
}

/**
 * Creates a kit for a React app: `@latchkey/ui`'s `createKit` (the custom elements defined, the modal appended
 * unless `disableAppend` / `enableEmbedded`) plus the stores the hooks read. In the browser the kit becomes
 * the page's kit, which hooks outside a `<LatchkeyProvider>` use when it is the only one. On a server it is the
 * headless kit; there, hooks need a `<LatchkeyProvider kit={kit}>`.
 * @throws LatchkeyError INVALID_OPTIONS for options of the wrong type or conflicting options.
 */
export function createKit(options: CreateKitOptions, internals?: KitCoreInternals): LatchkeyKit {
  const uiKit = createUiKit(options, internals)
  let unregister: (() => void) | undefined
  const kit: LatchkeyKit = {
    ...uiKit,
    stores: createKitStores(uiKit),
    destroy() {
      unregister?.()
      uiKit.destroy()
    },
  }
  if (typeof document !== 'undefined') unregister = registerPageKit(document, kit)
  return kit
}
