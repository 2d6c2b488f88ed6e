import {
  type CaipNetworkId,
  createKitCore,
  createStore,
  isSafeWebLink,
  type KitCore,
  type KitCoreInternals,
  type KitOptions,
  LatchkeyError,
  type ResolvedOptions,
  rpcUrlsFor,
  shouldShowUnsupportedChain,
  type WalletConnectProvider,
} from '@latchkey/core'
import { defineLatchkeyElements, ELEMENT_NAMES } from '../elements/define-elements.js'
import { createKitTranslate } from '../i18n/kit-translate.js'
import type { MessageCatalogue } from '../i18n/messages-en.js'
import { registerKit } from './registry.js'
import type { UiKit, WalletConnectPackageState } from './types.js'

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

/**
 * The package that brings the WalletConnect SDK: an optional peer of `@latchkey/ui`, installed only by hosts that
 * keep `enableWalletConnect` on (the default).
 */
export const WALLETCONNECT_PACKAGE = '@latchkey/adapter-universal'

/**
 * How a failed import names a package that is not installed, quoted: Vite's stand-in for a missing optional peer
 * (`Could not resolve "…" imported by "@latchkey/ui". Is it installed?`), a browser's `Failed to resolve module
 * specifier "…"`, Node's `Cannot find package '…'`, webpack's `Cannot find module '…'`. A package of its own that
 * is missing is quoted instead, with this one's only in a path; a chunk that did not download names its URL.
 */
const NOT_INSTALLED = new RegExp(`["'\`]${WALLETCONNECT_PACKAGE}["'\`]`)

/**
 * Imports {@link WALLETCONNECT_PACKAGE}; when it is not installed, the failure becomes a LatchkeyError that says
 * what to install. Any other failure is thrown as it is.
 * @throws LatchkeyError ADAPTER_NOT_FOUND when the package is not installed.
 */
async function importWalletConnect(): Promise<
  Pick<typeof import('@latchkey/adapter-universal'), 'createWalletConnectProvider'>
> {
  try {
    // Only the one export is taken: a namespace object that escapes makes a bundler keep the whole package (the
    // universal adapter, its reads through viem), and Vite (Rolldown) then moved the viem modules it shares with a
    // wagmi host into the host's first chunk (about 84 kB gzip).
    const { createWalletConnectProvider } = await import('@latchkey/adapter-universal')
    return { createWalletConnectProvider }
  } catch (error) {
    if (!NOT_INSTALLED.test(error instanceof Error ? error.message : String(error))) throw error
    throw new LatchkeyError(
      `WalletConnect is on (enableWalletConnect) but ${WALLETCONNECT_PACKAGE} is not installed: install it ` +
        `(npm install ${WALLETCONNECT_PACKAGE}) or set enableWalletConnect: false.`,
      { code: 'ADAPTER_NOT_FOUND', cause: error },
    )
  }
}

/** Loads the WalletConnect provider package and starts it for the kit's project, metadata, relay and RPCs. */
async function loadWalletConnect(options: ResolvedOptions): Promise<WalletConnectProvider> {
  const { createWalletConnectProvider } = await importWalletConnect()
  const rpcUrls: Partial<Record<CaipNetworkId, string>> = {}
  for (const network of options.networks) {
    const [url] = rpcUrlsFor(network, options.adapterOptions.customRpcUrls)
    if (url) rpcUrls[network.caipNetworkId] = url
  }
  // Core loads it only with a project id or a relay of the host's own; without a project id none is passed (the
  // relay URL then carries no `projectId` parameter, never an empty one).
  return createWalletConnectProvider({
    ...(options.projectId ? { projectId: options.projectId } : {}),
    metadata: options.metadata,
    ...(options.services.walletConnectRelayUrl ? { relayUrl: options.services.walletConnectRelayUrl } : {}),
    storagePrefix: `${options.storagePrefix}-walletconnect`,
    rpcUrls,
  })
}

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
    t: createKitTranslate(messages),
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
  const { chain, options, modal } = kit.controllers
  return chain.state.subscribe((state) => {
    const connected = kit.getAccount().isConnected
    const show = shouldShowUnsupportedChain({
      activeNetwork: state.activeCaipNetwork,
      enableNetworkSwitch: options.enableNetworkSwitch,
      allowUnsupportedChain: options.allowUnsupportedChain,
      basic: options.basic,
    })
    // The router is there whenever the modal is open (it loads with the modal's controllers).
    const shown = modal.state.get().open && kit.controllers.router.state.get().view === 'UnsupportedChain'
    if (connected && show && !shown) void kit.open({ view: 'UnsupportedChain' })
  })
}
