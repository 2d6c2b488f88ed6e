import type { AdapterAccount } from '../../adapter/accounts.js'
import type { ChainAdapter } from '../../adapter/adapter.js'
import { ConnectorIds } from '../../adapter/connectors.js'
import type {
  ProposalNamespace,
  SessionSignInRequest,
  WalletConnectAuth,
  WalletConnectProvider,
} from '../../adapter/walletconnect.js'
import { proposalNamespace } from '../../adapter/walletconnect-proposal.js'
import type { CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import { parseCaipAddress } from '../../caip/caip.js'
import { LatchkeyError } from '../../errors/errors.js'
import * as Messages from '../../errors/messages.js'
import type { KitEnvironment } from '../../kit/environment.js'
import type { StateStore } from '../../kit/store.js'
import type { CaipNetwork } from '../../networks/define.js'
import { unsupportedNetwork } from '../../networks/define.js'
import type { ChainController } from './chain-controller.js'
import {
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStore,
  isPairingExpired,
  type MarkConnected,
  messageOf,
  PAIRING_TTL_MS,
  type RecentWallet,
} from './connection-types.js'

export interface WalletConnectControllerDeps {
  env: KitEnvironment
  /** The connection state, shared with the connection controller. */
  state: StateStore<ConnectionState>
  store: Pick<ConnectionStore, 'setDeepLink'>
  chain: Pick<ChainController, 'getNetworks' | 'findNetwork' | 'setApprovedNetworks'>
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  namespaces: readonly ChainNamespace[]
  getWalletConnectProvider?: () => Promise<WalletConnectProvider>
  /**
   * Sign-in inside the WalletConnect session request (SPEC §4.41), when sign-in is on: `request` gives what to ask
   * for the proposed chains (undefined when it does not apply: a chain outside eip155), `store` keeps the sessions
   * the wallet signed (it throws when they cannot be kept, and the session is then ended).
   */
  walletConnectSignIn?: {
    request(chains: readonly CaipNetworkId[]): Promise<SessionSignInRequest | undefined>
    store(request: SessionSignInRequest, auths: readonly WalletConnectAuth[]): Promise<void>
  }
  /** The host's custom RPC URLs: the proposal's `rpcMap` points the wallet's reads at them first. */
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { url: string }[]>>
  markConnected: MarkConnected
  /** Puts a wallet at the front of the recent wallets (the connection controller keeps them). */
  rememberWallet(wallet: RecentWallet): Promise<void>
  track?(event: ConnectionEvent): void
}

export type WalletConnectController = ReturnType<typeof createWalletConnectController>

/**
 * The WalletConnect side of connecting (SPEC §4 "Connection status"): one session proposed for every namespace, the
 * pairing URI and its expiry (an unexpired pairing is reused), the sign-in inside the session request, and each
 * namespace's accounts synced from the session. Loaded by the connection controller on first use: a page whose
 * visitor never uses WalletConnect never loads it.
 */
export function createWalletConnectController(deps: WalletConnectControllerDeps) {
  const { state } = deps
  let wcConnecting: Promise<void> | undefined
  let wcAttempt = 0
  const now = () => deps.env.now()

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
    await deps.markConnected(namespace, ConnectorIds.walletConnect, accounts, network)
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

  const controller = {
    syncFromSession,

    /**
     * Connects over WalletConnect. An unexpired pairing is reused (SPEC §4.3), and a proposal under way is the one
     * waited for; `fresh` makes a new pairing instead (a QR code whose pairing is about to expire is replaced). On
     * Telegram and iOS Safari the status goes to connecting while the wallet answers and ends as connected (§4.2).
     */
    async connectWalletConnect(options: { fresh?: boolean } = {}): Promise<void> {
      if (!options.fresh) {
        if (wcConnecting) return wcConnecting
        if (state.get().wcUri && !isPairingExpired(state.get().wcPairingExpiry, now())) return
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

    /**
     * After a WalletConnect connection: stores the deep link and the recent wallet, and reports connect-success with
     * method mobile (a deep link was used) or qrcode (SPEC §4.5).
     */
    async finalizeWcConnection(): Promise<void> {
      const { wcLinking, recentWallet } = state.get()
      await deps.store.setDeepLink(wcLinking)
      if (recentWallet) await deps.rememberWallet(recentWallet)
      deps.track?.({
        event: 'CONNECT_SUCCESS',
        properties: { method: wcLinking ? 'mobile' : 'qrcode', name: recentWallet?.name ?? 'WalletConnect' },
      })
    },
  }
  return controller
}
