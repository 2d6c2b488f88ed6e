import type { KitCore, LatchkeyError, StateStore } from '@latchkey/core'
import type { Translate } from '../i18n/translate.js'

/** Whether the WalletConnect package is there: known only once WalletConnect was first used. */
export interface WalletConnectPackageState {
  /**
   * Set when WalletConnect is on but `@latchkey/adapter-universal` (an optional peer of `@latchkey/ui`) is not
   * installed: the error (ADAPTER_NOT_FOUND) naming the package, which ConnectingWalletConnect shows.
   */
  missing?: LatchkeyError
}

/** A kit with its UI: the headless kit of `@latchkey/core`, an id its elements find it by, and the UI's own state. */
export type UiKit = Omit<KitCore, 'destroy'> & {
  /** The id elements name in their `kit` attribute. */
  readonly id: string
  /**
   * The message catalogue's translator: the host's `messages`, else English (the modal's strings join the buttons'
   * when the modal's chunk loads; a modal key asked before that comes back as the key).
   */
  readonly t: Translate
  /** Where Connect's "New to wallets?" row links (https; shown while `enableWalletGuide` is on). */
  readonly walletGuideUrl?: string
  /** Whether WalletConnect's package turned out to be missing when WalletConnect was used. */
  readonly walletConnectPackage: StateStore<WalletConnectPackageState>
  /** Stops the kit, removes the modal it appended and unregisters it from the page. Does not disconnect. */
  destroy(): void
}
