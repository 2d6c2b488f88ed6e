// The connection the wagmi adapter reports to the kit, kept in line with the wagmi config it shares with the host:
// what the kit last heard of (the view), the events that tell of a change the adapter did not make, who signs and
// on which network, and the wallet provider behind it.
import {
  type AdapterAccount,
  type AdapterEvents,
  type CaipNetwork,
  type ConnectResult,
  type Emitter,
  formatCaipAddress,
  LatchkeyError,
  Messages,
} from '@latchkey/core'
import { type Eip1193Provider, signerAmong } from '@latchkey/core/eip155'
import type { Config, Connector as WagmiConnector } from '@wagmi/core'
import type { EIP1193Provider } from 'viem'
import type { AdapterChains } from './chains.js'
import type { AdapterConnectors } from './connectors.js'
import { readView, type View, type WagmiConnection } from './wagmi-state.js'

/**
 * The adapter's side of the config's current connection. The adapter's own operations set {@link view} when they
 * are done; {@link reconcile} takes whatever else happened (the wallet's events, the host's wagmi actions) as one
 * event per difference.
 */
export class ReportedConnection {
  /** The connection as the kit last heard of it; undefined when disconnected. */
  view: View | undefined
  /** The providers of the host's own wagmi connectors, asked once when they connect. */
  private readonly hostProviders = new Map<string, EIP1193Provider>()

  /**
   * @param quiet true while the config's changes are not events: the adapter's own operation is in flight (its
   *   intermediate states are its own), or the adapter is stopped.
   */
  constructor(
    private readonly config: Config,
    private readonly chains: AdapterChains,
    private readonly connectors: AdapterConnectors,
    private readonly events: Emitter<AdapterEvents>,
    private readonly quiet: () => boolean,
  ) {}

  /**
   * Brings the reported connection in line with the config's after a change the adapter did not make: the
   * wallet's events, or the host's wagmi actions. Each difference is one event.
   */
  reconcile(): void {
    if (this.quiet()) return
    const status = this.config.state.status
    if (status === 'connecting' || status === 'reconnecting') return
    if (this.restoreEmptied()) return
    const next = readView(this.config)
    const previous = this.view
    this.view = next
    if (!next) {
      if (previous) this.events.emit('disconnected', { reason: 'wallet' })
      return
    }
    if (next.uid !== previous?.uid) {
      void this.rememberProvider(this.config.connectors.find((c) => c.uid === next.uid))
      this.events.emit('accountsChanged', { accounts: this.accounts() })
      this.events.emit('networkChanged', { network: this.chains.networkFor(next.chainId) })
      return
    }
    if (next.addresses.join() !== previous.addresses.join()) {
      this.events.emit('accountsChanged', { accounts: this.accounts() })
    }
    if (next.chainId !== previous.chainId) {
      this.events.emit('networkChanged', { network: this.chains.networkFor(next.chainId) })
    }
  }

  /**
   * `<WagmiProvider reconnectOnMount={false}>` on a page without ssr empties the config's connections when it first
   * renders (to drop what wagmi rehydrated from storage), leaving `current` and the status as they were. When the kit
   * restored the wallet before that render (a fast restore), the emptied connection is the live one, not a wallet
   * that left: it is put back, and nothing is reported. True when it was.
   */
  private restoreEmptied(): boolean {
    const view = this.view
    const connector = view && this.config.connectors.find((candidate) => candidate.uid === view.uid)
    const [first, ...rest] = view?.addresses ?? []
    if (!view || !connector || !first) return false
    return this.putBack({ accounts: [first, ...rest], chainId: view.chainId, connector })
  }

  /**
   * Puts `connection` back into the config's state when wagmi's provider emptied it (see {@link restoreEmptied})
   * while the config still says it is connected through it. True when it did.
   */
  putBack(connection: WagmiConnection | undefined): boolean {
    const { connections, current, status } = this.config.state
    if (!connection || status !== 'connected' || current !== connection.connector.uid || connections.size > 0)
      return false
    this.config.setState((state) => ({
      ...state,
      connections: new Map([[connection.connector.uid, connection]]),
    }))
    return true
  }

  /** The wallet is on `chainId` now (the adapter switched it): networkChanged, unless its echo already told. */
  settleChain(chainId: number): void {
    const view = this.view
    if (!view || view.chainId === chainId) return
    view.chainId = chainId
    this.events.emit('networkChanged', { network: this.chains.networkFor(chainId) })
  }

  accounts(): AdapterAccount[] {
    const view = this.view
    if (!view) return []
    const { caipNetworkId } = this.chains.networkFor(view.chainId)
    return view.addresses.map((address) => ({
      address,
      caipAddress: formatCaipAddress(caipNetworkId, address),
      type: 'eoa',
    }))
  }

  network(): CaipNetwork | undefined {
    return this.view ? this.chains.networkFor(this.view.chainId) : undefined
  }

  result(view: View): ConnectResult {
    return {
      connectorId: view.connectorId,
      accounts: this.accounts(),
      network: this.chains.networkFor(view.chainId),
    }
  }

  requireView(): View {
    if (!this.view) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return this.view
  }

  /** The address that acts: `address` when the wallet holds it, else the active one. @throws 4100 otherwise. */
  signer(address?: string): `0x${string}` {
    return signerAmong(this.view?.addresses ?? [], address)
  }

  /** The active network, after checking a network the caller named is that one. @throws INVALID_PARAMS. */
  activeNetwork(network?: CaipNetwork): CaipNetwork {
    const active = this.chains.networkFor(this.requireView().chainId)
    if (network && network.caipNetworkId !== active.caipNetworkId) {
      throw new LatchkeyError(`The wallet is on ${active.name}, not ${network.name}: switch network first`, {
        code: 'INVALID_PARAMS',
      })
    }
    return active
  }

  /** The connected wallet's provider: a wallet the adapter found, else a host connector's. */
  provider(): EIP1193Provider | undefined {
    const uid = this.view?.uid
    if (!uid) return undefined
    return (this.connectors.providerOf(uid) as EIP1193Provider | undefined) ?? this.hostProviders.get(uid)
  }

  requireProvider(): Eip1193Provider {
    const provider = this.provider()
    if (!provider) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return provider as Eip1193Provider
  }

  /** Keeps the provider of a host's own connector (the adapter's own wallets have theirs at hand). */
  async rememberProvider(connector: WagmiConnector | undefined): Promise<void> {
    if (!connector || this.connectors.isManaged(connector.uid) || this.hostProviders.has(connector.uid))
      return
    const provider = await connector.getProvider().catch(() => undefined)
    if (provider) this.hostProviders.set(connector.uid, provider as EIP1193Provider)
  }
}
