import {
  type AdapterAccount,
  type AdapterContext,
  type AdapterEvents,
  type AdapterOptions,
  type BalanceResult,
  balanceFromService,
  type CaipNetwork,
  type ChainAdapter,
  type Connector,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  type EstimateGasParams,
  formatUnits,
  type GetBalanceParams,
  LatchkeyError,
  Messages,
  ProviderRpcError,
  parseUnits,
  RpcErrorCode,
  type SendTransactionParams,
  type SendTransactionResult,
  type SignMessageParams,
  type SignMessageResult,
  type SignTypedDataParams,
  type SwitchNetworkParams,
  type SwitchNetworkResult,
  type VerifyMessageParams,
  type WalletAsset,
  type WalletCapabilities,
  type WriteContractParams,
} from '@latchkey/core'
import type { CustomEvmWallet } from '@latchkey/core/eip155'
import {
  type Config,
  type CreateConnectorFn,
  createConfig,
  createStorage,
  type Storage,
  watchConnection,
} from '@wagmi/core'
import type { EIP1193Provider } from 'viem'
import { AdapterChains } from './chains.js'
import { AdapterConnectors } from './connectors.js'
import { addressParam } from './params.js'
import { ReportedConnection } from './reported-connection.js'
import { createSwitchableStorage, type SwitchableStorage } from './storage.js'
import { dropConnection, readView, reconnectThrough, settled } from './wagmi-state.js'
import { connectThrough, switchThrough } from './wallet.js'

// The code of the adapter's reads of the chain (reads.ts) and of signing and sending (writes.ts) loads with the first
// call that needs it, not with the page; nothing keeps a failed load: the next call loads again. Connecting and
// switching (wallet.ts) stay in the page's code: loading them on the visitor's click made connecting slower.
const loadReads = () => import('./reads.js')
const loadWrites = () => import('./writes.js')

/** Options of {@link WagmiAdapter}. */
export interface WagmiAdapterOptions {
  /** The eip155 networks the wagmi config serves (the kit's eip155 networks are added at init). */
  networks: readonly CaipNetwork[]
  /** Extra RPC URLs per network, tried before the network's default (as the kit option of that name). */
  customRpcUrls?: AdapterOptions['customRpcUrls']
  /** The host's own wagmi connectors (WalletConnect, Coinbase, …): Latchkey connectors of type EXTERNAL. */
  connectors?: readonly CreateConnectorFn[]
  /** The host's own EIP-1193 wallets under ids of their choosing (type EXTERNAL). */
  customWallets?: readonly CustomEvmWallet[]
  /** Server rendering: wagmi skips reading its storage until the adapter's init. */
  ssr?: boolean
  /**
   * wagmi's own storage (e.g. `createStorage({ storage: cookieStorage })` for server rendering, so wagmi's
   * `cookieToInitialState` reads what the browser wrote). Default: wagmi's state lives in the kit's storage space.
   */
  storage?: Storage
  /** How long `reconnect` waits for the remembered wallet to announce itself after a reload. Default 500 ms. */
  restoreWaitMs?: number
}

/**
 * The eip155 adapter over wagmi and viem. It owns a wagmi `Config` (`wagmiConfig`, created right away so a
 * host can render `<WagmiProvider config={adapter.wagmiConfig}>` before the kit exists): the host's own wagmi
 * hooks and actions see the connection the kit made, and the kit hears of what they do (a switch of chain, a
 * connection made through wagmi).
 */
export class WagmiAdapter implements ChainAdapter<EIP1193Provider> {
  readonly namespace = 'eip155' as const
  readonly adapterType = 'wagmi' as const
  /** The wagmi config: pass it to `WagmiProvider`, or to `@wagmi/core` actions. */
  readonly wagmiConfig: Config

  private context: AdapterContext | undefined
  /** Own operations in flight: the config's intermediate states are theirs, not events. */
  private busy = 0
  private stopped = false
  private stopWatching: (() => void) | undefined
  private readonly events = createEmitter<AdapterEvents>()
  private readonly storage: SwitchableStorage
  private readonly chains: AdapterChains
  private readonly connectors: AdapterConnectors
  private readonly connection: ReportedConnection

  /**
   * Creates the wagmi config at once; touches no browser global (SSR-safe).
   * @throws LatchkeyError INVALID_OPTIONS without networks, for a network that is not eip155, or for a
   *   malformed custom wallet.
   */
  constructor(private readonly options: WagmiAdapterOptions) {
    this.chains = new AdapterChains(options?.networks, options?.customRpcUrls, () => this.stopped)
    this.storage = createSwitchableStorage()
    this.wagmiConfig = createConfig({
      chains: this.chains.viemChains(),
      transports: this.chains.transports,
      connectors: [...(options.connectors ?? [])],
      multiInjectedProviderDiscovery: false,
      ssr: options.ssr ?? false,
      storage: options.storage ?? createStorage({ storage: this.storage, key: 'wagmi' }),
    })
    this.chains.attach(this.wagmiConfig)
    this.connectors = new AdapterConnectors(
      this.wagmiConfig,
      options.customWallets,
      () => this.connection.view?.uid ?? null,
    )
    this.connection = new ReportedConnection(
      this.wagmiConfig,
      this.chains,
      this.connectors,
      this.events,
      () => this.busy > 0 || this.stopped,
    )
  }

  get networks(): readonly CaipNetwork[] {
    return this.chains.networks
  }

  /**
   * Moves wagmi's storage into the kit's (unless the host gave wagmi its own), restores its persisted state, and
   * starts wallet discovery.
   */
  async init(context: AdapterContext): Promise<void> {
    if (this.context) return
    this.context = context
    this.chains.serve(context.networks, context.options.customRpcUrls)
    this.storage.use(context.storage)
    // zustand's persist middleware typing does not reach this package; `rehydrate` is its documented API.
    const store = this.wagmiConfig._internal.store as unknown as { persist: { rehydrate(): Promise<void> } }
    await store.persist.rehydrate()
    this.connectors.start(context, (connectors) => {
      if (!this.stopped) this.events.emit('connectorsChanged', { connectors })
    })
    this.stopWatching = watchConnection(this.wagmiConfig, { onChange: () => this.connection.reconcile() })
    this.connection.reconcile()
  }

  async syncConnectors(): Promise<void> {
    const changed = this.connectors.resync()
    if (changed) this.events.emit('connectorsChanged', { connectors: changed })
  }

  getConnectors(): readonly Connector[] {
    return this.connectors.list()
  }

  async connect({ connectorId, network }: ConnectParams): Promise<ConnectResult> {
    const target = network ?? this.chains.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    this.chains.checkServed(target)
    const connector = this.connectors.wagmiConnectorOf(connectorId)
    const config = this.wagmiConfig
    const previous = config.state.current
    this.busy++
    // The embedded wallet reads its account on the asked network (no login: the kit logged the visitor in).
    const release = this.connectors.readAccountOn(connectorId, Number(target.id))
    try {
      await connectThrough(
        config,
        connector,
        Number(target.id),
        () => this.chains.addChainParameter(target),
        previous,
      )
      await this.connection.rememberProvider(connector)
    } finally {
      release()
      this.busy--
    }
    const view = readView(this.wagmiConfig)
    if (!view) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no account.')
    this.connection.view = view
    return this.connection.result(view)
  }

  async reconnect(): Promise<ConnectResult | null> {
    this.requireContext()
    if (this.connection.view) return this.connection.result(this.connection.view)
    const config = this.wagmiConfig
    const remembered = await config.storage?.getItem('recentConnectorId')
    if (typeof remembered !== 'string') return null
    const connector = await this.connectors.waitFor(remembered, this.options.restoreWaitMs ?? 500)
    if (!connector) return null
    this.busy++
    let made: Awaited<ReturnType<typeof reconnectThrough>> = []
    const release = this.connectors.readAccountOn(remembered, config.state.chainId)
    try {
      made = await reconnectThrough(config, connector)
      // If the host's WagmiProvider was already reconnecting this config, wait for it to finish.
      await settled(config)
      await this.connection.rememberProvider(connector)
    } catch {
      // A wallet that fails to answer restores nothing.
    } finally {
      release()
      this.busy--
    }
    // The host's WagmiProvider may have emptied the connections while this restore was under way.
    this.connection.putBack(made.find((connection) => connection.connector.uid === connector.uid))
    const view = readView(this.wagmiConfig)
    if (!view || view.connectorId !== remembered) {
      await config.storage?.removeItem('recentConnectorId')
      return null
    }
    this.connection.view = view
    return this.connection.result(view)
  }

  async disconnect(): Promise<void> {
    const config = this.wagmiConfig
    this.busy++
    try {
      const connection = config.state.current ? config.state.connections.get(config.state.current) : undefined
      if (connection) await dropConnection(config, connection.connector)
      await config.storage?.removeItem('recentConnectorId')
      // A WalletConnect session ends on both sides, the embedded wallet signs out (an injected wallet keeps the
      // site's permission).
      await this.connectors.endSession(connection?.connector.id)
    } finally {
      this.busy--
      this.connection.view = undefined
    }
  }

  getAccounts(): readonly AdapterAccount[] {
    return this.connection.accounts()
  }

  getNetwork(): CaipNetwork | undefined {
    return this.connection.network()
  }

  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    const owner = addressParam(address, 'address')
    const tokenAddress = token === undefined ? undefined : addressParam(token, 'token')
    if (!tokenAddress) {
      const fromService = await balanceFromService(this.context?.balanceService, { address: owner, network })
      if (fromService) return fromService
    }
    const { readBalance } = await loadReads()
    return readBalance(this.chains.clientOf(network), network, owner, tokenAddress)
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    const view = this.connection.requireView()
    const provider = this.connection.requireProvider()
    const { requestWalletCapabilities } = await loadReads()
    return requestWalletCapabilities(provider, view.addresses[0] as `0x${string}`)
  }

  async verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
    const { verifySignature } = await loadReads()
    return verifySignature(
      this.chains.clientOf(network),
      addressParam(address, 'address'),
      message,
      signature,
    )
  }

  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    this.chains.checkServed(network)
    const view = this.connection.requireView()
    const chainId = Number(network.id)
    if (view.chainId !== chainId) {
      await switchThrough(this.wagmiConfig, chainId, this.chains.addChainParameter(network))
      // The wallet's chainChanged echo usually got here first; either way the event fires once.
      this.connection.settleChain(chainId)
    }
    return { network, via: 'wallet' }
  }

  async signMessage({ message, address }: SignMessageParams): Promise<SignMessageResult> {
    const account = this.connection.signer(address)
    const { signMessageThrough } = await loadWrites()
    return { signature: await signMessageThrough(this.wagmiConfig, account, message), address: account }
  }

  async signTypedData(params: SignTypedDataParams): Promise<SignMessageResult> {
    const account = this.connection.signer(params.address)
    const { signTypedDataThrough } = await loadWrites()
    return { signature: await signTypedDataThrough(this.wagmiConfig, account, params), address: account }
  }

  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const network = this.connection.activeNetwork(params.network)
    const { sendTransactionThrough } = await loadWrites()
    const hash = await sendTransactionThrough(
      this.wagmiConfig,
      this.connection.signer(),
      Number(network.id),
      params,
    )
    return { hash, network }
  }

  async writeContract(params: WriteContractParams): Promise<SendTransactionResult> {
    const network = this.connection.activeNetwork(params.network)
    const { writeContractThrough } = await loadWrites()
    const hash = await writeContractThrough(
      this.wagmiConfig,
      this.connection.signer(),
      Number(network.id),
      params,
    )
    return { hash, network }
  }

  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const network = params.network ?? this.getNetwork() ?? this.chains.networks[0]
    if (!network) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    const from =
      params.from !== undefined ? addressParam(params.from, 'sender') : this.connection.view?.addresses[0]
    const { estimate } = await loadReads()
    return estimate(() => this.chains.clientOf(network), params, from)
  }

  /**
   * Decimal text to base units: core's, already in the page (viem's gave the same for every text core accepts).
   * @throws LatchkeyError INVALID_PARAMS for malformed text or decimals.
   */
  parseUnits(value: string, decimals: number): bigint {
    return parseUnits(value, decimals)
  }

  /**
   * Base units to decimal text without trailing zeros: core's (viem's wrote the same for decimals 0–255).
   * @throws LatchkeyError INVALID_PARAMS for decimals that are not an integer from 0 to 255.
   */
  formatUnits(value: bigint, decimals: number): string {
    return formatUnits(value, decimals)
  }

  async getWalletAssets(params: { address: string; network?: CaipNetwork }): Promise<readonly WalletAsset[]> {
    const network = params.network ?? this.getNetwork()
    if (!network) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    const provider = this.connection.requireProvider()
    const address = addressParam(params.address, 'address')
    const { requestWalletAssets } = await loadReads()
    return requestWalletAssets(provider, address, network)
  }

  getWalletProvider(): EIP1193Provider | undefined {
    return this.connection.provider()
  }

  on<E extends keyof AdapterEvents>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  /** Stops discovery, the config watcher and RPC ranking, and takes back the listeners put on wallets. */
  destroy(): void {
    this.stopped = true
    this.stopWatching?.()
    this.stopWatching = undefined
    this.connectors.stop()
    this.events.clear()
  }

  private requireContext(): AdapterContext {
    if (!this.context) {
      throw new LatchkeyError('The adapter is not initialised: the kit calls init() first', {
        code: 'INTERNAL_SDK_ERROR',
      })
    }
    return this.context
  }
}
