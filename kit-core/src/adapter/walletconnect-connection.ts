// One namespace's side of the kit's shared WalletConnect session. Every adapter's WalletConnect connector (and the
// universal adapter) builds on it: it adopts the session when one exists (a kit that connected over WalletConnect,
// or another namespace of the same session) and proposes one otherwise, keeps the accounts and the active network
// in step with the wallet's events, and routes each request to the active chain of the namespace.
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import { formatCaipAddress, parseCaipAddress } from '../caip/caip.js'
import { LatchkeyError, Messages } from '../errors/index.js'
import type { CaipNetwork } from '../networks/define.js'
import { unsupportedNetwork } from '../networks/define.js'
import type { AccountType, AdapterAccount } from './accounts.js'
import type { ConnectResult, SwitchNetworkResult } from './adapter.js'
import { ConnectorIds } from './connectors.js'
import type { SessionSignInRequest, WalletConnectProvider } from './walletconnect.js'
import { proposalNamespace } from './walletconnect-proposal.js'

/** Namespaces whose addresses are the same on every chain (one key, one address). */
const SAME_ADDRESS_EVERYWHERE: readonly ChainNamespace[] = ['eip155', 'solana']

/** What a WalletConnect session connection tells its adapter. */
export interface WalletConnectConnectionEvents {
  accountsChanged(accounts: readonly AdapterAccount[]): void
  /** The active network moved (the `unsupportedNetwork` stand-in (`Unknown Network`) for a chain the adapter does not serve). */
  networkChanged(network: CaipNetwork): void
  /** The session ended from the wallet's side, expired, or was dropped by another namespace's disconnect. */
  disconnected(): void
}

export interface WalletConnectConnectionOptions {
  namespace: ChainNamespace
  /** The adapter's networks (read when needed: the kit hands them over in `init`). */
  networks: () => readonly CaipNetwork[]
  getProvider: () => Promise<WalletConnectProvider>
  customRpcUrls?: () => Readonly<Record<CaipNetworkId, readonly { url: string }[]>> | undefined
  /** The account type the session's accounts have; default `eoa` (`payment` on bip122). */
  accountType?: AccountType
  /**
   * How the active network changes: `wallet` asks the wallet (eip155's `wallet_switchEthereumChain`) and follows
   * its `chainChanged`; `adapter` just retargets requests to another approved chain (no prompt).
   */
  networkSwitch: 'wallet' | 'adapter'
  on: WalletConnectConnectionEvents
}

interface Live {
  provider: WalletConnectProvider
  topic: string
  network: CaipNetwork
  /** CAIP-10 ids of the namespace's accounts on the active network, the selected one first. */
  accounts: CaipAddress[]
  /** Set while this side ends the session, so its own session_delete is not reported as the wallet's. */
  leaving: boolean
  detach: () => void
}

/**
 * One namespace's connection over the shared WalletConnect provider. `connect` adopts the live session when it
 * holds accounts of the namespace (no prompt), else proposes a session for the namespace's networks; `restore`
 * only adopts. Requests go to the active chain; the wallet's chain and account events and the session's end reach
 * the adapter once each.
 */
export class WalletConnectConnection {
  private live: Live | undefined

  constructor(private readonly options: WalletConnectConnectionOptions) {}

  get namespace(): ChainNamespace {
    return this.options.namespace
  }

  get connected(): boolean {
    return this.live !== undefined
  }

  /** The provider of the live connection. */
  get provider(): WalletConnectProvider | undefined {
    return this.live?.provider
  }

  /**
   * Adopts the session's accounts of the namespace, proposing a session first when there is none (the wallet
   * shows it; `display_uri` carries the pairing URI). `signIn` asks for a one-step sign-in inside the proposal.
   * @throws ProviderRpcError 4001 when the wallet rejects; LatchkeyError when the session holds no account here.
   */
  async connect(
    params: { network?: CaipNetwork; signIn?: SessionSignInRequest } = {},
  ): Promise<ConnectResult & { topic: string }> {
    const provider = await this.options.getProvider()
    let signIn: { message: string; signature: string } | undefined
    if (provider.session && provider.getAccounts(this.namespace).length === 0) {
      // Another namespace's session: ending it here would disconnect that namespace behind the host's back.
      throw new LatchkeyError(`The WalletConnect session does not include ${this.namespace}`, {
        code: 'NOT_CONNECTED',
        details: 'Disconnect, then connect again with every namespace wanted',
      })
    }
    if (!provider.session) {
      const networks = this.options.networks()
      if (networks.length === 0)
        throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
      const result = await provider.connect({
        namespaces: {},
        optionalNamespaces: {
          [this.namespace]: proposalNamespace(this.namespace, networks, this.options.customRpcUrls?.()),
        },
        ...(params.signIn ? { signIn: params.signIn } : {}),
      })
      const first = result.auths?.[0]
      if (first) signIn = { message: first.message, signature: first.signature }
    }
    const result = this.adopt(provider, params.network)
    if (!result)
      throw new LatchkeyError(`The WalletConnect session holds no ${this.namespace} account`, {
        code: 'NOT_CONNECTED',
      })
    return signIn ? { ...result, signIn } : result
  }

  /** Adopts the live session's accounts of the namespace, never proposing; null when there are none. */
  async restore(): Promise<(ConnectResult & { topic: string }) | null> {
    const provider = await this.options.getProvider()
    return this.adopt(provider)
  }

  /**
   * Ends the session on both sides (the provider gives up on the relay after 3 s); every namespace of the session
   * goes with it. Never throws for a relay that is down: the connection is dropped here regardless.
   */
  async disconnect(): Promise<void> {
    const live = this.live
    if (!live) return
    live.leaving = true
    this.drop()
    if (live.provider.session?.topic === live.topic) await live.provider.disconnect()
  }

  /** Forgets the connection without ending the session (another adapter may still use it). */
  release(): void {
    this.drop()
  }

  accounts(): AdapterAccount[] {
    const type = this.options.accountType ?? (this.namespace === 'bip122' ? 'payment' : 'eoa')
    return (this.live?.accounts ?? []).map((caipAddress) => ({
      address: parseCaipAddress(caipAddress).address,
      caipAddress,
      type,
    }))
  }

  network(): CaipNetwork | undefined {
    return this.live?.network
  }

  /** The session's chains of the namespace (what the wallet approved). */
  approvedNetworks(): CaipNetworkId[] {
    const live = this.live
    const session = live?.provider.session?.namespaces[this.namespace]
    if (!session) return []
    const chains = session.chains ?? session.accounts.map((a) => parseCaipAddress(a).caipNetworkId)
    return [...new Set(chains as CaipNetworkId[])]
  }

  /** A wallet request on the active chain (or `network`, which must be the active one). */
  request<T>(method: string, params?: unknown): Promise<T> {
    const live = this.requireLive()
    return live.provider.request<T>(
      { method, ...(params === undefined ? {} : { params }) },
      live.network.caipNetworkId,
    )
  }

  /**
   * Moves to another network of the namespace, one the adapter serves. With `networkSwitch: 'wallet'`, `ask`
   * sends the wallet its switch request first (a wallet may add a chain the session lacked, with a session
   * update); then the network must be one the session approved.
   * @throws LatchkeyError 'Unsupported chain' (UNSUPPORTED_CHAIN); the wallet's error (4001) when it refuses.
   */
  async switchNetwork(
    network: CaipNetwork,
    ask?: (live: { provider: WalletConnectProvider; from: CaipNetwork }) => Promise<void>,
  ): Promise<SwitchNetworkResult> {
    const live = this.requireLive()
    const unsupported = (details: string) =>
      new LatchkeyError(Messages.unsupportedChain, { code: 'UNSUPPORTED_CHAIN', details })
    if (!this.options.networks().some((n) => n.caipNetworkId === network.caipNetworkId))
      throw unsupported(`${network.caipNetworkId} is not among the adapter's networks`)
    if (live.network.caipNetworkId === network.caipNetworkId)
      return { network, via: this.options.networkSwitch }
    const asks = this.options.networkSwitch === 'wallet' && ask !== undefined
    if (!asks && !this.approvedNetworks().includes(network.caipNetworkId))
      throw unsupported(
        `The WalletConnect session does not include ${network.caipNetworkId}: reconnect to add it`,
      )
    if (asks) await ask({ provider: live.provider, from: live.network })
    if (this.live !== live) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    if (!this.approvedNetworks().includes(network.caipNetworkId))
      throw unsupported(`The wallet did not add ${network.caipNetworkId} to the WalletConnect session`)
    live.provider.setDefaultChain(network.caipNetworkId)
    this.settle(network)
    return { network, via: this.options.networkSwitch }
  }

  /** Stops following the provider's events; the session is left as it is. */
  destroy(): void {
    this.drop()
  }

  // ---- internals ----

  private requireLive(): Live {
    if (!this.live) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return this.live
  }

  private networkOf(caipNetworkId: CaipNetworkId): CaipNetwork {
    return (
      this.options.networks().find((network) => network.caipNetworkId === caipNetworkId) ??
      unsupportedNetwork(caipNetworkId)
    )
  }

  /** The namespace's accounts on a chain; on eip155 an address approved on any chain serves them all. */
  private accountsOn(provider: WalletConnectProvider, caipNetworkId: CaipNetworkId): CaipAddress[] {
    const all = provider.getAccounts(this.namespace)
    const here = all.filter((account) => parseCaipAddress(account).caipNetworkId === caipNetworkId)
    if (here.length > 0 || this.namespace !== 'eip155') return here
    const addresses = [...new Set(all.map((account) => parseCaipAddress(account).address))]
    return addresses.map((address) => formatCaipAddress(caipNetworkId, address))
  }

  private adopt(
    provider: WalletConnectProvider,
    wanted?: CaipNetwork,
  ): (ConnectResult & { topic: string }) | null {
    const session = provider.session
    const all = provider.getAccounts(this.namespace)
    const first = all[0]
    if (!session || !first) return null
    const approved = new Set(
      session.namespaces[this.namespace]?.chains ?? all.map((a) => parseCaipAddress(a).caipNetworkId),
    )
    // The network asked for when the wallet approved it, else the first approved one the adapter serves, else
    // where the wallet's first account is.
    const served = this.options.networks().filter((n) => approved.has(n.caipNetworkId))
    const network =
      (wanted && approved.has(wanted.caipNetworkId) ? wanted : undefined) ??
      served.find((n) => this.accountsOn(provider, n.caipNetworkId).length > 0) ??
      this.networkOf(parseCaipAddress(first).caipNetworkId as CaipNetworkId)
    const accounts = this.accountsOn(provider, network.caipNetworkId)
    this.drop()
    provider.setDefaultChain(network.caipNetworkId)
    const live: Live = {
      provider,
      topic: session.topic,
      network,
      accounts,
      leaving: false,
      detach: () => undefined,
    }
    const stops = [
      provider.on('chainChanged', ({ caipNetworkId }) => {
        if (this.live !== live || !caipNetworkId.startsWith(`${this.namespace}:`)) return
        this.settle(this.networkOf(caipNetworkId))
      }),
      provider.on('accountsChanged', ({ namespace, accounts: next }) => {
        if (this.live !== live || namespace !== this.namespace) return
        this.onAccounts(next)
      }),
      provider.on('session_update', () => {
        if (this.live !== live) return
        // An update that keeps the accounts (a chain added) changes nothing here; one that drops or adds accounts
        // does, the selected account staying first when it is still there.
        const next = this.accountsOn(provider, live.network.caipNetworkId)
        const same = next.length === live.accounts.length && next.every((a) => live.accounts.includes(a))
        if (next.length > 0 && !same)
          this.onAccounts([
            ...live.accounts.filter((a) => next.includes(a)),
            ...next.filter((a) => !live.accounts.includes(a)),
          ])
      }),
      provider.on('session_delete', ({ topic }) => {
        if (this.live !== live || topic !== live.topic) return
        this.drop()
        if (!live.leaving) this.options.on.disconnected()
      }),
    ]
    live.detach = () => {
      for (const stop of stops) stop()
    }
    this.live = live
    return {
      connectorId: ConnectorIds.walletConnect,
      accounts: this.accounts(),
      network,
      topic: session.topic,
    }
  }

  private onAccounts(next: readonly CaipAddress[]): void {
    const live = this.live
    if (!live) return
    const onChain = next.filter((a) => parseCaipAddress(a).caipNetworkId === live.network.caipNetworkId)
    // An event on another chain of the session still names the accounts where an address is the same on every
    // chain of the namespace (eip155, solana); elsewhere (Bitcoin, Polkadot, Cosmos) it says nothing of this chain.
    const accounts =
      onChain.length > 0
        ? onChain
        : SAME_ADDRESS_EVERYWHERE.includes(this.namespace)
          ? next.map((a) => formatCaipAddress(live.network.caipNetworkId, parseCaipAddress(a).address))
          : []
    if (accounts.length === 0 || accounts.join() === live.accounts.join()) return
    live.accounts = [...new Set(accounts)]
    this.options.on.accountsChanged(this.accounts())
  }

  /** Records the active network once per cause (the dApp's switch and the wallet's echo are one). */
  private settle(network: CaipNetwork): void {
    const live = this.live
    if (!live || live.network.caipNetworkId === network.caipNetworkId) return
    live.network = network
    // The same addresses on the new chain keep their order (the selected account stays first); where addresses
    // differ per chain (Bitcoin), the session's accounts on that chain.
    const moved = this.accountsOn(live.provider, network.caipNetworkId)
    const kept = live.accounts.map((a) =>
      formatCaipAddress(network.caipNetworkId, parseCaipAddress(a).address),
    )
    live.accounts =
      moved.length === 0 || (kept.length === moved.length && kept.every((a) => moved.includes(a)))
        ? kept
        : moved
    // One event per cause (the adapter contract): where addresses differ per network (Bitcoin), the accounts
    // moved with the network, and the kit reads them when it hears networkChanged.
    this.options.on.networkChanged(network)
  }

  private drop(): void {
    this.live?.detach()
    this.live = undefined
  }
}
