// The Solana adapter's connected wallet: which connector, session, accounts and cluster it is, what is remembered of
// it for a reload, and the wallet's own changes turned into the adapter's events, one per cause.
import {
  type AdapterAccount,
  type AdapterContext,
  type AdapterEvents,
  type CaipNetwork,
  type ConnectResult,
  type Emitter,
  formatCaipAddress,
  type KitStorage,
  LatchkeyError,
  Messages,
  ProviderRpcError,
  RpcErrorCode,
  unsupportedNetwork,
} from '@latchkey/core'
import { caipIdOfWalletChain, networkOfWalletChain, walletServes } from './chains.js'
import { clearConnection, readConnection, writeConnection } from './stored-connection.js'
import type { WalletChange, WalletSession } from './wallet-session.js'

/** The connected wallet. */
export interface Active {
  connectorId: string
  session: WalletSession
  addresses: string[]
  network: CaipNetwork
  detach(): void
}

/**
 * Holds the adapter's connected wallet ({@link current}), remembers it in the adapter's storage, and reports the
 * wallet's changes (accounts, cluster, a disconnect from the wallet's side) as the adapter's events.
 */
export class ActiveConnection {
  private active: Active | undefined

  constructor(
    private readonly events: Emitter<AdapterEvents>,
    private readonly context: () => AdapterContext | undefined,
  ) {}

  /** The connected wallet; undefined when there is none. */
  get current(): Active | undefined {
    return this.active
  }

  /** Makes the wallet the connected one (the previous one let go), follows its changes and remembers it. */
  async attach(
    connectorId: string,
    session: WalletSession,
    addresses: string[],
    network: CaipNetwork,
  ): Promise<ConnectResult> {
    this.drop()
    const active: Active = { connectorId, session, addresses, network, detach: () => {} }
    active.detach = session.onChange((change) => this.onWalletChange(active, change))
    this.active = active
    await this.remember(active)
    return { connectorId, accounts: this.accounts(), network }
  }

  /** Stops following the connected wallet and lets it go; what is remembered stays (see {@link forget}). */
  drop(): void {
    this.active?.detach()
    this.active = undefined
  }

  accounts(): AdapterAccount[] {
    const active = this.active
    if (!active) return []
    return active.addresses.map((address) => ({
      address,
      caipAddress: formatCaipAddress(active.network.caipNetworkId, address),
      type: 'eoa' as const,
    }))
  }

  /** The session and the address that signs: `address` when the wallet authorized it, else the active one. */
  signer(address?: string): { session: WalletSession; signer: string } {
    const active = this.active
    const first = active?.addresses[0]
    if (!active || !first) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    if (address !== undefined && !active.addresses.includes(address)) {
      throw new ProviderRpcError(
        RpcErrorCode.Unauthorized,
        `The wallet did not authorize ${address.slice(0, 64)}`,
      )
    }
    return { session: active.session, signer: address ?? first }
  }

  /** The active network, checking a requested one is it. */
  network(requested?: CaipNetwork): CaipNetwork {
    const network = this.active?.network
    if (!network) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    if (requested && requested.caipNetworkId !== network.caipNetworkId) {
      throw new LatchkeyError(
        `The request is for ${requested.caipNetworkId} but the active network is ${network.caipNetworkId}`,
        { code: 'INVALID_PARAMS' },
      )
    }
    return network
  }

  /** The connection remembered for a reload. @throws LatchkeyError INTERNAL_SDK_ERROR before init. */
  remembered(): ReturnType<typeof readConnection> {
    return readConnection(this.storage())
  }

  remember({ connectorId, network }: Active): Promise<void> {
    return writeConnection(this.storage(), { connectorId, network: network.caipNetworkId })
  }

  forget(): Promise<void> {
    return clearConnection(this.context()?.storage)
  }

  /** The wallet's own change (`standard:events`, an adapter's connect/disconnect): one event per cause. */
  private onWalletChange(active: Active, change: WalletChange): void {
    if (this.active !== active) return
    if (change.addresses !== undefined) {
      if (change.addresses.length === 0) {
        this.drop()
        void this.forget()
        this.events.emit('disconnected', { reason: 'wallet' })
        return
      }
      if (change.addresses.join() !== active.addresses.join()) {
        active.addresses = change.addresses
        this.events.emit('accountsChanged', { accounts: this.accounts() })
      }
    }
    const chain = change.chains?.find((c) => c.startsWith('solana:'))
    if (chain !== undefined && !walletServes(active.network, change.chains ?? [])) {
      const network =
        networkOfWalletChain(this.context()?.networks ?? [], chain) ??
        unsupportedNetwork(caipIdOfWalletChain(chain))
      active.network = network
      void this.remember(active)
      this.events.emit('networkChanged', { network })
    }
  }

  private storage(): KitStorage {
    const context = this.context()
    if (!context) throw new LatchkeyError('The adapter was not initialised', { code: 'INTERNAL_SDK_ERROR' })
    return context.storage
  }
}
