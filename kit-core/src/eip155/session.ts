import type { AdapterAccount } from '../adapter/accounts.js'
import type {
  AdapterContext,
  AdapterEventName,
  AdapterEvents,
  ConnectParams,
  ConnectResult,
  SwitchNetworkResult,
  WalletAsset,
  WalletCapabilities,
} from '../adapter/adapter.js'
import type { Connector } from '../adapter/connectors.js'
import { readJson } from '../adapter/storage.js'
import { formatCaipAddress } from '../caip/caip.js'
import { LatchkeyError, Messages, ProviderRpcError, RpcErrorCode } from '../errors/index.js'
import type { CaipNetwork } from '../networks/define.js'
import { unsupportedNetwork } from '../networks/define.js'
import { rpcUrlsFor } from '../networks/helpers.js'
import { isAddress } from '../validators/address.js'
import { parseChainId } from './chain-id.js'
import {
  type CustomEvmWallet,
  checkCustomEvmWallets,
  evmConnectors,
  injectedProviderOf,
} from './connectors.js'
import { createEip6963Discovery, type Eip6963Discovery } from './discovery.js'
import { KitWallets } from './kit-wallets.js'
import { type Eip1193Provider, requestWallet, signerAmong, switchEthereumChain } from './provider.js'
import { requestWalletAssets, requestWalletCapabilities } from './wallet-requests.js'

/** What the session remembers in the adapter's storage, so a reload restores the connection. */
interface StoredConnection {
  connectorId: string
  /** The chain it was last on: the embedded wallet is restored there. */
  chainId?: number
}

const STORAGE_KEY = 'connection'

/** EIP-1193 `disconnect` with 1013 means "reconnecting to another chain", not that the wallet went away. */
const TRY_AGAIN_LATER = 1013

export interface Eip1193SessionOptions {
  /** The host's own wallets, next to the announced and injected ones. */
  customWallets?: readonly CustomEvmWallet[]
  /** How long `reconnect` waits for the remembered wallet to announce itself after a reload. Default 500 ms. */
  restoreWaitMs?: number
  /** Where the session's events go (the adapter's emitter). */
  emit<E extends AdapterEventName>(event: E, payload: AdapterEvents[E]): void
}

interface Connection {
  connectorId: string
  provider: Eip1193Provider
  addresses: `0x${string}`[]
  network: CaipNetwork
  detach(): void
}

/**
 * An eip155 connection to a browser wallet over plain EIP-1193: discovery (EIP-6963, `window.ethereum`, the
 * host's wallets), connect, restore without a prompt, disconnect, network switching with the add-chain
 * fallback, and the wallet's events, each forwarded once per cause. The ethers adapters build on it and add
 * their library's reads, signing and encoding; it imports no chain library itself.
 */
export class Eip1193Session {
  private context: AdapterContext | undefined
  private discovery: Eip6963Discovery | undefined
  private current: Connection | undefined
  private readonly customWallets: CustomEvmWallet[]
  private lastConnectors = ''
  private readonly kitWallets = new KitWallets()

  constructor(private readonly options: Eip1193SessionOptions) {
    this.customWallets = checkCustomEvmWallets(options.customWallets)
  }

  /** The networks the kit handed the adapter. */
  get networks(): readonly CaipNetwork[] {
    return this.context?.networks ?? []
  }

  /** Starts discovery on the context's target. */
  init(context: AdapterContext): void {
    this.context = context
    // The kit's WalletConnect session and embedded wallet, when offered, as more EIP-1193 wallets (loaded when used).
    this.kitWallets.init(context)
    const target = context.discoveryTarget
    const eip6963 = context.options.enableEIP6963 !== false && context.options.enableWallets !== false
    if (target && eip6963)
      this.discovery = createEip6963Discovery(target, () => this.connectorsMayHaveChanged())
    this.lastConnectors = this.connectorKey(this.connectors())
  }

  /** Asks the page's wallets to announce themselves again; emits connectorsChanged if the list changed. */
  sync(): void {
    this.discovery?.request()
    this.connectorsMayHaveChanged()
  }

  connectors(): Connector[] {
    const list = evmConnectors({
      announced: this.discovery?.wallets() ?? [],
      injected: injectedProviderOf(this.context?.discoveryTarget),
      custom: this.customWallets,
      options: this.requireContext().options,
    })
    return [...this.kitWallets.connectors(), ...list]
  }

  /** Asks the wallet for its accounts (a prompt), then for the network wanted; remembers the connection. */
  async connect({ connectorId, network }: ConnectParams): Promise<ConnectResult> {
    const provider = this.providerOf(connectorId)
    const target = network ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    this.checkServed(target)
    const asked = await this.kitWallets.accounts(provider, 'eth_requestAccounts', Number(target.id))
    const addresses = this.readAddresses(asked)
    if (addresses.length === 0)
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no account.')
    let chainId = parseChainId(await requestWallet<unknown>(provider, 'eth_chainId'))
    if (chainId !== Number(target.id)) {
      try {
        await switchEthereumChain(provider, target, this.rpcUrls(target))
        chainId = Number(target.id)
      } catch {
        // The user approved the connection but the network did not follow (refused, or the wallet cannot add
        // it): stay connected where the wallet is; the result says which network that is.
      }
    }
    return this.attach(connectorId, provider, addresses, this.networkFor(chainId))
  }

  /** Restores the remembered connection with `eth_accounts` (never a prompt); null, and forgotten, when gone. */
  async reconnect(): Promise<ConnectResult | null> {
    const saved = await readJson<StoredConnection>(this.requireContext().storage, STORAGE_KEY)
    if (typeof saved?.connectorId !== 'string') return null
    const provider = await this.waitForProvider(saved.connectorId)
    if (!provider) return null
    try {
      const held = await this.kitWallets.accounts(provider, 'eth_accounts', saved.chainId)
      const addresses = this.readAddresses(held)
      if (addresses.length === 0) {
        await this.forget()
        return null
      }
      const chainId = parseChainId(await requestWallet<unknown>(provider, 'eth_chainId'))
      return await this.attach(saved.connectorId, provider, addresses, this.networkFor(chainId))
    } catch {
      await this.forget()
      return null
    }
  }

  /**
   * Drops the connection and forgets it. Never prompts: injected wallets keep the site's permission; a WalletConnect
   * session is ended on both sides (the relay's wait gives up after 3 s); the embedded wallet signs out.
   */
  async disconnect(): Promise<void> {
    const provider = this.current?.provider
    this.drop()
    await this.forget()
    if (provider) await this.kitWallets.endSession(provider)
  }

  accounts(): AdapterAccount[] {
    const connection = this.current
    if (!connection) return []
    return connection.addresses.map((address) => ({
      address,
      caipAddress: formatCaipAddress(connection.network.caipNetworkId, address),
      type: 'eoa',
    }))
  }

  network(): CaipNetwork | undefined {
    return this.current?.network
  }

  provider(): Eip1193Provider | undefined {
    return this.current?.provider
  }

  /** The live connection. @throws LatchkeyError NOT_CONNECTED ('No ActiveCaipAddress found'). */
  connection(): Readonly<Pick<Connection, 'provider' | 'network' | 'connectorId'>> & {
    address: `0x${string}`
  } {
    const connection = this.current
    const address = connection?.addresses[0]
    if (!connection || !address)
      throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return {
      provider: connection.provider,
      network: connection.network,
      connectorId: connection.connectorId,
      address,
    }
  }

  /** The address that acts: `address` when the wallet holds it, else the active one. @throws 4100 otherwise. */
  signer(address?: string): `0x${string}` {
    return signerAmong(this.current?.addresses ?? [], address)
  }

  /**
   * The active network, after checking a network the caller named is that one, so a request never lands on
   * the wrong chain. @throws LatchkeyError INVALID_PARAMS when they differ.
   */
  activeNetwork(network?: CaipNetwork): CaipNetwork {
    const active = this.connection().network
    if (network && network.caipNetworkId !== active.caipNetworkId) {
      throw new LatchkeyError(`The wallet is on ${active.name}, not ${network.name}: switch network first`, {
        code: 'INVALID_PARAMS',
      })
    }
    return active
  }

  /** A request to the connected wallet, errors normalised. */
  request<T>(method: string, params?: unknown): Promise<T> {
    return requestWallet<T>(this.connection().provider, method, params)
  }

  /** Asks the wallet to move to `network` (adding it on 4902); emits networkChanged once. */
  async switchNetwork(network: CaipNetwork): Promise<SwitchNetworkResult> {
    this.checkServed(network)
    const connection = this.connection()
    if (connection.network.caipNetworkId !== network.caipNetworkId) {
      await switchEthereumChain(connection.provider, network, this.rpcUrls(network))
      this.settleNetwork(network)
    }
    return { network, via: 'wallet' }
  }

  /** EIP-5792 capabilities of the active account; empty when the wallet has no such method. */
  async getCapabilities(): Promise<WalletCapabilities> {
    const { provider, address } = this.connection()
    return requestWalletCapabilities(provider, address)
  }

  /** The wallet's assets on a network (default the active one); see {@link requestWalletAssets}. */
  async getWalletAssets(params: { address: string; network?: CaipNetwork }): Promise<WalletAsset[]> {
    const { provider, network } = this.connection()
    return requestWalletAssets(provider, params.address, params.network ?? network)
  }

  /** The configured network of a chain id, or the `unsupportedNetwork` stand-in (`Unknown Network`). */
  networkFor(chainId: number): CaipNetwork {
    return (
      this.networks.find((network) => Number(network.id) === chainId) ??
      unsupportedNetwork(`eip155:${Number.isNaN(chainId) ? 0 : chainId}`)
    )
  }

  /** The RPC endpoints of a network, the host's custom ones first. */
  rpcUrls(network: CaipNetwork): string[] {
    return rpcUrlsFor(network, this.context?.options.customRpcUrls)
  }

  destroy(): void {
    this.discovery?.stop()
    this.kitWallets.destroy()
    this.current?.detach()
    this.current = undefined
  }

  // ---- internals ----

  private requireContext(): AdapterContext {
    if (!this.context)
      throw new LatchkeyError('The adapter is not initialised: the kit calls init() first', {
        code: 'INTERNAL_SDK_ERROR',
      })
    return this.context
  }

  private checkServed(network: CaipNetwork): void {
    if (!this.networks.some((item) => item.caipNetworkId === network.caipNetworkId)) {
      throw new LatchkeyError(Messages.unsupportedChain, {
        code: 'UNSUPPORTED_CHAIN',
        details: `${network.caipNetworkId} is not among the adapter's networks`,
      })
    }
  }

  private listedProvider(connectorId: string): Eip1193Provider | undefined {
    return this.connectors().find((connector) => connector.id === connectorId)?.provider as
      | Eip1193Provider
      | undefined
  }

  private providerOf(connectorId: string): Eip1193Provider {
    const provider = this.listedProvider(connectorId)
    if (!provider) {
      throw new LatchkeyError(`Connector ${connectorId} not found`, { code: 'CONNECTOR_NOT_FOUND' })
    }
    return provider
  }

  private async waitForProvider(connectorId: string): Promise<Eip1193Provider | undefined> {
    const now = this.listedProvider(connectorId)
    if (now) return now
    // An extension may announce itself a moment after the page's scripts run.
    const announced = await this.discovery?.waitFor(connectorId, this.options.restoreWaitMs ?? 500)
    return announced ? this.listedProvider(connectorId) : undefined
  }

  /** The addresses of an accounts answer; anything that is not an address is dropped. */
  private readAddresses(value: unknown): `0x${string}`[] {
    if (!Array.isArray(value)) return []
    return value.filter((item): item is `0x${string}` => isAddress(item))
  }

  private async attach(
    connectorId: string,
    provider: Eip1193Provider,
    addresses: `0x${string}`[],
    network: CaipNetwork,
  ): Promise<ConnectResult> {
    this.current?.detach()
    const onAccounts = (next: unknown) => this.onAccountsChanged(provider, this.readAddresses(next))
    const onChain = (chainId: unknown) => {
      if (this.current?.provider === provider) this.settleNetwork(this.networkFor(parseChainId(chainId)))
    }
    const onDisconnect = (error?: { code?: number }) => {
      if (error?.code !== TRY_AGAIN_LATER && this.current?.provider === provider) this.onWalletGone()
    }
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    const detach = () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
    }
    this.current = { connectorId, provider, addresses: [...addresses], network, detach }
    await this.remember(this.current)
    return { connectorId, accounts: this.accounts(), network }
  }

  private onAccountsChanged(provider: Eip1193Provider, next: `0x${string}`[]): void {
    const connection = this.current
    if (!connection || connection.provider !== provider) return
    if (next.length === 0) {
      this.onWalletGone()
      return
    }
    if (next.join() === connection.addresses.join()) return
    connection.addresses = next
    this.options.emit('accountsChanged', { accounts: this.accounts() })
  }

  /** Records a network the wallet is on: once, whether the wallet's echo or the switch call comes first. */
  private settleNetwork(network: CaipNetwork): void {
    const connection = this.current
    if (!connection || connection.network.caipNetworkId === network.caipNetworkId) return
    connection.network = network
    this.options.emit('networkChanged', { network })
    void this.remember(connection).catch(() => undefined)
  }

  private onWalletGone(): void {
    if (!this.current) return
    this.drop()
    void this.forget()
    this.options.emit('disconnected', { reason: 'wallet' })
  }

  private drop(): void {
    this.current?.detach()
    this.current = undefined
  }

  /** Stores a connection (its wallet and chain) for the next reload. */
  private async remember({ connectorId, network }: Connection): Promise<void> {
    const saved: StoredConnection = { connectorId, chainId: Number(network.id) }
    await this.requireContext().storage.setItem(STORAGE_KEY, JSON.stringify(saved))
  }

  private async forget(): Promise<void> {
    await this.context?.storage.removeItem(STORAGE_KEY)
  }

  private connectorKey(list: readonly Connector[]): string {
    return list
      .map((connector) => `${connector.type}:${connector.id}:${connector.info?.uuid ?? ''}`)
      .join('|')
  }

  private connectorsMayHaveChanged(): void {
    if (!this.context) return
    const list = this.connectors()
    const key = this.connectorKey(list)
    if (key === this.lastConnectors) return
    this.lastConnectors = key
    this.options.emit('connectorsChanged', { connectors: list })
  }
}
