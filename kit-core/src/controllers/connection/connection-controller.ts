import type { AdapterAccount } from '../../adapter/accounts.js'
import { ConnectorIds } from '../../adapter/connectors.js'
import { type ChainNamespace, isChainNamespace } from '../../caip/caip.js'
import { LatchkeyError } from '../../errors/errors.js'
import * as Messages from '../../errors/messages.js'
import { createStore, type StateStore } from '../../kit/store.js'
import type { CaipNetwork } from '../../networks/define.js'
import type { ConnectedWalletInfo } from './chain-state.js'
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionControllerDeps,
  type ConnectionState,
  isPairingExpired,
  messageOf,
  type RecentWallet,
  type WalletLink,
  withTimeout,
} from './connection-types.js'
import type { WalletConnectController } from './walletconnect-controller.js'

export type {
  ConnectionControllerDeps,
  ConnectionEvent,
  ConnectionState,
  ConnectionStatus,
  ConnectionStore,
  RecentWallet,
  WalletLink,
} from './connection-types.js'

/** How long a disconnect waits for a wallet before it goes on without it (SPEC §4, §9). */
export const DISCONNECT_TIMEOUT_MS = 3000
/** How many recent wallets are kept (SPEC §9). */
export const RECENT_WALLETS_LIMIT = 2

export type ConnectionController = ReturnType<typeof createConnectionController>

/**
 * The connection status machine (SPEC §4 "Connection status", "Startup", "Disconnect"): connecting a wallet
 * through an adapter, recent wallets, restoring after a reload, and disconnecting with the 3 s wait, the cascade
 * and aggregated failures. The WalletConnect pairing, proposal and session sync are the WalletConnect
 * controller's (`walletconnect-controller.ts`), whose verbs this controller also carries.
 */
export function createConnectionController(deps: ConnectionControllerDeps) {
  const state: StateStore<ConnectionState> = createStore<ConnectionState>({
    status: 'disconnected',
    connections: {},
    wcError: false,
    buffering: false,
    recentWallets: [],
  })
  function walletInfoOf(namespace: ChainNamespace, connectorId: string): ConnectedWalletInfo | undefined {
    const connector = deps.getConnector?.(namespace, connectorId)
    return connector
      ? { name: connector.name, icon: connector.imageUrl, identifier: connector.info?.rdns }
      : undefined
  }

  async function markConnected(
    namespace: ChainNamespace,
    connectorId: string,
    accounts: readonly AdapterAccount[],
    network: CaipNetwork,
  ): Promise<void> {
    deps.chain.setConnected(namespace, {
      accounts,
      network,
      connectorId,
      walletInfo: walletInfoOf(namespace, connectorId),
    })
    state.patch({
      status: 'connected',
      connections: { ...state.get().connections, [namespace]: { connectorId } },
    })
    await Promise.all([
      deps.store.setConnectorId(namespace, connectorId),
      deps.store.setStatus(namespace, 'connected'),
    ])
  }

  async function markDisconnected(namespace: ChainNamespace): Promise<void> {
    deps.chain.resetAccount(namespace)
    const { [namespace]: _, ...rest } = state.get().connections
    state.patch({ connections: rest, status: Object.keys(rest).length > 0 ? 'connected' : 'disconnected' })
    await Promise.all([
      deps.store.removeConnectorId(namespace),
      deps.store.setStatus(namespace, 'disconnected'),
    ])
  }

  /** Puts a wallet at the front of the recent wallets, keeping at most 2 (SPEC §4.5, §9). */
  async function rememberWallet(wallet: RecentWallet): Promise<void> {
    const recentWallets = [wallet, ...state.get().recentWallets.filter((w) => w.id !== wallet.id)].slice(
      0,
      RECENT_WALLETS_LIMIT,
    )
    state.patch({ recentWallets })
    await deps.store.setRecentWallets(recentWallets)
  }

  // The WalletConnect side loads on first use (a connection or a session to restore over WalletConnect).
  let walletConnect: Promise<WalletConnectController> | undefined
  const loadWalletConnect = (): Promise<WalletConnectController> => {
    walletConnect ??= import('./walletconnect-controller.js').then(
      ({ createWalletConnectController }) =>
        createWalletConnectController({
          env: deps.env,
          state,
          store: deps.store,
          chain: deps.chain,
          getAdapter: deps.getAdapter,
          namespaces: deps.namespaces,
          getWalletConnectProvider: deps.getWalletConnectProvider,
          walletConnectSignIn: deps.walletConnectSignIn,
          customRpcUrls: deps.customRpcUrls,
          markConnected,
          rememberWallet,
          track: deps.track,
        }),
      (error: unknown) => {
        walletConnect = undefined
        throw error
      },
    )
    return walletConnect
  }

  function isWalletConnect(namespace: ChainNamespace, connectorId: string): boolean {
    return (
      connectorId === ConnectorIds.walletConnect ||
      deps.getConnector?.(namespace, connectorId)?.type === 'WALLET_CONNECT'
    )
  }

  /** @throws LatchkeyError UNSUPPORTED_OPERATION saying why, when WalletConnect cannot be used. */
  function assertWalletConnectUsable(): void {
    if (deps.walletConnectUnavailable)
      throw new LatchkeyError(deps.walletConnectUnavailable, { code: 'UNSUPPORTED_OPERATION' })
  }

  /** Whether a connection through this connector is bounded by {@link CONNECT_TIMEOUT_MS}. */
  const bounded = (namespace: ChainNamespace, connectorId: string) =>
    !isWalletConnect(namespace, connectorId) && !isAuth(namespace, connectorId)

  function isAuth(namespace: ChainNamespace, connectorId: string): boolean {
    const type = deps.getConnector?.(namespace, connectorId)?.type
    return connectorId === ConnectorIds.auth || type === 'AUTH' || type === 'ID_AUTH'
  }

  async function disconnectNamespace(namespace: ChainNamespace): Promise<Error | undefined> {
    let failure: Error | undefined
    try {
      const adapter = deps.getAdapter(namespace)
      if (adapter) await withTimeout(adapter.disconnect(), DISCONNECT_TIMEOUT_MS)
    } catch (error) {
      failure = new LatchkeyError(Messages.failedToDisconnectChain(namespace, messageOf(error)), {
        cause: error,
      })
    }
    await markDisconnected(namespace)
    return failure
  }

  const controller = {
    state,

    /** True when the pairing expires within 10 s, or there is none. */
    isPairingExpired(expiry = state.get().wcPairingExpiry): boolean {
      return isPairingExpired(expiry, deps.env.now())
    },

    /**
     * Connects over WalletConnect (SPEC §4.2, §4.3): an unexpired pairing is reused, a proposal under way is the one
     * waited for, `fresh` makes a new pairing; see `walletconnect-controller.ts`.
     */
    async connectWalletConnect(options: { fresh?: boolean } = {}): Promise<void> {
      assertWalletConnectUsable()
      await (await loadWalletConnect()).connectWalletConnect(options)
    },

    /** After a WalletConnect connection: the deep link, the recent wallet and connect-success (SPEC §4.5). */
    async finalizeWcConnection(): Promise<void> {
      await (await loadWalletConnect()).finalizeWcConnection()
    },

    setWcLinking(link: WalletLink | undefined): void {
      state.patch({ wcLinking: link })
    },

    setRecentWallet(wallet: RecentWallet | undefined): void {
      state.patch({ recentWallet: wallet })
    },

    setBuffering(buffering: boolean): void {
      state.patch({ buffering })
    },

    /** Back to disconnected: clears the URI, pairing expiry, linking, recent wallet, deep link and transactions (SPEC §4.4). */
    async resetWcConnection(): Promise<void> {
      state.patch({
        status: Object.keys(state.get().connections).length > 0 ? 'connected' : 'disconnected',
        wcUri: undefined,
        wcPairingExpiry: undefined,
        wcLinking: undefined,
        recentWallet: undefined,
        wcError: false,
      })
      await deps.store.setDeepLink(undefined)
      // Transactions: the account data (late-controllers.ts) empties its list when the status turns disconnected.
    },

    /**
     * Connects a wallet through its adapter (may prompt the user), then records the connection. Its network
     * becomes the active one when the active namespace has no connected account.
     * @throws the adapter's error (a rejection is ProviderRpcError 4001); state is left as it was. LatchkeyError
     * UNSUPPORTED_OPERATION at once for WalletConnect when it cannot be used (no project id, no relay of the host's).
     */
    async connect(params: {
      namespace: ChainNamespace
      connectorId: string
      network?: CaipNetwork
    }): Promise<void> {
      if (isWalletConnect(params.namespace, params.connectorId)) assertWalletConnectUsable()
      const adapter = deps.getAdapter(params.namespace)
      if (!adapter)
        throw new LatchkeyError(Messages.adapterMissing(params.namespace), { code: 'ADAPTER_NOT_FOUND' })
      try {
        const pending = adapter.connect({
          connectorId: params.connectorId,
          network: params.network ?? deps.chain.state.get().namespaces[params.namespace]?.caipNetwork,
        })
        const result = bounded(params.namespace, params.connectorId)
          ? await withTimeout(pending, CONNECT_TIMEOUT_MS)
          : await pending
        if (!result) {
          // Abandoned: a late answer is undone, unless the visitor connected this namespace meanwhile.
          pending
            .then(() => {
              if (deps.chain.getAccount(params.namespace)?.status !== 'connected') return adapter.disconnect()
            })
            .catch(() => undefined)
          throw new LatchkeyError(Messages.connectTimedOut, { code: 'TIMEOUT' })
        }
        await markConnected(params.namespace, result.connectorId, result.accounts, result.network)
        // A visitor who connects a wallet of another namespace than the active one, which has no account, sees
        // what they connected: its network becomes the active one (no wallet request: it is already there).
        const chainState = deps.chain.state.get()
        const active = chainState.activeNamespace
        if (
          active !== params.namespace &&
          chainState.namespaces[active ?? params.namespace]?.account.status !== 'connected'
        )
          await deps.chain.switchNetwork(result.network)
        const name = deps.getConnector?.(params.namespace, params.connectorId)?.name ?? params.connectorId
        deps.track?.({ event: 'CONNECT_SUCCESS', properties: { method: 'browser', name } })
      } catch (error) {
        deps.track?.({ event: 'CONNECT_ERROR', properties: { message: messageOf(error) } })
        throw error
      }
    },

    /**
     * Startup (SPEC §4.6, §4.7): a namespace stored as connected goes to connecting, one stored as disconnected
     * loses its cached address; then each namespace's connection is restored — WalletConnect from the session,
     * the embedded wallet when it answers, otherwise the adapter reconnects — and any failure leaves it disconnected.
     */
    async restore(): Promise<void> {
      state.patch({ recentWallets: await deps.store.getRecentWallets() })
      await Promise.all(
        deps.namespaces.map(async (namespace) => {
          const stored = await deps.store.getStatus(namespace)
          if (stored === 'connected' && deps.chain.state.get().namespaces[namespace]) {
            deps.chain.setAccountStatus(namespace, 'connecting')
          }
          if (stored === 'disconnected') await deps.store.clearAddressCache(namespace)
          const connectorId = await deps.store.getConnectorId(namespace)
          try {
            if (!connectorId) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
            if (isWalletConnect(namespace, connectorId)) {
              const provider = await deps.getWalletConnectProvider?.()
              if (
                !provider?.session ||
                !(await (await loadWalletConnect()).syncFromSession(provider, namespace))
              )
                throw new Error('No session')
              return
            }
            if (isAuth(namespace, connectorId)) {
              const restored = await deps.restoreEmbeddedWallet?.(namespace)
              if (!restored) throw new Error('The embedded wallet is not connected')
              await markConnected(namespace, connectorId, restored.accounts, restored.network)
              return
            }
            const result = await deps.getAdapter(namespace)?.reconnect()
            if (!result) throw new Error('Nothing to restore')
            await markConnected(namespace, result.connectorId, result.accounts, result.network)
          } catch {
            // An account shown from the cookie (ssr) is withdrawn with its address; otherwise only the status changes.
            const shown = deps.chain.state.get().namespaces[namespace]?.account
            if (shown?.address) deps.chain.resetAccount(namespace)
            else if (shown) deps.chain.setAccountStatus(namespace, 'disconnected')
            await deps.store.setStatus(namespace, 'disconnected')
            if (connectorId) await deps.store.clearLoginCache()
          }
        }),
      )
    },

    /**
     * Disconnects one namespace, or all (SPEC §4.8–§4.13): each adapter is asked (giving up after 3 s), its
     * stored state cleared; a WalletConnect or embedded-wallet connector takes every namespace it serves with
     * it; then the send state, the WalletConnect connection and the sign-in sessions are reset and
     * DISCONNECT_SUCCESS reported.
     * @throws LatchkeyError 'Failed to disconnect' (INTERNAL_SDK_ERROR) whose cause lists each failed chain.
     */
    async disconnect(namespace?: ChainNamespace): Promise<void> {
      const connections = state.get().connections
      const connected = (Object.keys(connections) as ChainNamespace[]).filter(isChainNamespace)
      let targets = namespace ? [namespace] : connected
      const connectorId = namespace ? connections[namespace]?.connectorId : undefined
      if (namespace && connectorId) {
        const shared = isWalletConnect(namespace, connectorId)
          ? (ns: ChainNamespace) => isWalletConnect(ns, connections[ns]?.connectorId ?? '')
          : isAuth(namespace, connectorId)
            ? (ns: ChainNamespace) => isAuth(ns, connections[ns]?.connectorId ?? '')
            : undefined
        if (shared) targets = [...new Set([namespace, ...connected.filter(shared)])]
      }
      const signedOut = targets.flatMap((ns) => {
        const caipAddress = deps.chain.getAccount(ns)?.caipAddress
        return caipAddress ? [caipAddress] : []
      })
      const failures = (await Promise.all(targets.map(disconnectNamespace))).filter(
        (f): f is Error => f !== undefined,
      )
      deps.resetSendState?.()
      await controller.resetWcConnection()
      await deps.resetSessions?.(signedOut)
      await deps.store.clearLoginCache()
      if (failures.length > 0) {
        const cause = new LatchkeyError(
          Messages.failedToDisconnectChains(failures.map((f) => f.message).join('; ')),
          {
            cause: failures,
          },
        )
        deps.track?.({ event: 'DISCONNECT_ERROR', properties: { message: cause.message } })
        throw new LatchkeyError(Messages.failedToDisconnect, { code: 'INTERNAL_SDK_ERROR', cause })
      }
      deps.track?.({ event: 'DISCONNECT_SUCCESS', properties: namespace ? { namespace } : {} })
    },

    /** The wallet ended the connection on its side: the namespace becomes disconnected. */
    async onWalletDisconnected(namespace: ChainNamespace): Promise<void> {
      await markDisconnected(namespace)
      await deps.store.clearLoginCache()
    },
  }
  return controller
}
