'use client'

/**
 * @latchkey/react: React 18/19 bindings over `@latchkey/ui`. `createKit()`, `<LatchkeyProvider>`, the
 * `useLatchkey*` hooks (each a `useSyncExternalStore` over one of the kit's subscriptions) and the
 * `<LatchkeyButton />` / `<LatchkeyNetworkButton />` components. Importing it touches no browser global.
 */

export type { CreateKitOptions } from '@latchkey/ui'
export {
  LatchkeyButton,
  type LatchkeyButtonProps,
  LatchkeyNetworkButton,
} from './components/buttons.js'
export type {
  LatchkeyButtonAttributes,
  LatchkeyNetworkButtonAttributes,
} from './components/elements-jsx.js'
export { LatchkeyProvider, NO_KIT_MESSAGE } from './components/provider.js'
export { useLatchkeyAccount, useLatchkeyProvider, useWalletInfo } from './hooks/account.js'
export { useDisconnect, useLatchkey } from './hooks/actions.js'
export { useLatchkeyNetwork, useLatchkeyState } from './hooks/network.js'
export { useLatchkeyEvents, useLatchkeyTheme } from './hooks/theme.js'
export { createKit, type LatchkeyKit } from './kit/create-kit.js'
export type { ExternalStore } from './kit/external-store.js'
export type { KitStores } from './kit/kit-stores.js'
