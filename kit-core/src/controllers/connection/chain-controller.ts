import type { AccountType, AdapterAccount } from '../../adapter/accounts.js'
import { DEFAULT_ACCOUNT_TYPES } from '../../adapter/accounts.js'
import type { ChainAdapter } from '../../adapter/adapter.js'
import type { CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import { LatchkeyError } from '../../errors/errors.js'
import * as Messages from '../../errors/messages.js'
import type { KitInitialState } from '../../kit/initial-state.js'
import { createStore, type StateStore } from '../../kit/store.js'
import type { CaipNetwork } from '../../networks/define.js'
import { isUnsupportedNetwork } from '../../networks/define.js'
import type { BlockchainApi } from '../../services/types.js'
import { startingState } from './chain-start.js'
import type { ChainState, ConnectedWalletInfo, NamespaceAccount, NamespaceState } from './chain-state.js'
import { EMPTY_ACCOUNT } from './chain-state.js'

/** What the chain controller needs from the rest of the kit; the facade wires it. */
export interface ChainControllerDeps {
  /** The host's networks, validated and filtered to the enabled namespaces. */
  networks: readonly CaipNetwork[]
  /**
   * A returning visitor's accounts (the kit's cookie, or its storage on a page the server did not render): each
   * starts shown, reconnecting, on its network when the kit serves that network (else it is left out), until the
   * restore confirms or withdraws it.
   */
  remembered?: KitInitialState
  /** The accounts a server rendered (the cookie's initialState): what `serverState` shows. */
  rendered?: KitInitialState
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  /** The host's defaultAccountTypes. */
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  /** The stored preference per namespace (SPEC §4 "Preferred account type"). */
  getStoredAccountType?(namespace: ChainNamespace): AccountType | undefined
  /** The embedded wallet's answer, when it gave one. */
  getEmbeddedAccountType?(namespace: ChainNamespace): AccountType | undefined
  /** The Blockchain API, when configured: balances and identity. */
  blockchainApi?: BlockchainApi
  /** Records the user's network choice (storage). */
  recordNetworkChoice?(network: CaipNetwork): void
  /** Raises the switch-network-not-found alert. */
  onNetworkNotFound?(caipNetworkId: string): void
  /** Shows or hides a namespace's connectors (it lost its last network, or got one). */
  setNamespaceVisible?(namespace: ChainNamespace, visible: boolean): void
  /** Forgets the stored connector id of a namespace (its account became disconnected). */
  forgetConnector?(namespace: ChainNamespace): void
  /** Resets the send form (the send issue fills it). */
  resetSendState?(): void
  /** Connects the embedded wallet on a network when the AUTH connector needs it (embedded-wallet issue). */
  connectEmbeddedWallet?(network: CaipNetwork): Promise<void>
  /** Reports background failures (balance, identity); they never throw out of the controller. */
  logError?(error: unknown): void
}

export type ChainController = ReturnType<typeof createChainController>

/**
 * Networks and accounts per namespace (SPEC §3 "Network state", "Account per namespace"; §4 "Network
 * switching"): which network and account are active, switching, adding and removing networks, the
 * unsupported network and account types. The account's balance and identity are read by `account-sync.ts`.
 */
export function createChainController(deps: ChainControllerDeps) {
  /** What a server render of this kit shows: the networks, and only the accounts the cookie named. */
  const serverState = startingState(deps.networks, deps.rendered)
  const state: StateStore<ChainState> = createStore(
    deps.remembered === deps.rendered ? serverState : startingState(deps.networks, deps.remembered),
  )

  const ns = (namespace: ChainNamespace): NamespaceState | undefined => state.get().namespaces[namespace]

  function patchNamespace(namespace: ChainNamespace, changes: Partial<NamespaceState>): void {
    const current = ns(namespace)
    if (!current) return
    state.patch({ namespaces: { ...state.get().namespaces, [namespace]: { ...current, ...changes } } })
  }

  function patchAccount(namespace: ChainNamespace, changes: Partial<NamespaceAccount>): void {
    const current = ns(namespace)
    if (!current) return
    patchNamespace(namespace, { account: { ...current.account, ...changes } })
    if (state.get().activeNamespace === namespace) {
      state.patch({ activeCaipAddress: ns(namespace)?.account.caipAddress })
    }
  }

  function requireAdapter(namespace: ChainNamespace): ChainAdapter {
    const adapter = deps.getAdapter(namespace)
    if (!adapter) {
      throw new LatchkeyError(Messages.adapterMissing(namespace), { code: 'ADAPTER_NOT_FOUND' })
    }
    return adapter
  }

  /** Makes `network` the active one: namespace, network and address (SPEC §4.16). */
  function activate(network: CaipNetwork): void {
    const namespace = network.chainNamespace
    patchNamespace(namespace, { caipNetwork: network })
    state.patch({
      activeNamespace: namespace,
      activeCaipNetwork: network,
      activeCaipAddress: ns(namespace)?.account.caipAddress,
    })
    deps.resetSendState?.()
    deps.recordNetworkChoice?.(network)
  }

  function findNetwork(caipNetworkId: string): CaipNetwork | undefined {
    for (const entry of Object.values(state.get().namespaces)) {
      const found = entry?.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (found) return found
    }
    return undefined
  }

  function accountsOf(namespace: ChainNamespace, accounts: readonly AdapterAccount[], network: CaipNetwork) {
    const active = accounts[0]
    return {
      address: active?.address,
      caipAddress: active ? (`${network.caipNetworkId}:${active.address}` as const) : undefined,
      allAccounts: accounts.map((a) => ({ address: a.address, type: a.type })),
      addressExplorerUrl:
        active && network.blockExplorers
          ? `${network.blockExplorers.default.url}/address/${active.address}`
          : undefined,
      preferredAccountType: active?.type ?? preferredAccountType(namespace),
    }
  }

  /**
   * The account type to use: the embedded wallet's answer, then the stored preference, then the host's
   * default, then the namespace's default (SPEC §4.32, §6.3).
   */
  function preferredAccountType(namespace: ChainNamespace): AccountType {
    return (
      deps.getEmbeddedAccountType?.(namespace) ??
      deps.getStoredAccountType?.(namespace) ??
      deps.defaultAccountTypes?.[namespace] ??
      DEFAULT_ACCOUNT_TYPES[namespace]
    )
  }

  // The balance and identity reads load with the first account (a page whose visitor never connects never loads
  // them); like the reads themselves they never throw: a failed load is reported and tried again next time.
  type AccountSync = ReturnType<typeof import('./account-sync.js').createAccountSync>
  let accountSync: Promise<AccountSync> | undefined
  const withSync = async (run: (sync: AccountSync) => Promise<void>): Promise<void> => {
    accountSync ??= import('./account-sync.js').then(
      ({ createAccountSync }) =>
        createAccountSync({
          state,
          getAdapter: requireAdapter,
          blockchainApi: deps.blockchainApi,
          logError: deps.logError,
          patchAccount,
        }),
      (error: unknown) => {
        accountSync = undefined
        throw error
      },
    )
    try {
      await run(await accountSync)
    } catch (error) {
      deps.logError?.(error)
    }
  }
  const syncBalance = (namespace: ChainNamespace, options?: { force?: boolean }) =>
    withSync((sync) => sync.syncBalance(namespace, options))
  const syncIdentity = (namespace: ChainNamespace) => withSync((sync) => sync.syncIdentity(namespace))
  const resync = (namespace: ChainNamespace) => withSync((sync) => sync.resync(namespace))

  return {
    state,
    /** The state a server render of this kit shows (React's server snapshot): never what only the browser stored. */
    serverState,

    /** The networks of a namespace, or of every namespace. */
    getNetworks(namespace?: ChainNamespace): readonly CaipNetwork[] {
      if (namespace) return ns(namespace)?.networks ?? []
      return Object.values(state.get().namespaces).flatMap((entry) => entry?.networks ?? [])
    },

    getAccount(namespace?: ChainNamespace): NamespaceAccount | undefined {
      const key = namespace ?? state.get().activeNamespace
      return key ? ns(key)?.account : undefined
    },

    findNetwork,
    preferredAccountType,

    /**
     * Records a connection's result: the accounts (active first), the network, the connector and the wallet.
     * Then reads balance and identity in the background.
     */
    setConnected(
      namespace: ChainNamespace,
      params: {
        accounts: readonly AdapterAccount[]
        network: CaipNetwork
        connectorId: string
        walletInfo?: ConnectedWalletInfo
      },
    ): void {
      const { network } = params
      patchNamespace(namespace, { caipNetwork: network, connectorId: params.connectorId })
      patchAccount(namespace, {
        ...accountsOf(namespace, params.accounts, network),
        connectedWalletInfo: params.walletInfo,
        status: 'connected',
      })
      if (!state.get().activeNamespace || state.get().activeNamespace === namespace) activate(network)
      void resync(namespace)
    },

    /** Account-change events resync address, balance and identity (SPEC §4.17). */
    updateAccounts(namespace: ChainNamespace, accounts: readonly AdapterAccount[]): void {
      const network = ns(namespace)?.caipNetwork
      // A namespace the kit does not hold connected ignores them (a wallet whose connection was abandoned).
      if (!network || ns(namespace)?.account.status === 'disconnected') return
      if (accounts.length === 0) {
        this.resetAccount(namespace)
        return
      }
      patchAccount(namespace, {
        ...accountsOf(namespace, accounts, network),
        balance: undefined,
        profileName: undefined,
        profileImage: undefined,
      })
      void resync(namespace)
    },

    /**
     * The wallet moved to `network` on its own (or an adapter reported it). A chain the host did not configure
     * arrives as the unsupported placeholder and is set as it is (SPEC §4.18).
     */
    onNetworkChanged(namespace: ChainNamespace, network: CaipNetwork): void {
      const address = ns(namespace)?.account.address
      patchNamespace(namespace, { caipNetwork: network })
      // Where addresses belong to one network (Bitcoin), the adapter's accounts moved with it: take them.
      const moved = deps.getAdapter(namespace)?.getAccounts() ?? []
      if (address && moved.length > 0 && moved[0]?.address !== address) {
        patchAccount(namespace, { ...accountsOf(namespace, moved, network), balance: undefined })
        if (state.get().activeNamespace === namespace) {
          state.patch({ activeCaipNetwork: network, activeCaipAddress: ns(namespace)?.account.caipAddress })
          deps.recordNetworkChoice?.(network)
        }
        void resync(namespace)
        return
      }
      if (address) {
        patchAccount(namespace, {
          caipAddress: `${network.caipNetworkId}:${address}`,
          balance: undefined,
        })
      }
      if (state.get().activeNamespace === namespace) {
        state.patch({ activeCaipNetwork: network, activeCaipAddress: ns(namespace)?.account.caipAddress })
        deps.recordNetworkChoice?.(network)
      }
      void syncBalance(namespace)
    },

    /**
     * Switches to `network` (SPEC §4.14–§4.16): on a connected namespace the adapter asks the wallet;
     * otherwise the active network is set and the account resynced. A network the host did not configure
     * raises the switch-network-not-found alert (§5.22) and throws 'Network not found'.
     * @throws the adapter's error when the wallet refuses (network unchanged).
     */
    async switchNetwork(network: CaipNetwork): Promise<void> {
      const known = findNetwork(network.caipNetworkId)
      if (!known) {
        deps.onNetworkNotFound?.(network.caipNetworkId)
        throw new LatchkeyError(Messages.networkNotFound, {
          code: 'NETWORK_NOT_FOUND',
          details: network.caipNetworkId,
        })
      }
      if (state.get().activeCaipNetwork?.caipNetworkId === known.caipNetworkId) return
      const namespace = known.chainNamespace
      const entry = ns(namespace)
      const connected = entry?.account.status === 'connected'
      if (connected && entry?.caipNetwork?.caipNetworkId !== known.caipNetworkId) {
        await requireAdapter(namespace).switchNetwork({ network: known })
        if (entry.connectorId === 'ID_AUTH') await deps.connectEmbeddedWallet?.(known)
      }
      activate(known)
      if (connected) {
        const address = ns(namespace)?.account.address
        if (address) patchAccount(namespace, { caipAddress: `${known.caipNetworkId}:${address}` })
        state.patch({ activeCaipAddress: ns(namespace)?.account.caipAddress })
        void resync(namespace)
      }
    },

    /** Adds a network to its namespace. @throws "Adapter for namespace {x} doesn't exist" (SPEC §5.21). */
    addNetwork(network: CaipNetwork): void {
      requireAdapter(network.chainNamespace)
      const entry = ns(network.chainNamespace)
      if (!entry) {
        state.patch({
          namespaces: {
            ...state.get().namespaces,
            [network.chainNamespace]: {
              networks: [network],
              caipNetwork: network,
              supportsAllNetworks: true,
              smartAccountEnabledNetworks: [],
              account: EMPTY_ACCOUNT,
            },
          },
        })
        deps.setNamespaceVisible?.(network.chainNamespace, true)
        return
      }
      if (entry.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return
      patchNamespace(network.chainNamespace, { networks: [...entry.networks, network] })
      if (entry.networks.length === 0) deps.setNamespaceVisible?.(network.chainNamespace, true)
    },

    /**
     * Removes a network (SPEC §4.19): removing the active network makes the first remaining one active;
     * removing the last network of a namespace hides its connectors.
     * @throws "Adapter for namespace {x} doesn't exist" (SPEC §5.21).
     */
    removeNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): void {
      requireAdapter(namespace)
      const entry = ns(namespace)
      if (!entry) return
      const networks = entry.networks.filter((n) => n.caipNetworkId !== caipNetworkId)
      if (networks.length === entry.networks.length) return
      const wasCurrent = entry.caipNetwork?.caipNetworkId === caipNetworkId
      patchNamespace(namespace, { networks, ...(wasCurrent ? { caipNetwork: networks[0] } : {}) })
      if (state.get().activeCaipNetwork?.caipNetworkId === caipNetworkId) {
        const next = networks[0] ?? this.getNetworks()[0]
        if (next) activate(next)
        else
          state.patch({
            activeCaipNetwork: undefined,
            activeNamespace: undefined,
            activeCaipAddress: undefined,
          })
      }
      if (networks.length === 0) deps.setNamespaceVisible?.(namespace, false)
    },

    /** Sets a namespace's account status; 'disconnected' forgets its connector id (SPEC §4.12). */
    setAccountStatus(namespace: ChainNamespace, status: NamespaceAccount['status']): void {
      patchAccount(namespace, { status })
      if (status === 'disconnected') {
        patchNamespace(namespace, { connectorId: undefined })
        deps.forgetConnector?.(namespace)
      }
    },

    /** Clears address, balance and profile data and sets disconnected (SPEC §4.20). */
    resetAccount(namespace: ChainNamespace): void {
      patchNamespace(namespace, { account: EMPTY_ACCOUNT })
      if (state.get().activeNamespace === namespace) state.patch({ activeCaipAddress: undefined })
      this.setAccountStatus(namespace, 'disconnected')
      patchNamespace(namespace, { approvedCaipNetworkIds: undefined, supportsAllNetworks: true })
    },

    /** The networks a wallet approved (a WalletConnect session's chains), and whether it takes any. */
    setApprovedNetworks(
      namespace: ChainNamespace,
      approved: readonly CaipNetworkId[] | undefined,
      supportsAllNetworks: boolean,
    ): void {
      patchNamespace(namespace, { approvedCaipNetworkIds: approved, supportsAllNetworks })
    },

    setSmartAccountEnabledNetworks(namespace: ChainNamespace, chainIds: readonly number[]): void {
      patchNamespace(namespace, { smartAccountEnabledNetworks: [...chainIds] })
    },

    /** True when the active network is not one the host configured (the UnsupportedChain condition's input). */
    isActiveNetworkUnsupported(): boolean {
      const active = state.get().activeCaipNetwork
      return active !== undefined && (isUnsupportedNetwork(active) || !findNetwork(active.caipNetworkId))
    },

    syncBalance,
    syncIdentity,
  }
}
