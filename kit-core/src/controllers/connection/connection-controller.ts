import type { AdapterAccount } from '../../adapter/accounts.js'
import type { ChainAdapter } from '../../adapter/adapter.js'
import type { Connector } from '../../adapter/connectors.js'
import { ConnectorIds } from '../../adapter/connectors.js'
import type {
  ProposalNamespace,
  SessionSignInRequest,
  WalletConnectAuth,
  WalletConnectProvider,
} from '../../adapter/walletconnect.js'
import { proposalNamespace } from '../../adapter/walletconnect.js'
import type { CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import { type CaipAddress, isChainNamespace, parseCaipAddress } from '../../caip/caip.js'
import { LatchkeyError } from '../../errors/errors.js'
import { Messages } from '../../errors/messages.js'
import type { KitEnvironment } from '../../kit/environment.js'
import { createStore, type StateStore } from '../../kit/store.js'
import type { CaipNetwork } from '../../networks/define.js'
import { unsupportedNetwork } from '../../networks/define.js'
import type { ChainController } from './chain-controller.js'
import type { ConnectedWalletInfo } from './chain-state.js'

/** How long a disconnect waits for a wallet before it goes on without it (SPEC §4, §9). */
export const DISCONNECT_TIMEOUT_MS = 3000
/** How many recent wallets are kept (SPEC §9). */
export const RECENT_WALLETS_LIMIT = 2
/** A WalletConnect pairing lives 5 minutes; one that expires within 10 s counts as expired. */
export const PAIRING_TTL_MS = 5 * 60_000
const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** A wallet the user connected recently (SPEC §3 "Recent wallet"). */
export interface RecentWallet {
  id: string
  rdns?: string
  name?: string
}

/** The deep link a mobile wallet was opened with (SPEC §3 "wcLinking"). */
export interface WalletLink {
  name: string
  href: string
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** SPEC §3 "Wallet connection state". */
export interface ConnectionState {
  status: ConnectionStatus
  connections: Readonly<Partial<Record<ChainNamespace, { connectorId: string }>>>
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: WalletLink
  wcError: boolean
  buffering: boolean
  recentWallet?: RecentWallet
  recentWallets: readonly RecentWallet[]
}

/** The stored facts the connection controller reads and writes (the facade maps them to storage keys). */
export interface ConnectionStore {
  getConnectorId(namespace: ChainNamespace): Promise<string | undefined>
  setConnectorId(namespace: ChainNamespace, connectorId: string): Promise<void>
  removeConnectorId(namespace: ChainNamespace): Promise<void>
  getStatus(namespace: ChainNamespace): Promise<'connected' | 'disconnected' | undefined>
  setStatus(namespace: ChainNamespace, status: 'connected' | 'disconnected'): Promise<void>
  getRecentWallets(): Promise<readonly RecentWallet[]>
  setRecentWallets(wallets: readonly RecentWallet[]): Promise<void>
  setDeepLink(link: WalletLink | undefined): Promise<void>
  /** Clears the cached address of a namespace. */
  clearAddressCache(namespace: ChainNamespace): Promise<void>
  /** Clears email, the email-login-used flag, the last used chain and the social username (SPEC §4.13). */
  clearLoginCache(): Promise<void>
}

export type ConnectionEvent =
  | { event: 'CONNECT_SUCCESS'; properties: { method: 'browser' | 'mobile' | 'qrcode'; name: string } }
  | { event: 'CONNECT_ERROR'; properties: { message: string } }
  | { event: 'DISCONNECT_SUCCESS'; properties: { namespace?: ChainNamespace } }
  | { event: 'DISCONNECT_ERROR'; properties: { message: string } }

export interface ConnectionControllerDeps {
  env: KitEnvironment
  store: ConnectionStore
  chain: ChainController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  /** The namespaces the kit has adapters for. */
  namespaces: readonly ChainNamespace[]
  /** A connector by id within a namespace, to tell its type and name. */
  getConnector?(namespace: ChainNamespace, connectorId: string): Connector | undefined
  /** The shared WalletConnect provider, when WalletConnect is enabled. */
  getWalletConnectProvider?: () => Promise<WalletConnectProvider>
  /**
   * Sign-in inside the WalletConnect session request (SPEC §4), when sign-in is on: `request` gives what to ask
   * for the proposed chains (undefined when it does not apply: a chain outside eip155), `store` keeps the sessions
   * the wallet signed (it throws when they cannot be kept, and the session is then ended).
   */
  walletConnectSignIn?: {
    request(chains: readonly CaipNetworkId[]): Promise<SessionSignInRequest | undefined>
    store(request: SessionSignInRequest, auths: readonly WalletConnectAuth[]): Promise<void>
  }
  /** The host's custom RPC URLs: the proposal's `rpcMap` points the wallet's reads at them first. */
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { url: string }[]>>
  /** Waits until the embedded wallet answers for a namespace (embedded-wallet issue); resolves its accounts. */
  restoreEmbeddedWallet?(
    namespace: ChainNamespace,
  ): Promise<{ accounts: AdapterAccount[]; network: CaipNetwork } | null>
  track?(event: ConnectionEvent): void
  /** Hooks of later features, run on disconnect and reset. */
  resetSendState?(): void
  resetTransactions?(): void
  /**
   * Drops the sign-in sessions (SIWX) of the accounts a disconnect signed out, read before the disconnect
   * cleared them (CAIP-10 ids).
   */
  resetSessions?(caipAddresses: readonly CaipAddress[]): Promise<void> | void
}

export type ConnectionController = ReturnType<typeof createConnectionController>

/** Resolves `promise`, or undefined once `ms` pass: a wallet that never answers cannot hold the kit. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The connection status machine (SPEC §4 "Connection status", "Startup", "Disconnect"): connecting a wallet
 * through an adapter or WalletConnect, the pairing and deep-link rules, recent wallets, restoring after a
 * reload, and disconnecting with the 3 s wait, the cascade and aggregated failures.
 */
export function createConnectionController(deps: ConnectionControllerDeps) {
  const state: StateStore<ConnectionState> = createStore<ConnectionState>({
    status: 'disconnected',
    connections: {},
    wcError: false,
    buffering: false,
    recentWallets: [],
  })
  let wcConnecting: Promise<void> | undefined
  let wcAttempt = 0

  const now = () => deps.env.now()

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

  function isWalletConnect(namespace: ChainNamespace, connectorId: string): boolean {
    return (
      connectorId === ConnectorIds.walletConnect ||
      deps.getConnector?.(namespace, connectorId)?.type === 'WALLET_CONNECT'
    )
  }

  function isAuth(namespace: ChainNamespace, connectorId: string): boolean {
    const type = deps.getConnector?.(namespace, connectorId)?.type
    return connectorId === ConnectorIds.auth || type === 'AUTH' || type === 'ID_AUTH'
  }

  /** Turns the session's CAIP-10 accounts of one namespace into connected accounts on the kit's networks. */
  async function syncFromSession(
    provider: WalletConnectProvider,
    namespace: ChainNamespace,
  ): Promise<boolean> {
    const caipAccounts = provider.getAccounts(namespace)
    const first = caipAccounts[0]
    if (!first) return false
    let network: CaipNetwork
    let accounts: readonly AdapterAccount[]
    const adapter = deps.getAdapter(namespace)
    if (adapter?.getConnectors().some((c) => c.id === ConnectorIds.walletConnect)) {
      // The namespace's adapter adopts the session (no prompt: it holds accounts here), so its signing, sending
      // and events go through the same session.
      const result = await adapter.connect({ connectorId: ConnectorIds.walletConnect })
      network = result.network
      accounts = result.accounts
    } else {
      const { caipNetworkId } = parseCaipAddress(first)
      network = deps.chain.findNetwork(caipNetworkId) ?? unsupportedNetwork(caipNetworkId as CaipNetworkId)
      accounts = caipAccounts
        .filter((a) => a.startsWith(`${caipNetworkId}:`))
        .map((caipAddress) => ({
          address: parseCaipAddress(caipAddress).address,
          caipAddress,
          // A WalletConnect session exposes the wallet's own accounts: Bitcoin payment addresses, EOAs elsewhere.
          type: namespace === 'bip122' ? ('payment' as const) : ('eoa' as const),
        }))
    }
    const session = provider.session?.namespaces[namespace]
    deps.chain.setApprovedNetworks(
      namespace,
      session?.chains ?? caipAccounts.map((a) => parseCaipAddress(a).caipNetworkId as CaipNetworkId),
      false,
    )
    await markConnected(namespace, ConnectorIds.walletConnect, accounts, network)
    return true
  }

  /** Every namespace the kit serves, proposed at once: one session for all of them. */
  function proposal(): Partial<Record<ChainNamespace, ProposalNamespace>> {
    const namespaces: Partial<Record<ChainNamespace, ProposalNamespace>> = {}
    for (const namespace of deps.namespaces) {
      const networks = deps.chain.getNetworks(namespace)
      if (networks.length > 0)
        namespaces[namespace] = proposalNamespace(namespace, networks, deps.customRpcUrls)
    }
    return namespaces
  }

  async function startWalletConnect(): Promise<void> {
    if (!deps.getWalletConnectProvider) throw new LatchkeyError(Messages.noConnectionControllerClient)
    // Only the latest proposal shows its URI and reports its failure: one replaced by a fresh pairing is let go
    // (the wallet may still approve it, and then it connects as usual).
    const attempt = ++wcAttempt
    const provider = await deps.getWalletConnectProvider()
    const stop = provider.on('display_uri', ({ uri }) => {
      if (attempt !== wcAttempt) return
      state.patch({ wcUri: uri, wcPairingExpiry: now() + PAIRING_TTL_MS, wcError: false })
    })
    try {
      const namespaces = proposal()
      const chains = Object.values(namespaces).flatMap((namespace) => namespace?.chains ?? [])
      const signIn = await deps.walletConnectSignIn?.request(chains)
      const result = await provider.connect({
        optionalNamespaces: namespaces,
        namespaces: {},
        ...(signIn ? { signIn } : {}),
      })
      // The sessions are kept before any account shows as connected, so sign-in finds them and asks nothing more;
      // a wallet that answered the plain proposal instead signs in after the connection, as any wallet does.
      if (signIn && result.auths?.length) {
        try {
          await deps.walletConnectSignIn?.store(signIn, result.auths)
        } catch (error) {
          await provider.disconnect().catch(() => undefined)
          throw error
        }
      }
      for (const namespace of deps.namespaces) await syncFromSession(provider, namespace)
      await controller.finalizeWcConnection()
    } catch (error) {
      if (attempt === wcAttempt) {
        state.patch({ wcError: true })
        deps.track?.({ event: 'CONNECT_ERROR', properties: { message: messageOf(error) } })
      }
      throw error
    } finally {
      stop()
    }
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
      return expiry === undefined || expiry - now() <= PAIRING_EXPIRY_MARGIN_MS
    },

    /**
     * Connects a wallet through its adapter (may prompt the user), then records the connection. Its network
     * becomes the active one when the active namespace has no connected account.
     * @throws the adapter's error (a rejection is ProviderRpcError 4001); state is left as it was.
     */
    async connect(params: {
      namespace: ChainNamespace
      connectorId: string
      network?: CaipNetwork
    }): Promise<void> {
      const adapter = deps.getAdapter(params.namespace)
      if (!adapter)
        throw new LatchkeyError(Messages.adapterMissing(params.namespace), { code: 'ADAPTER_NOT_FOUND' })
      try {
        const result = await adapter.connect({
          connectorId: params.connectorId,
          network: params.network ?? deps.chain.state.get().namespaces[params.namespace]?.caipNetwork,
        })
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
     * Connects over WalletConnect. An unexpired pairing is reused (SPEC §4.3), and a proposal under way is the one
     * waited for; `fresh` makes a new pairing instead (a QR code whose pairing is about to expire is replaced). On
     * Telegram and iOS Safari the status goes to connecting while the wallet answers and ends as connected (§4.2).
     */
    async connectWalletConnect(options: { fresh?: boolean } = {}): Promise<void> {
      if (!options.fresh) {
        if (wcConnecting) return wcConnecting
        if (state.get().wcUri && !controller.isPairingExpired()) return
      }
      const special = deps.env.isTelegram || (deps.env.isSafari && deps.env.isIos)
      const started: Promise<void> = special
        ? startWalletConnect().catch(() => undefined)
        : startWalletConnect()
      const current = started.finally(() => {
        if (wcConnecting === current) wcConnecting = undefined
      })
      wcConnecting = current
      if (!special) return current
      state.patch({ status: 'connecting' })
      await current
      state.patch({ wcPairingExpiry: undefined, status: 'connected' })
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

    /**
     * After a WalletConnect connection: stores the deep link and the recent wallet (at most 2, newest first)
     * and reports connect-success with method mobile (a deep link was used) or qrcode (SPEC §4.5).
     */
    async finalizeWcConnection(): Promise<void> {
      const { wcLinking, recentWallet } = state.get()
      await deps.store.setDeepLink(wcLinking)
      if (recentWallet) {
        const recentWallets = [
          recentWallet,
          ...state.get().recentWallets.filter((w) => w.id !== recentWallet.id),
        ].slice(0, RECENT_WALLETS_LIMIT)
        state.patch({ recentWallets })
        await deps.store.setRecentWallets(recentWallets)
      }
      deps.track?.({
        event: 'CONNECT_SUCCESS',
        properties: { method: wcLinking ? 'mobile' : 'qrcode', name: recentWallet?.name ?? 'WalletConnect' },
      })
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
      deps.resetTransactions?.()
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
              if (!provider?.session || !(await syncFromSession(provider, namespace)))
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
            if (deps.chain.state.get().namespaces[namespace])
              deps.chain.setAccountStatus(namespace, 'disconnected')
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
