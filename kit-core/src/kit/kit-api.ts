import type { AccountDataLoader } from '../account/types.js'
import type { AccountType } from '../adapter/accounts.js'
import type { ChainAdapter, SignableMessage } from '../adapter/adapter.js'
import type { ChainNamespace, NamespaceAddress, NamespaceCaipAddress } from '../caip/caip.js'
import type { FeaturesController } from '../controllers/config/features/features-controller.js'
import type { AlertsController } from '../controllers/config/notices/alerts-controller.js'
import type { SnackbarController } from '../controllers/config/notices/snackbar-controller.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { StorageHelpers } from '../controllers/config/storage/kit-storage.js'
import type { KitEvent, TrackedEvent } from '../controllers/config/telemetry/events.js'
import type { EventsController } from '../controllers/config/telemetry/events-controller.js'
import type { KitLogger } from '../controllers/config/telemetry/logger.js'
import type { ThemeController } from '../controllers/config/theme/theme-controller.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import type {
  AccountStatus,
  ChainState,
  ConnectedWalletInfo,
  NamespaceAccount,
} from '../controllers/connection/chain-state.js'
import type { ConnectFlowController } from '../controllers/connection/connect-flow-facade.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import type { ConnectorsController } from '../controllers/listing/connectors-controller.js'
import type { WalletListingController } from '../controllers/listing/wallet-listing-controller.js'
import type { ModalController, OpenOptions } from '../controllers/navigation/modal-controller.js'
import type { RouterController } from '../controllers/navigation/router-controller.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import type { CaipNetwork } from '../networks/define.js'
import type { SendLoader } from '../send/types.js'
import type { BlockchainApi, ProviderApi } from '../services/types.js'
import type { SiwxController } from '../siwx/siwx-controller.js'
import type { EmbeddedSetup } from './embedded-setup.js'
import type { KitEnvironment } from './environment.js'
import type { StateStore } from './store.js'

export interface KitControllers {
  options: ResolvedOptions
  /** What the kit read from the page (mobile, iOS Safari, Telegram, its window); the UI's screens follow it. */
  env: KitEnvironment
  logger: KitLogger
  storage: StorageHelpers
  providerApi: ProviderApi | undefined
  blockchainApi: BlockchainApi | undefined
  alerts: AlertsController
  snackbar: SnackbarController
  theme: ThemeController
  features: FeaturesController
  events: EventsController
  chain: ChainController
  connection: ConnectionController
  /** What happens when a visitor picks a wallet (multi-chain entries, phone redirects, WalletConnect retries). */
  connectFlow: ConnectFlowController
  connectors: ConnectorsController
  listing: WalletListingController
  router: RouterController
  /** The account's balances and activity (a chunk of their own, loaded with the first connected account). */
  account: AccountDataLoader
  /** The send form (a chunk of its own, loaded when the Send view first opens or a host asks). */
  send: SendLoader
  modal: ModalController
  siwx: SiwxController
  /** The embedded wallet (email login) when the kit can offer it (`services.secureFrameUrl`, a projectId, a browser). */
  embedded: EmbeddedSetup | undefined
}

/**
 * What `getAccount` answers (the shape AppKit users know): the account of namespace `N`, one type per namespace.
 * `namespace` says which, so `account.namespace === 'eip155'` narrows `address` to `0x…`. The account of the active
 * namespace is any of them, or, while no namespace is active, the one with `namespace: undefined`.
 */
export type KitAccount<N extends ChainNamespace | undefined = ChainNamespace | undefined> =
  N extends ChainNamespace
    ? {
        namespace: N
        address: NamespaceAddress<N> | undefined
        caipAddress: NamespaceCaipAddress<N> | undefined
        isConnected: boolean
        status: AccountStatus
        allAccounts: readonly { address: NamespaceAddress<N>; type: AccountType }[]
      }
    : {
        namespace: undefined
        address: undefined
        caipAddress: undefined
        isConnected: false
        status: 'disconnected'
        allAccounts: readonly []
      }

/** What `getState` answers. */
export interface KitState {
  open: boolean
  loading: boolean
  selectedNetworkId: string | undefined
  activeChain: ChainNamespace | undefined
}

/** What `subscribeNetwork` delivers. */
export interface KitNetwork {
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: string | undefined
  chainId: number | string | undefined
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Calls `listener` with `select(state)` each time that value changes; returns the unsubscribe function. */
function watch<S extends object, T>(
  stores: readonly StateStore<S>[] | StateStore<S>,
  select: () => T,
  listener: (value: T) => void,
): () => void {
  let last = select()
  const onChange = () => {
    const next = select()
    if (same(next, last)) return
    last = next
    listener(next)
  }
  const list = Array.isArray(stores) ? stores : [stores]
  const stops = list.map((store) => store.subscribe(onChange))
  return () => {
    for (const stop of stops) stop()
  }
}

/**
 * The host's view of one namespace's account. Each address is checked to be written as the namespace writes
 * addresses (`0x…` on eip155); one that is not is not handed out.
 */
function accountView(namespace: ChainNamespace, a: NamespaceAccount | undefined): KitAccount<ChainNamespace> {
  const fits = (address: string) => namespace !== 'eip155' || address.startsWith('0x')
  const caipAddress = a?.caipAddress
  const caipFits =
    caipAddress?.startsWith(`${namespace}:`) && fits(caipAddress.slice(caipAddress.lastIndexOf(':') + 1))
  // The account of `namespace`, each of its addresses checked above: what KitAccount says of that namespace.
  return {
    namespace,
    address: a?.address !== undefined && fits(a.address) ? a.address : undefined,
    caipAddress: caipFits ? caipAddress : undefined,
    isConnected: a?.status === 'connected',
    status: a?.status ?? 'disconnected',
    allAccounts: (a?.allAccounts ?? []).filter((entry) => fits(entry.address)),
  } as KitAccount<ChainNamespace>
}

/**
 * The host's view of a namespace's account (default the active one) in a chain state: `namespace` is the
 * namespace it is of (undefined only while no namespace is active).
 */
export function kitAccountOf<N extends ChainNamespace>(chain: ChainState, namespace: N): KitAccount<N>
export function kitAccountOf(chain: ChainState, namespace?: ChainNamespace): KitAccount
export function kitAccountOf(chain: ChainState, namespace?: ChainNamespace): KitAccount {
  const key = namespace ?? chain.activeNamespace
  if (key) return accountView(key, chain.namespaces[key]?.account)
  return {
    namespace: undefined,
    address: undefined,
    caipAddress: undefined,
    isConnected: false,
    status: 'disconnected',
    allAccounts: [],
  }
}

/** The host's view of the active network in a chain state. */
export function kitNetworkOf(chain: ChainState): KitNetwork {
  const caipNetwork = chain.activeCaipNetwork
  return { caipNetwork, caipNetworkId: caipNetwork?.caipNetworkId, chainId: caipNetwork?.id }
}

/** The host's view of the modal and the active network. */
export function kitStateOf(chain: ChainState, modal: { open: boolean; loading: boolean }): KitState {
  return {
    open: modal.open,
    loading: modal.loading,
    selectedNetworkId: chain.activeCaipNetwork?.caipNetworkId,
    activeChain: chain.activeNamespace,
  }
}

/**
 * The host's API over a kit's controllers: the verbs and subscriptions of DESIGN.md ("The host's API"), named
 * as Reown AppKit names them so moving over is a rename.
 */
export function createKitApi(params: {
  controllers: KitControllers
  ready: Promise<void>
  loadControllers(): Promise<void>
  track(event: KitEvent): void
  subscribeEvents(listener: (event: TrackedEvent) => void): () => void
  getLastEvent(): TrackedEvent | undefined
  start(): Promise<void>
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  destroy(): void
}) {
  const { controllers: c, getAdapter } = params

  /** The account of a namespace (default the active one). */
  function getAccount<N extends ChainNamespace>(namespace: N): KitAccount<N>
  function getAccount(namespace?: ChainNamespace): KitAccount
  function getAccount(namespace?: ChainNamespace): KitAccount {
    return kitAccountOf(c.chain.state.get(), namespace)
  }
  /** Calls `listener` with the account of a namespace (default the active one) each time it changes. */
  function subscribeAccount<N extends ChainNamespace>(
    listener: (value: KitAccount<N>) => void,
    namespace: N,
  ): () => void
  function subscribeAccount(listener: (value: KitAccount) => void, namespace?: ChainNamespace): () => void
  function subscribeAccount(listener: (value: KitAccount) => void, namespace?: ChainNamespace): () => void {
    return watch(c.chain.state, () => getAccount(namespace), listener)
  }
  const network = (): KitNetwork => kitNetworkOf(c.chain.state.get())
  const state = (): KitState => kitStateOf(c.chain.state.get(), c.modal.state.get())
  const activeNamespace = (namespace?: ChainNamespace): ChainNamespace => {
    const ns = namespace ?? c.chain.state.get().activeNamespace
    if (!ns) throw new LatchkeyError(Messages.noActiveCaipNetworkOrClient, { code: 'NOT_CONNECTED' })
    return ns
  }
  const adapterFor = (namespace?: ChainNamespace): ChainAdapter => {
    const adapter = getAdapter(activeNamespace(namespace))
    if (!adapter) throw new LatchkeyError(Messages.chainAdapterNotFound, { code: 'ADAPTER_NOT_FOUND' })
    return adapter
  }

  return {
    /** Every controller of this kit (the UI renders from them). */
    controllers: c,
    /**
     * Resolves once start-up is done: remote config read, adapters ready, connections restored, every controller
     * loaded (alerts, snackbar, features, events, listing and connect flow load after the page's first paint).
     */
    ready: params.ready,
    /**
     * Loads the controllers that load after the page's first paint, now (the modal's own code calls it when it is
     * wanted earlier); resolves once `controllers` has every one.
     */
    loadControllers: params.loadControllers,
    /**
     * Starts the kit when it was created with `ssr: true` (after hydration: the React provider calls it when it
     * mounts); a kit without `ssr` started when it was created. Idempotent; resolves with `ready`.
     */
    start: params.start,

    open: (options?: OpenOptions) => c.modal.open(options),
    close: () => c.modal.close(),

    /** Connects a wallet by connector id on a namespace (default the active one). */
    connect: (options: { connectorId: string; namespace?: ChainNamespace; network?: CaipNetwork }) =>
      c.connection.connect({ ...options, namespace: activeNamespace(options.namespace) }),
    /** Disconnects one namespace or all. @throws 'Failed to disconnect'. */
    disconnect: (namespace?: ChainNamespace) => c.connection.disconnect(namespace),
    /** Switches network. @throws 'Network not found' for a network the host did not configure. */
    switchNetwork: async (target: CaipNetwork) => {
      await c.chain.switchNetwork(target)
      params.track({ event: 'SWITCH_NETWORK', properties: { network: target.caipNetworkId } })
    },
    /**
     * Reads the balance of a namespace's account again (default the active one), past the Blockchain API's
     * 30 s cache, e.g. after the host sent a transaction outside the kit, and returns it as the kit shows it (the
     * account button and views show it too). Undefined when that namespace has no connected account or no balance could be read. Never throws.
     */
    refreshBalance: async (
      namespace?: ChainNamespace,
    ): Promise<{ balance: string; symbol: string } | undefined> => {
      const ns = namespace ?? c.chain.state.get().activeNamespace
      if (!ns) return undefined
      await c.chain.syncBalance(ns, { force: true })
      const { balance, balanceSymbol } = c.chain.state.get().namespaces[ns]?.account ?? {}
      return balance !== undefined && balanceSymbol !== undefined
        ? { balance, symbol: balanceSymbol }
        : undefined
    },
    /** Signs a message with the connected wallet of a namespace. */
    signMessage: async (message: SignableMessage, namespace?: ChainNamespace) =>
      (await adapterFor(namespace).signMessage({ message })).signature,

    getAccount,
    getCaipNetwork: (namespace?: ChainNamespace) =>
      namespace
        ? c.chain.state.get().namespaces[namespace]?.caipNetwork
        : c.chain.state.get().activeCaipNetwork,
    getState: state,
    getWalletProvider: (namespace?: ChainNamespace) =>
      getAdapter(activeNamespace(namespace))?.getWalletProvider(),
    getWalletInfo: (): ConnectedWalletInfo | undefined => c.chain.getAccount()?.connectedWalletInfo,
    getThemeMode: () => c.theme.state.get().themeMode,
    setThemeMode: (mode: 'light' | 'dark') => c.theme.setThemeMode(mode),
    setThemeVariables: (variables: Parameters<ThemeController['setThemeVariables']>[0]) =>
      c.theme.setThemeVariables(variables),

    subscribeAccount,
    subscribeNetwork: (listener: (value: KitNetwork) => void) => watch(c.chain.state, network, listener),
    subscribeState: (listener: (value: KitState) => void) =>
      watch<object, KitState>([c.modal.state, c.chain.state] as StateStore<object>[], state, listener),
    subscribeTheme: (listener: (value: ReturnType<ThemeController['state']['get']>) => void) =>
      c.theme.state.subscribe(listener),
    subscribeEvents: params.subscribeEvents,
    /** The last event tracked (what `subscribeEvents` delivered last), undefined before the first. */
    getLastEvent: params.getLastEvent,
    subscribeWalletInfo: (listener: (info: ConnectedWalletInfo | undefined) => void) =>
      watch(c.chain.state, () => c.chain.getAccount()?.connectedWalletInfo, listener),

    /** Stops discovery and drops every listener of this kit. Does not disconnect. */
    destroy: params.destroy,
  }
}
