import {
  createKitCore,
  createStore,
  isSafeWebLink,
  type KitCore,
  type KitCoreInternals,
  type KitOptions,
  LatchkeyError,
  shouldShowUnsupportedChain,
  type WalletConnectProvider,
} from '@latchkey/core'
import { defineLatchkeyElements, ELEMENT_NAMES } from '../elements/define-elements.js'
import type { MessageCatalogue } from '../i18n/messages-en.js'
import { createTranslate } from '../i18n/translate.js'
import { registerKit } from './registry.js'
import type { UiKit, WalletConnectPackageState } from './types.js'
import { createUiController } from './ui-controller.js'

/** The host's options (SPEC §1, AppKit's names) plus what only the UI reads. */
export interface CreateKitOptions extends KitOptions {
  /** The id `<latchkey-button kit="…">` names; default a generated one. Needed only with several kits. */
  id?: string
  /**
   * A stylesheet that loads the font `themeVariables['--lk-font-family']` names (https, or http on a loopback
   * host). Without one the system font stack is used and the page makes no request for fonts.
   */
  fontStylesheetUrl?: string
  /** Another locale's catalogue (default English). */
  messages?: MessageCatalogue
  /** Where Connect's wallet guide row links (https); default {@link WALLET_GUIDE_URL}. */
  walletGuideUrl?: string
}

/** The wallet guide's default page: a neutral introduction to wallets (https, no tracking parameters). */
export const WALLET_GUIDE_URL = 'https://ethereum.org/en/wallets/'

function generatedId(): string {
  return `latchkey-${Math.random().toString(36).slice(2, 10)}`
}

/**
 * Creates a kit with its UI: core's kit (`createKitCore`) plus the custom elements, defined once per page,
 * bound to this kit; the modal appended to the page body unless `disableAppend` or `enableEmbedded` is set
 * (then the host places `<latchkey-modal>` itself). In a page without DOM (SSR) it is the headless kit.
 * @throws LatchkeyError INVALID_OPTIONS for options of the wrong type or conflicting options.
 */
export function createKit(options: CreateKitOptions, internals: KitCoreInternals = {}): UiKit {
  const { id, fontStylesheetUrl, messages, walletGuideUrl, ...coreOptions } = options
  const walletConnectPackage = createStore<WalletConnectPackageState>({})
  /** The provider from the package; a missing package is logged once and kept for ConnectingWalletConnect to show. */
  const loadInstalledWalletConnect = async (): Promise<WalletConnectProvider> => {
    try {
      // The loader and its messages are a chunk of their own, as the SDK is: a page without WalletConnect loads neither.
      const { loadWalletConnect } = await import('./walletconnect-loader.js')
      return await loadWalletConnect(core.controllers.options)
    } catch (error) {
      if (error instanceof LatchkeyError && error.code === 'ADAPTER_NOT_FOUND') {
        if (!walletConnectPackage.get().missing) core.controllers.logger.error(error.message)
        walletConnectPackage.patch({ missing: error })
      }
      throw error
    }
  }
  const core: KitCore = createKitCore(coreOptions, {
    ...internals,
    // Only with enableWalletConnect, and only when first used: the WalletConnect SDK is a chunk of its own that
    // a page without WalletConnect never loads.
    getWalletConnectProvider: internals.getWalletConnectProvider ?? loadInstalledWalletConnect,
  })
  const guideIsSafe = walletGuideUrl === undefined || isSafeWebLink(walletGuideUrl)
  if (!guideIsSafe) core.controllers.logger.warn('walletGuideUrl ignored: not https')
  const cleanups: (() => void)[] = []
  const kit: UiKit = {
    ...core,
    id: id ?? generatedId(),
    ui: createUiController(core),
    t: createTranslate(messages),
    walletGuideUrl: guideIsSafe && walletGuideUrl !== undefined ? walletGuideUrl : WALLET_GUIDE_URL,
    walletConnectPackage,
    destroy() {
      for (const cleanup of cleanups.splice(0).reverse()) cleanup()
      core.destroy()
    },
  }

  const doc = typeof document === 'undefined' ? undefined : document
  if (!doc || typeof customElements === 'undefined') return kit

  defineLatchkeyElements(window)
  cleanups.push(registerKit(doc, kit))

  if (fontStylesheetUrl !== undefined) {
    if (!isSafeWebLink(fontStylesheetUrl))
      core.controllers.logger.warn('fontStylesheetUrl ignored: not https')
    else {
      const link = doc.createElement('link')
      link.rel = 'stylesheet'
      link.href = fontStylesheetUrl
      doc.head.append(link)
      cleanups.push(() => link.remove())
    }
  }

  if (core.controllers.modal.mount === 'append') {
    const element = doc.createElement(ELEMENT_NAMES.modal)
    element.setAttribute('kit', kit.id)
    const append = () => doc.body.append(element)
    if (doc.body) append()
    else doc.addEventListener('DOMContentLoaded', append, { once: true })
    cleanups.push(() => {
      doc.removeEventListener('DOMContentLoaded', append)
      element.remove()
    })
  }

  cleanups.push(watchUnsupportedChain(kit))
  return kit
}

/** Opens UnsupportedChain when the connected wallet moves to a network the host does not serve (SPEC §2). */
function watchUnsupportedChain(kit: UiKit): () => void {
  const { chain, options, router, modal } = kit.controllers
  return chain.state.subscribe((state) => {
    const connected = kit.getAccount().isConnected
    const show = shouldShowUnsupportedChain({
      activeNetwork: state.activeCaipNetwork,
      enableNetworkSwitch: options.enableNetworkSwitch,
      allowUnsupportedChain: options.allowUnsupportedChain,
      basic: options.basic,
    })
    const shown = modal.state.get().open && router.state.get().view === 'UnsupportedChain'
    if (connected && show && !shown) void kit.open({ view: 'UnsupportedChain' })
  })
}
