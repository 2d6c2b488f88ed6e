import type { AdapterContext, ChainAdapter } from '../adapter/adapter.js'
import { prefixStorage } from '../adapter/storage.js'
import type { WalletConnectProvider } from '../adapter/walletconnect.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { KitOptions } from '../controllers/config/options/options.js'
import { isWalletConnectUnavailable, resolveOptions } from '../controllers/config/options/resolve-options.js'
import { createDefaultStorage, createStorageHelpers } from '../controllers/config/storage/kit-storage.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import type { KitEvent } from '../controllers/config/telemetry/events.js'
import { createLogger } from '../controllers/config/telemetry/logger.js'
import { createThemeController } from '../controllers/config/theme/theme-controller.js'
import { createChainController } from '../controllers/connection/chain-controller.js'
import { createConnectionController } from '../controllers/connection/connection-controller.js'
import { createConnectorsController } from '../controllers/listing/connectors-controller.js'
import { createModalController } from '../controllers/navigation/modal-controller.js'
import type { RouterController } from '../controllers/navigation/router-controller.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import { isUnsupportedNetwork } from '../networks/define.js'
import { balanceServiceOf } from '../services/balance-service.js'
import type { BlockchainApi, ProviderApi } from '../services/types.js'
import { revokeOnDisconnect } from '../siwx/revoke-on-disconnect.js'
import { createSiwx } from '../siwx/siwx-facade.js'
import type { EmbeddedSetup } from './embedded-setup.js'
import { afterFirstPaint } from './idle.js'
import { createKitApi } from './kit-api.js'
import { createLateLoader } from './late-loader.js'
import { keepAddressCache, rememberedInStorage } from './remembered.js'
import { createServices } from './services-setup.js'
import { walletConnectLoader } from './walletconnect-loader.js'

/** What only the kit's own packages pass: the UI hands in the lazily loaded WalletConnect provider. */
export interface KitCoreInternals {
  getWalletConnectProvider?: () => Promise<WalletConnectProvider>
  /** Service clients to use instead of creating them (tests, custom transports). */
  providerApi?: ProviderApi
  blockchainApi?: BlockchainApi
}

/**
 * Creates a headless kit: every controller of SPEC §2–§4 bound to one instance, its adapters, storage and
 * service clients. Nothing is shared between two kits. The UI (`@latchkey/ui`) renders what this exposes;
 * apps that render their own UI can use it directly.
 * @throws LatchkeyError INVALID_OPTIONS for options of the wrong type or conflicting options.
 */
export function createKitCore(raw: KitOptions, internals: KitCoreInternals = {}) {
  const options = resolveOptions(raw)
  const env = options.environment
  const secrets = options.projectId ? [options.projectId] : []
  const logger = createLogger({ debug: options.debug, secrets })
  for (const warning of options.warnings) logger.warn(warning)
  const storage = createStorageHelpers({ storage: options.storage, logger, now: env.now })
  const { providerService, blockchainApi } = createServices(options, internals, logger)
  const adapters = options.adapters
  const getAdapter = (namespace: ChainNamespace): ChainAdapter | undefined => adapters.get(namespace)
  let preferredAccountTypes: Awaited<ReturnType<typeof storage.getPreferredAccountTypes>> = {}

  // The project-not-configured alert shows once a browser session (sessionStorage, else memory: once a kit).
  const session = prefixStorage(createDefaultStorage(env, 'sessionStorage'), options.storagePrefix)
  const theme = createThemeController({
    themeMode: options.themeMode,
    themeVariables: options.themeVariables,
  })
  // The controllers that serve the modal and the host's subscriptions load after the page's first paint (or when the
  // modal opens first): until then what the rest of the kit asks of them waits, in order.
  const lateLoader = createLateLoader(
    () => ({
      options,
      logger,
      providerApi: internals.providerApi,
      providerService,
      session,
      chain,
      connection,
      connectors,
      modal,
      siwx,
      storage,
      getAdapter,
      blockchainApi,
      theme,
    }),
    logger,
  )
  const loadLate = lateLoader.load
  const withLate = lateLoader.use
  const track = (event: KitEvent) => withLate((c) => c.events.track(event))

  // The send form, once its chunk loaded, empties on a network switch and on disconnect (SPEC §4).
  const resetSendState = () => lateLoader.current()?.send.current()?.reset()
  // The controllers below refer to each other through functions, so the order they are created in is free.
  const chain = createChainController({
    networks: options.networks,
    // A server-rendered page shows what its server did (the cookie's initialState); any other page what storage holds.
    rendered: options.initialState,
    remembered:
      options.initialState ??
      (options.ssr ? undefined : rememberedInStorage(options.storage, options.networks)),
    getAdapter,
    defaultAccountTypes: options.defaultAccountTypes,
    getStoredAccountType: (namespace) => preferredAccountTypes[namespace],
    blockchainApi,
    recordNetworkChoice: (network) => {
      void storage.setActiveNetworkId(network.caipNetworkId)
      void storage.setActiveNamespace(network.chainNamespace)
    },
    onNetworkNotFound: (caipNetworkId) =>
      withLate((c) => c.alerts.raise('switchNetworkNotFound', { detail: caipNetworkId })),
    setNamespaceVisible: (namespace, visible) => connectors.setNamespaceVisible(namespace, visible),
    forgetConnector: (namespace) => void storage.removeConnectorId(namespace),
    resetSendState,
    logError: (error) => logger.warn('Background read failed', error),
    getEmbeddedAccountType: (namespace) => lateLoader.current()?.embedded?.accountType(namespace),
    connectEmbeddedWallet: (network) => withEmbedded((e) => e.connectOn(network), undefined),
  })
  const connectors = createConnectorsController({
    env,
    options: {
      enableEIP6963: options.enableEIP6963,
      enableWallets: options.enableWallets,
      customWallets: options.customWallets,
      allowLocalImages: options.allowLocalImages,
    },
    getRecentWallets: () => connection.state.get().recentWallets,
    getActiveNamespace: () => chain.state.get().activeNamespace,
    hasNetworks: (namespace) => chain.getNetworks(namespace).length > 0,
  })
  // WalletConnect needs a project id or a relay of the host's own: without, it is offered nowhere and refused.
  const walletConnectUnavailable = isWalletConnectUnavailable(options)
  const getWalletConnectProvider = walletConnectLoader(
    options.enableWalletConnect && !walletConnectUnavailable ? internals.getWalletConnectProvider : undefined,
    (error) => {
      withLate((c) => c.alerts.reportProviderError(error))
      logger.warn('WalletConnect error', error)
    },
  )
  const connection = createConnectionController({
    env,
    store: storage,
    chain,
    namespaces: adapters.namespaces,
    getAdapter,
    getConnector: (namespace, id) => connectors.getConnector(namespace, id),
    getWalletConnectProvider,
    walletConnectUnavailable: walletConnectUnavailable ? Messages.walletConnectUnavailable : undefined,
    walletConnectSignIn: options.siwx
      ? {
          request: (chains) => siwx.walletConnectSignInRequest(chains),
          store: (request, auths) => siwx.storeWalletConnectSessions(request, auths),
        }
      : undefined,
    customRpcUrls: options.adapterOptions.customRpcUrls,
    restoreEmbeddedWallet: (namespace) => withEmbedded((e) => e.restore(namespace), null),
    track,
    resetSendState,
    resetSessions: revokeOnDisconnect(options.siwx),
  })
  // The embedded wallet (email login): its code is in the late controllers and a chunk of its own; a kit that cannot
  // offer it (no secure frame URL, no projectId, no browser) never asks for either.
  const embeddedOn = Boolean(options.services.secureFrameUrl && options.projectId && env.window?.document)
  const withEmbedded = async <T>(run: (e: EmbeddedSetup) => Promise<T>, none: T): Promise<T> => {
    const setup = embeddedOn ? (await loadLate()).embedded : undefined
    return setup ? run(setup) : none
  }
  const isConnected = (namespace?: ChainNamespace) => chain.getAccount(namespace)?.status === 'connected'
  // The router is a late controller: the modal reads it once open (it opens after they loaded); a reset asked
  // before waits for it, in turn.
  const router: Pick<RouterController, 'state' | 'reset'> = {
    get state() {
      return lateLoader.need().router.state
    },
    reset: (...args) => withLate((c) => c.router.reset(...args)),
  }
  const modal = createModalController({
    router,
    isConnected,
    embedded: options.enableEmbedded,
    disableAppend: options.disableAppend,
    subscribeActiveAddress: (listener) => {
      let last = chain.state.get().activeCaipAddress
      return chain.state.subscribe((s) => {
        if (s.activeCaipAddress === last) return
        last = s.activeCaipAddress
        listener(chain.getAccount()?.address)
      })
    },
    rejectPendingRequests: () => lateLoader.current()?.embedded?.rejectPendingRequests(),
    cancelTransactions: () => lateLoader.current()?.embedded?.cancelTransactions(),
    isSignInRequired: () => siwx.isEnabled() && siwx.isRequired(),
    hasSession: async () => !siwx.isEnabled() || (await siwx.hasSession()),
    track: (event, properties) => track({ event, properties }),
    prepare: async ({ namespace }) => {
      connectors.setFilterNamespace(namespace)
      const { connectFlow, listing } = await loadLate()
      void connectFlow.preload()
      await listing.prefetch()
    },
    selectNamespace: (namespace) => {
      const network = chain.state.get().namespaces[namespace]?.caipNetwork
      if (network) void chain.switchNetwork(network).catch((error) => logger.warn('Switch failed', error))
    },
  })
  const accountOfActive = () => {
    const account = chain.getAccount()
    const network = chain.state.get().activeCaipNetwork
    // A network the host does not serve has no sign-in: UnsupportedChain asks the visitor to leave it first.
    if (account?.status !== 'connected' || !account.address || !network || isUnsupportedNetwork(network))
      return undefined
    return {
      address: account.address,
      chainId: network.caipNetworkId,
      type: account.allAccounts.find((a) => a.address === account.address)?.type,
    }
  }
  const siwx = createSiwx({
    config: options.siwx,
    getAccount: accountOfActive,
    // Each connected account once: a remembered account shown while it reconnects counts when the restore confirms it.
    subscribeAccount: (listener) => {
      const keyOf = (account = accountOfActive()) => account && `${account.chainId}:${account.address}`
      let last = keyOf()
      return chain.state.subscribe(() => {
        const account = accountOfActive()
        if (keyOf(account) === last) return
        last = keyOf(account)
        listener(account)
      })
    },
    signMessage: async (message) => {
      const namespace = chain.state.get().activeNamespace
      const adapter = namespace ? getAdapter(namespace) : undefined
      if (!adapter) throw new LatchkeyError(Messages.chainAdapterNotFound, { code: 'ADAPTER_NOT_FOUND' })
      return (await adapter.signMessage({ message })).signature
    },
    disconnect: () => connection.disconnect(),
    modal,
    router,
    showError: (message) => withLate((c) => c.snackbar.showError(message)),
    track: (event, properties) =>
      track(
        event === 'SIWX_AUTH_ERROR'
          ? { event, properties: { network: properties.network } }
          : {
              event,
              properties: {
                network: properties.network ?? 'eip155:0',
                isSmartAccount: properties.isSmartAccount,
              },
            },
      ),
    logError: (error) => logger.warn('Sign-in failed', error),
  })

  const adapterListeners: (() => void)[] = []

  async function initAdapter(adapter: ChainAdapter): Promise<void> {
    const namespace = adapter.namespace
    const context: AdapterContext = {
      networks: chain.getNetworks(namespace),
      options: options.adapterOptions,
      storage: prefixStorage(options.storage, `adapter:${namespace}`),
      getWalletConnectProvider,
      getEmbeddedWalletProvider: embeddedOn
        ? () => withEmbedded((e) => e.adapterProvider(), undefined as never)
        : undefined,
      balanceService: balanceServiceOf(blockchainApi),
      discoveryTarget: env.window,
    }
    adapterListeners.push(
      adapter.on('connectorsChanged', ({ connectors: list }) =>
        connectors.setAdapterConnectors(namespace, list),
      ),
      adapter.on('accountsChanged', ({ accounts }) => chain.updateAccounts(namespace, accounts)),
      adapter.on('networkChanged', ({ network }) => chain.onNetworkChanged(namespace, network)),
      adapter.on('disconnected', () => void connection.onWalletDisconnected(namespace)),
    )
    await adapter.init(context)
    connectors.setAdapterConnectors(namespace, adapter.getConnectors())
  }

  /** Start-up: stored preferences and network, adapters, then restore; remote config and analytics once painted. */
  async function start(): Promise<void> {
    // The remote configuration and the analytics switch serve the modal: they wait for the page's first paint, unless
    // a returning email user's frame waits for them (SPEC §4: created at once if email login was used before).
    const early = embeddedOn && (await storage.getString(StorageKeys.emailLoginUsed)) === 'true'
    const remote = (early ? Promise.resolve() : afterFirstPaint(env.window))
      .then(loadLate)
      .then(async (late) => {
        await Promise.all([late.features.init(), late.events.init()])
        late.embedded?.decide(late)
      })
    if (early) void withEmbedded((e) => e.preload(), undefined)
    const [preferred, storedNetworkId] = await Promise.all([
      storage.getPreferredAccountTypes(),
      storage.getActiveNetworkId(),
    ])
    preferredAccountTypes = preferred
    const stored = storedNetworkId ? chain.findNetwork(storedNetworkId) : undefined
    if (stored) await chain.switchNetwork(stored)
    await Promise.all(adapters.list().map(initAdapter))
    await Promise.all([connection.restore(), remote])
  }

  // With ssr, nothing that changes rendered state runs before `start()` (the page has hydrated by then).
  let release: (() => void) | undefined
  const began = options.ssr ? new Promise<void>((resolve) => (release = resolve)).then(start) : start()
  const ready = began.catch((error: unknown) => {
    logger.error('The kit failed to start', error)
    throw error
  })
  // A host that never awaits `ready` must not see an unhandled rejection; the error is logged above.
  ready.catch(() => undefined)

  const loaded = lateLoader.need
  const controllers = {
    options,
    /** What the kit read from the page (mobile, iOS Safari, Telegram, …); the UI's connection screens follow it. */
    env,
    logger,
    storage,
    get providerApi() {
      return loaded().providerApi
    },
    blockchainApi,
    get alerts() {
      return loaded().alerts
    },
    get snackbar() {
      return loaded().snackbar
    },
    theme,
    get features() {
      return loaded().features
    },
    get events() {
      return loaded().events
    },
    chain,
    connection,
    get connectFlow() {
      return loaded().connectFlow
    },
    connectors,
    get listing() {
      return loaded().listing
    },
    get router() {
      return loaded().router
    },
    get account() {
      return loaded().account
    },
    get send() {
      return loaded().send
    },
    modal,
    siwx,
    /** The embedded wallet (email login), when the kit can offer it, once the late controllers loaded. */
    get embedded() {
      return lateLoader.current()?.embedded
    },
  }
  // With ssr in a browser, the connection cookie follows the kit (its code is a chunk only such a kit loads).
  // The connected addresses are remembered for the next visit's first render, whatever changes them.
  const stopAddressCache = keepAddressCache(chain, storage)
  let stopCookie: (() => void) | undefined
  let destroyed = false
  const doc = options.ssr ? env.window?.document : undefined
  if (doc)
    void import('./connection-cookie.js').then(({ keepConnectionCookie }) => {
      if (!destroyed) stopCookie = keepConnectionCookie(doc, chain)
    })
  return createKitApi({
    controllers,
    ready,
    loadControllers: async () => {
      await loadLate()
    },
    track,
    getLastEvent: () => lateLoader.current()?.events.state.get().lastEvent,
    subscribeEvents: lateLoader.subscribeEvents,
    start: () => {
      release?.()
      return ready
    },
    getAdapter,
    destroy() {
      destroyed = true
      stopAddressCache()
      stopCookie?.()
      for (const stop of adapterListeners.splice(0)) stop()
      for (const adapter of adapters.list()) adapter.destroy()
      modal.destroy()
      siwx.destroy()
      lateLoader.current()?.dispose()
    },
  })
}

export type KitCore = ReturnType<typeof createKitCore>
