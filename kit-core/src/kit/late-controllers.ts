import { createAccountDataLoader } from '../account/loader.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import type { KitStorage } from '../adapter/storage.js'
import type { ChainNamespace } from '../caip/caip.js'
import { createFeaturesController } from '../controllers/config/features/features-controller.js'
import { createAlertsController } from '../controllers/config/notices/alerts-controller.js'
import { createSnackbarController } from '../controllers/config/notices/snackbar-controller.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { StorageHelpers } from '../controllers/config/storage/kit-storage.js'
import { createEventsController } from '../controllers/config/telemetry/events-controller.js'
import type { KitLogger } from '../controllers/config/telemetry/logger.js'
import type { ThemeController } from '../controllers/config/theme/theme-controller.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import { createConnectFlowFacade } from '../controllers/connection/connect-flow-facade.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import { connectorListing } from '../controllers/listing/connector-listing.js'
import type { ConnectorsController } from '../controllers/listing/connectors-controller.js'
import { createWalletListing } from '../controllers/listing/wallet-listing.js'
import type { ModalController } from '../controllers/navigation/modal-controller.js'
import { createRouterController } from '../controllers/navigation/router-controller.js'
import { createSendLoader } from '../send/loader.js'
import { createProviderApiClient, type ProviderApiClientOptions } from '../services/provider-api.js'
import type { BlockchainApi, ProviderApi } from '../services/types.js'
import type { SiwxController } from '../siwx/siwx-controller.js'
import { followOtherTabs } from './cross-tab.js'
import { createEmbeddedSetup } from './embedded-setup.js'

/** What the late controllers are built from: the kit's options and the controllers the page's first chunk has. */
export interface LateControllersDeps {
  options: ResolvedOptions
  logger: KitLogger
  /** The host's (or a test's) Provider API client, else the service to make one for (none without a URL). */
  providerApi: ProviderApi | undefined
  providerService: ProviderApiClientOptions | undefined
  /** The browser session's storage (the project-not-configured alert shows once a session). */
  session: KitStorage
  chain: ChainController
  connection: ConnectionController
  connectors: ConnectorsController
  modal: ModalController
  siwx: SiwxController
  /** The kit's storage, read again when another tab writes to it. */
  storage: StorageHelpers
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  blockchainApi: BlockchainApi | undefined
  theme: ThemeController
}

/**
 * The controllers that serve the modal and the host's subscriptions, not the first paint of the button: alerts and
 * snackbar, the remote features, the events and analytics, the wallet listing, the connect flow and the router,
 * following other tabs (the `storage` event), and the loader of the account's balances and activity. Their code is a
 * chunk of its own that the kit loads once the page has painted (or at once when the modal opens first); until then
 * the kit queues what the rest of it asks of them (an alert, a tracked event) in order.
 */
export function createLateControllers(deps: LateControllersDeps) {
  const { options, logger, chain } = deps
  const providerApi =
    deps.providerApi ?? (deps.providerService ? createProviderApiClient(deps.providerService) : undefined)
  const env = options.environment
  const secrets = options.projectId ? [options.projectId] : []
  deps.connectors.useListing(connectorListing(options))
  const isConnected = () => chain.getAccount()?.status === 'connected'
  const router = createRouterController({ close: () => void deps.modal.close(), isConnected })
  const alerts = createAlertsController({ origin: env.origin, logger, session: deps.session })
  const snackbar = createSnackbarController()
  const features = createFeaturesController({
    projectId: options.projectId,
    features: options.features,
    basic: options.basic,
    origin: env.origin,
    providerApi,
    alerts,
  })
  const events = createEventsController({
    env,
    providerApi: options.projectId ? providerApi : undefined, // analytics and error reports are a project's
    isAnalyticsFeatureOn: () => features.state.get().features.analytics === true,
    secrets,
    logger,
  })
  const listing = createWalletListing({
    api: providerApi,
    options,
    getChainIds: () => chain.getNetworks().map((n) => n.caipNetworkId),
    getConnectors: () => deps.connectors.state.get().connectors,
    getRecentWallets: () => deps.connection.state.get().recentWallets,
    logger,
  })
  const connectFlow = createConnectFlowFacade({
    env,
    connection: deps.connection,
    chain,
    modal: deps.modal,
    siwx: deps.siwx,
    logger,
  })
  // Other tabs' writes to localStorage (the `storage` event): a disconnect there disconnects here; sign-in and the
  // recent wallets follow. Followed from the first paint on (a restore reads storage as it is).
  const win = env.window
  const onStorage = win
    ? followOtherTabs({
        window: win,
        storage: deps.storage,
        connection: deps.connection,
        siwx: deps.siwx,
        logger,
      })
    : undefined
  if (onStorage) win?.addEventListener?.('storage', onStorage)
  // The account's balances and activity: a chunk of their own, loaded with the first connected account.
  const account = createAccountDataLoader(() => ({
    chain,
    getAdapter: deps.getAdapter,
    blockchainApi: deps.blockchainApi,
    options,
    showError: (message) => snackbar.showError(message),
    logError: (error) => logger.warn('Background read failed', error),
    document: win?.document,
  }))
  const loadAccount = () => {
    if (chain.state.get().activeCaipAddress)
      account.load().catch((error) => logger.warn('The kit could not load its account data', error))
  }
  const stopAccount = chain.state.subscribe(loadAccount)
  // A reset to disconnected clears the transactions (SPEC §4.4).
  const stopResets = deps.connection.state.subscribe((state) => {
    if (state.status === 'disconnected') account.current()?.transactions.reset()
  })
  loadAccount()
  // The send form: a chunk of its own, loaded when the Send view first opens (or a host asks).
  const send = createSendLoader(() => ({
    chain,
    getAdapter: deps.getAdapter,
    blockchainApi: deps.blockchainApi,
    options,
    account,
    router,
    snackbar,
  }))
  // The embedded wallet (email login), when the kit can offer it: its own chunk loads on first need.
  const embedded = createEmbeddedSetup({
    options,
    storage: deps.storage,
    theme: deps.theme,
    chain,
    connection: () => deps.connection,
    getAdapter: deps.getAdapter,
    alerts,
    snackbar,
    events,
    modal: deps.modal,
    router,
    refreshBalances: async (namespace) => {
      await Promise.all([
        chain.syncBalance(namespace, { force: true }),
        account.current()?.balances.refresh({ force: true }),
      ])
    },
    logWarn: (message, error) => logger.warn(message, error),
  })
  /** Stops what the late controllers started: following tabs, the account data, alerts and snackbar timers. */
  const dispose = () => {
    if (onStorage) win?.removeEventListener?.('storage', onStorage)
    stopAccount()
    stopResets()
    account.dispose()
    send.dispose()
    alerts.dispose()
    snackbar.dispose()
    embedded?.destroy()
  }
  return {
    alerts,
    snackbar,
    features,
    events,
    listing,
    connectFlow,
    router,
    providerApi,
    account,
    send,
    embedded,
    dispose,
  }
}

export type LateControllers = ReturnType<typeof createLateControllers>
