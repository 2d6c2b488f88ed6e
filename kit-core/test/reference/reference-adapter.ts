/**
 * A reference eip155 adapter on viem, living with the conformance suite's tests: the smallest honest
 * implementation of the ChainAdapter contract over an EIP-6963 / EIP-1193 wallet. The real adapters
 * (wagmi, ethers, ethers5) come with their own issue; this one exists so the suite can be shown to pass a
 * correct adapter and to fail each seeded fault.
 */
import {
  createPublicClient,
  type EIP1193Provider,
  encodeFunctionData,
  http,
  type PublicClient,
  toHex,
  formatUnits as viemFormatUnits,
  parseUnits as viemParseUnits,
} from 'viem'
import {
  type AccountType,
  type AdapterAccount,
  type AdapterContext,
  type AdapterEvents,
  type BalanceResult,
  type CaipNetwork,
  type ChainAdapter,
  type Connector,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  type EstimateGasParams,
  formatCaipAddress,
  type GetBalanceParams,
  LatchkeyError,
  Messages,
  normalizeProviderError,
  RpcErrorCode,
  readJson,
  type SendTransactionParams,
  type SendTransactionResult,
  type SignMessageParams,
  type SignMessageResult,
  type SwitchNetworkParams,
  type SwitchNetworkResult,
  unsupportedNetwork,
  type VerifyMessageParams,
  type WalletCapabilities,
  type WriteContractParams,
} from '../../src/index.js'

interface Eip6963Detail {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: EIP1193Provider
}

interface Connection {
  connectorId: string
  provider: EIP1193Provider
  addresses: `0x${string}`[]
  network: CaipNetwork
  detach: () => void
}

const STORAGE_KEY = 'connection'

export class ReferenceEvmAdapter implements ChainAdapter<EIP1193Provider> {
  readonly namespace = 'eip155' as const
  readonly adapterType = 'wagmi' as const
  networks: readonly CaipNetwork[] = []

  protected context!: AdapterContext
  protected readonly events = createEmitter<AdapterEvents>()
  protected readonly wallets = new Map<string, Eip6963Detail>()
  protected connection: Connection | undefined
  protected readonly clients = new Map<string, PublicClient>()
  private stopDiscovery: (() => void) | undefined

  async init(context: AdapterContext): Promise<void> {
    this.context = context
    this.networks = context.networks
    const target = context.discoveryTarget
    if (!target) return
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<Eip6963Detail>).detail
      if (!detail?.info?.rdns || typeof detail.provider?.request !== 'function') return
      const known = this.wallets.has(detail.info.rdns)
      this.wallets.set(detail.info.rdns, detail)
      if (!known) this.events.emit('connectorsChanged', { connectors: this.getConnectors() })
    }
    target.addEventListener('eip6963:announceProvider', onAnnounce)
    this.stopDiscovery = () => target.removeEventListener('eip6963:announceProvider', onAnnounce)
    await this.syncConnectors()
  }

  async syncConnectors(): Promise<void> {
    this.context.discoveryTarget?.dispatchEvent(new Event('eip6963:requestProvider'))
  }

  getConnectors(): readonly Connector[] {
    return [...this.wallets.values()].map(({ info, provider }) => ({
      id: info.rdns,
      name: info.name,
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: info.icon,
      info: { rdns: info.rdns, uuid: info.uuid },
      networkSwitch: 'wallet',
      provider,
    }))
  }

  async connect({ connectorId, network }: ConnectParams): Promise<ConnectResult> {
    const provider = this.walletFor(connectorId)
    const addresses = await this.call<`0x${string}`[]>(provider, 'eth_requestAccounts')
    const target = network ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    if (Number(await this.call<string>(provider, 'eth_chainId')) !== target.id) {
      await this.askWalletToSwitch(provider, target)
    }
    return this.attach(connectorId, provider, addresses, target)
  }

  async reconnect(): Promise<ConnectResult | null> {
    const saved = await readJson<{ connectorId: string }>(this.context.storage, STORAGE_KEY)
    const provider = saved && this.wallets.get(saved.connectorId)?.provider
    if (!saved || !provider) return null
    const addresses = await this.readAccountsForRestore(provider)
    if (addresses.length === 0) {
      await this.context.storage.removeItem(STORAGE_KEY)
      return null
    }
    const chainId = Number(await this.call<string>(provider, 'eth_chainId'))
    return this.attach(saved.connectorId, provider, addresses, this.networkFor(chainId))
  }

  async disconnect(): Promise<void> {
    this.drop()
    await this.forgetConnection()
  }

  getAccounts(): readonly AdapterAccount[] {
    const connection = this.connection
    if (!connection) return []
    return connection.addresses.map((address) => ({
      address,
      caipAddress: formatCaipAddress(connection.network.caipNetworkId, address),
      type: this.accountType(),
    }))
  }

  getNetwork(): CaipNetwork | undefined {
    return this.connection?.network
  }

  async getBalance({ address, network }: GetBalanceParams): Promise<BalanceResult> {
    const fromService = await this.context.balanceService?.getBalance({ address, network })
    if (fromService) return fromService
    const value = await this.client(network).getBalance({ address: address as `0x${string}` })
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: this.formatUnits(value, decimals) }
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    const { provider, addresses } = this.requireConnection()
    return this.call<WalletCapabilities>(provider, 'wallet_getCapabilities', [addresses[0]])
  }

  async verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
    return this.client(network).verifyMessage({
      address: address as `0x${string}`,
      message,
      signature: signature as `0x${string}`,
    })
  }

  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    const connection = this.requireConnection()
    if (connection.network.id !== network.id) {
      await this.askWalletToSwitch(connection.provider, network)
      this.settleNetwork(network)
    }
    return { network, via: 'wallet' }
  }

  async signMessage({ message, address }: SignMessageParams): Promise<SignMessageResult> {
    const { provider, addresses } = this.requireConnection()
    const signer = (address ?? addresses[0]) as `0x${string}`
    const data = this.encodeMessage(message)
    const signature = await this.call<string>(provider, 'personal_sign', [data, signer])
    return { signature, address: signer }
  }

  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const connection = this.requireConnection()
    if (params.network && params.network.id !== connection.network.id) {
      throw new LatchkeyError(Messages.chainRequiredTo('send a transaction on the active network'), {
        code: 'INVALID_PARAMS',
      })
    }
    await this.beforeSend(connection)
    const hash = await this.call<string>(connection.provider, 'eth_sendTransaction', [
      {
        from: connection.addresses[0],
        to: params.to,
        value: toHex(this.valueToSend(params.value)),
        ...(params.data ? { data: params.data } : {}),
        ...(params.gas ? { gas: toHex(params.gas) } : {}),
      },
    ])
    return { hash, network: connection.network }
  }

  async writeContract(params: WriteContractParams): Promise<SendTransactionResult> {
    const data = encodeFunctionData({
      abi: params.abi,
      functionName: params.functionName,
      args: params.args,
    } as Parameters<typeof encodeFunctionData>[0])
    return this.sendTransaction({
      to: params.address,
      value: params.value ?? 0n,
      data,
      network: params.network,
    })
  }

  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const network = params.network ?? this.requireConnection().network
    return this.client(network).estimateGas({
      account: (params.from ?? this.connection?.addresses[0]) as `0x${string}`,
      to: params.to as `0x${string}`,
      value: params.value,
      data: params.data,
    })
  }

  parseUnits(value: string, decimals: number): bigint {
    return viemParseUnits(value, decimals)
  }

  formatUnits(value: bigint, decimals: number): string {
    return viemFormatUnits(value, decimals)
  }

  getWalletProvider(): EIP1193Provider | undefined {
    return this.connection?.provider
  }

  on<E extends keyof AdapterEvents>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  destroy(): void {
    this.stopDiscovery?.()
    this.connection?.detach()
    this.events.clear()
  }

  // ---- the places the seeded faults override ----

  protected accountType(): AccountType {
    return 'eoa'
  }

  protected valueToSend(value: bigint): bigint {
    return value
  }

  protected encodeMessage(message: SignMessageParams['message']): `0x${string}` {
    if (typeof message === 'string') return toHex(message)
    return typeof message.raw === 'string' ? message.raw : toHex(message.raw)
  }

  /** A hook before sending; the reference adapter needs none. */
  protected async beforeSend(_connection: Connection): Promise<void> {}

  protected async readAccountsForRestore(provider: EIP1193Provider): Promise<`0x${string}`[]> {
    return this.call<`0x${string}`[]>(provider, 'eth_accounts')
  }

  protected async forgetConnection(): Promise<void> {
    await this.context.storage.removeItem(STORAGE_KEY)
  }

  /** Records a network the wallet confirmed. The wallet's chainChanged echo may have done it already: once. */
  protected settleNetwork(network: CaipNetwork): void {
    const connection = this.connection
    if (!connection || connection.network.id === network.id) return
    connection.network = network
    this.events.emit('networkChanged', { network })
  }

  protected onChainChanged(chainIdHex: string): void {
    this.settleNetwork(this.networkFor(Number(chainIdHex)))
  }

  /** Every wallet call goes through here, so every wallet error surfaces with a code of the table. */
  protected async call<T>(provider: EIP1193Provider, method: string, params?: unknown[]): Promise<T> {
    try {
      return (await provider.request({ method, params } as never)) as T
    } catch (error) {
      throw normalizeProviderError(error)
    }
  }

  // ---- internals ----

  protected async askWalletToSwitch(provider: EIP1193Provider, network: CaipNetwork): Promise<void> {
    const chainId = toHex(Number(network.id))
    try {
      await this.call(provider, 'wallet_switchEthereumChain', [{ chainId }])
    } catch (error) {
      if ((error as { code?: number }).code !== RpcErrorCode.SwitchChainError) throw error
      await this.call(provider, 'wallet_addEthereumChain', [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
        },
      ])
      await this.call(provider, 'wallet_switchEthereumChain', [{ chainId }])
    }
  }

  private async attach(
    connectorId: string,
    provider: EIP1193Provider,
    addresses: `0x${string}`[],
    network: CaipNetwork,
  ): Promise<ConnectResult> {
    this.connection?.detach()
    const onAccounts = (next: `0x${string}`[]) => {
      if (next.length === 0) return this.onWalletDisconnect()
      const connection = this.connection
      if (!connection || next.join() === connection.addresses.join()) return
      connection.addresses = [...next]
      this.events.emit('accountsChanged', { accounts: this.getAccounts() })
    }
    const onChain = (chainId: string) => this.onChainChanged(chainId)
    const onDisconnect = () => this.onWalletDisconnect()
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', onChain)
    provider.on('disconnect', onDisconnect)
    const detach = () => {
      provider.removeListener('accountsChanged', onAccounts)
      provider.removeListener('chainChanged', onChain)
      provider.removeListener('disconnect', onDisconnect)
    }
    this.connection = { connectorId, provider, addresses: [...addresses], network, detach }
    await this.context.storage.setItem(STORAGE_KEY, JSON.stringify({ connectorId }))
    return { connectorId, accounts: this.getAccounts(), network }
  }

  private onWalletDisconnect(): void {
    if (!this.connection) return
    this.drop()
    void this.forgetConnection()
    this.events.emit('disconnected', { reason: 'wallet' })
  }

  private drop(): void {
    this.connection?.detach()
    this.connection = undefined
  }

  protected requireConnection(): Connection {
    if (!this.connection) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return this.connection
  }

  private walletFor(connectorId: string): EIP1193Provider {
    const wallet = this.wallets.get(connectorId)
    if (!wallet) {
      throw new LatchkeyError(`Connector ${connectorId} not found`, { code: 'CONNECTOR_NOT_FOUND' })
    }
    return wallet.provider
  }

  protected networkFor(chainId: number): CaipNetwork {
    return this.networks.find((n) => n.id === chainId) ?? unsupportedNetwork(`eip155:${chainId}`)
  }

  protected client(network: CaipNetwork): PublicClient {
    let client = this.clients.get(network.caipNetworkId)
    if (!client) {
      const custom = this.context.options.customRpcUrls?.[network.caipNetworkId]?.[0]?.url
      const url = custom ?? network.rpcUrls.default.http[0]
      client = createPublicClient({ transport: http(url, { retryCount: 0 }) })
      this.clients.set(network.caipNetworkId, client)
    }
    return client
  }
}
