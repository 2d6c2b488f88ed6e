// The ChainAdapter for any namespace over the kit's shared WalletConnect session: a host that connects phone wallets
// only, or a namespace no chain-library adapter serves (polkadot, cosmos), uses it. Accounts and approved networks
// follow the session; requests go to the active chain; reads go to the host's RPCs.
import {
  type AdapterAccount,
  type AdapterContext,
  type AdapterEventName,
  type AdapterEvents,
  type BalanceResult,
  balanceFromService,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type ChainNamespace,
  type Connector,
  ConnectorIds,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  type EstimateGasParams,
  formatUnits,
  type GetBalanceParams,
  LatchkeyError,
  Messages,
  parseUnits,
  readJson,
  type SendTransactionParams,
  type SendTransactionResult,
  type SignMessageParams,
  type SignMessageResult,
  type SignPsbtParams,
  type SignPsbtResult,
  type SignTransactionParams,
  type SignTransactionResult,
  type SignTypedDataParams,
  type SwitchNetworkParams,
  type SwitchNetworkResult,
  type VerifyMessageParams,
  type WalletCapabilities,
  type WalletConnectProvider,
  type WriteContractParams,
  walletConnectConnector,
} from '@latchkey/core'
import { WalletConnectConnection } from '@latchkey/core/walletconnect'
import { base64, hex } from '@scure/base'
import type { Abi } from 'viem'
import { ChainReads } from './reads.js'
import { sendTransactionRequest, signMessageRequest } from './requests.js'
import { solanaTransfer } from './solana-transfer.js'
import {
  verifyBitcoinMessage,
  verifyCosmosMessage,
  verifyEvmMessage,
  verifyPolkadotMessage,
  verifySolanaMessage,
} from './verify.js'

export interface UniversalAdapterOptions {
  /** The namespace this adapter serves (one adapter per namespace, as for every adapter). */
  namespace: ChainNamespace
  /** bip122: the Esplora server of each network, for balances; default the network's first RPC URL. */
  esploraUrls?: Readonly<Partial<Record<CaipNetworkId, string>>>
}

const STORAGE_KEY = 'connection'

/**
 * The Latchkey adapter for any namespace over WalletConnect. Its one connector is the kit's shared session
 * (`enableWalletConnect`): connect adopts the session when the kit already holds one, else proposes one for this
 * namespace's networks. eip155 switches ask the wallet; other namespaces retarget to another approved chain.
 */
export class UniversalAdapter implements ChainAdapter<WalletConnectProvider> {
  readonly namespace: ChainNamespace
  readonly adapterType = 'universal' as const

  private readonly events = createEmitter<AdapterEvents>()
  private readonly reads: ChainReads
  private context: AdapterContext | undefined
  private connection: WalletConnectConnection | undefined

  constructor(private readonly options: UniversalAdapterOptions) {
    this.namespace = options.namespace
    this.reads = new ChainReads(() => this.context?.options.customRpcUrls, options.esploraUrls)
  }

  get networks(): readonly CaipNetwork[] {
    return this.context?.networks ?? []
  }

  async init(context: AdapterContext): Promise<void> {
    this.context = context
    const getProvider = context.getWalletConnectProvider
    if (!getProvider) return
    this.connection = new WalletConnectConnection({
      namespace: this.namespace,
      networks: () => this.networks,
      getProvider,
      customRpcUrls: () => context.options.customRpcUrls,
      networkSwitch: this.namespace === 'eip155' ? 'wallet' : 'adapter',
      on: {
        accountsChanged: (accounts) => this.events.emit('accountsChanged', { accounts }),
        networkChanged: (network) => this.events.emit('networkChanged', { network }),
        disconnected: () => {
          void this.forget()
          this.events.emit('disconnected', { reason: 'wallet' })
        },
      },
    })
  }

  async syncConnectors(): Promise<void> {}

  getConnectors(): readonly Connector[] {
    if (!this.connection) return []
    return [walletConnectConnector(this.namespace, this.namespace === 'eip155' ? 'wallet' : 'adapter')]
  }

  async connect(params: ConnectParams): Promise<ConnectResult> {
    const connection = this.requireConnection(params.connectorId)
    const result = await connection.connect({
      ...(params.network ? { network: params.network } : {}),
      ...(params.signIn ? { signIn: params.signIn } : {}),
    })
    await this.requireContext().storage.setItem(STORAGE_KEY, JSON.stringify({ topic: result.topic }))
    const { topic: _, ...connected } = result
    return connected
  }

  async reconnect(): Promise<ConnectResult | null> {
    const saved = await readJson<{ topic?: unknown }>(this.requireContext().storage, STORAGE_KEY)
    if (!saved || !this.connection) return null
    const result = await this.connection.restore().catch(() => null)
    if (!result) {
      await this.forget()
      return null
    }
    const { topic: _, ...connected } = result
    return connected
  }

  async disconnect(): Promise<void> {
    await this.forget()
    await this.connection?.disconnect()
  }

  getAccounts(): readonly AdapterAccount[] {
    return this.connection?.accounts() ?? []
  }

  getNetwork(): CaipNetwork | undefined {
    return this.connection?.network()
  }

  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    if (token)
      throw new LatchkeyError('Token balances need the Blockchain API or a chain-library adapter', {
        code: 'UNSUPPORTED_OPERATION',
      })
    const fromService = await balanceFromService(this.context?.balanceService, { address, network })
    if (fromService) return fromService
    const value = await this.reads.balance(network, address)
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    const connection = this.connection
    const methods = connection?.provider?.session?.namespaces.eip155?.methods ?? []
    if (this.namespace !== 'eip155' || !connection || !methods.includes('wallet_getCapabilities')) return {}
    const [account] = connection.accounts()
    const answer = await connection.request<unknown>('wallet_getCapabilities', [account?.address])
    return typeof answer === 'object' && answer !== null ? (answer as WalletCapabilities) : {}
  }

  async verifyMessage(params: VerifyMessageParams): Promise<boolean> {
    switch (this.namespace) {
      case 'eip155':
        return verifyEvmMessage(params, this.context?.options.customRpcUrls)
      case 'solana':
        return verifySolanaMessage(params.address, params.message, params.signature)
      case 'bip122':
        return verifyBitcoinMessage(params.address, params.message, params.signature)
      case 'polkadot':
        return verifyPolkadotMessage(params.address, params.message, params.signature)
      case 'cosmos':
        return verifyCosmosMessage(params.address, params.message, params.signature)
    }
  }

  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    return this.live().switchNetwork(network, async ({ provider, from }) => {
      await provider.request(
        {
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${Number(network.id).toString(16)}` }],
        },
        from.caipNetworkId,
      )
    })
  }

  async signMessage(params: SignMessageParams): Promise<SignMessageResult> {
    const address = this.signer(params.address)
    const signature = await signMessageRequest(this.live(), this.namespace, {
      message: params.message,
      address,
      ...(params.protocol ? { protocol: params.protocol } : {}),
    })
    return { signature, address }
  }

  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const connection = this.live()
    const network = this.activeNetwork(params.network)
    if (typeof params.value !== 'bigint' || params.value < 0n)
      throw new LatchkeyError('The value must be a non-negative bigint of base units', {
        code: 'INVALID_PARAMS',
      })
    const from = this.signer()
    const hash = await sendTransactionRequest(connection, this.namespace, params, {
      from,
      solanaTransfer: async () =>
        solanaTransfer({
          from,
          to: params.to,
          lamports: params.value,
          blockhash: await this.reads.latestBlockhash(network),
        }),
    })
    return { hash, network }
  }

  /**
   * eip155: a contract call (an ERC-20 `transfer`, …) encoded with viem (loaded on first use) and sent as
   * `eth_sendTransaction` with its data; nothing is simulated, so a function without outputs (USDT's) works.
   */
  async writeContract(params: WriteContractParams): Promise<SendTransactionResult> {
    this.only('eip155', 'writeContract')
    const { encodeFunctionData } = await import('viem')
    const data = encodeFunctionData({
      abi: params.abi as Abi,
      functionName: params.functionName,
      args: params.args ?? [],
    })
    return this.sendTransaction({
      to: params.address,
      value: params.value ?? 0n,
      data,
      ...(params.network ? { network: params.network } : {}),
    })
  }

  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const network = params.network ?? this.getNetwork() ?? this.networks[0]
    if (!network) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    if (this.namespace !== 'eip155')
      throw new LatchkeyError(`Gas estimates are eip155 only; ${this.namespace} fees come from the wallet`, {
        code: 'UNSUPPORTED_OPERATION',
      })
    const from = params.from ?? this.getAccounts()[0]?.address
    return this.reads.estimateGas(network, {
      to: params.to,
      ...(from ? { from } : {}),
      ...(params.value !== undefined ? { value: params.value } : {}),
      ...(params.data ? { data: params.data } : {}),
    })
  }

  parseUnits(value: string, decimals: number): bigint {
    return parseUnits(value, decimals)
  }

  formatUnits(value: bigint, decimals: number): string {
    return formatUnits(value, decimals)
  }

  /** eip155: EIP-712 typed data (`eth_signTypedData_v4`). */
  async signTypedData(params: SignTypedDataParams): Promise<SignMessageResult> {
    this.only('eip155', 'signTypedData')
    const address = this.signer(params.address)
    const { domain, types, primaryType, message } = params
    const payload = JSON.stringify({ domain, types, primaryType, message }, (_, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    )
    const signature = await this.live().request<unknown>('eth_signTypedData_v4', [address, payload])
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
      throw new LatchkeyError('The wallet answered eth_signTypedData_v4 with no hex signature', {
        code: 'RPC_ERROR',
      })
    return { signature, address }
  }

  /** solana: signs a serialized transaction without sending it (`solana_signTransaction`). */
  async signTransaction(params: SignTransactionParams): Promise<SignTransactionResult> {
    this.only('solana', 'signTransaction')
    this.activeNetwork(params.network)
    const transaction =
      typeof params.transaction === 'string' ? params.transaction : base64.encode(params.transaction)
    const answer = await this.live().request<{ transaction?: unknown }>('solana_signTransaction', {
      transaction,
    })
    if (typeof answer?.transaction !== 'string')
      throw new LatchkeyError('The wallet answered solana_signTransaction without the signed transaction', {
        code: 'RPC_ERROR',
      })
    return { signedTransaction: answer.transaction }
  }

  /** bip122: signs a PSBT's chosen inputs (`signPsbt`), the wallet broadcasting it when asked. */
  async signPsbt(params: SignPsbtParams): Promise<SignPsbtResult> {
    this.only('bip122', 'signPsbt')
    const answer = await this.live().request<{ psbt?: unknown; txid?: unknown }>('signPsbt', {
      account: this.signer(),
      psbt: params.psbt,
      signInputs: params.signInputs,
      broadcast: params.broadcast === true,
    })
    if (typeof answer?.psbt !== 'string')
      throw new LatchkeyError('The wallet answered signPsbt without a PSBT', { code: 'RPC_ERROR' })
    const psbt = /^([0-9a-fA-F]{2})+$/.test(answer.psbt)
      ? base64.encode(hex.decode(answer.psbt.toLowerCase()))
      : answer.psbt
    return { psbt, ...(typeof answer.txid === 'string' ? { txid: answer.txid } : {}) }
  }

  getWalletProvider(): WalletConnectProvider | undefined {
    return this.connection?.provider
  }

  on<E extends AdapterEventName>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  destroy(): void {
    this.connection?.destroy()
    this.events.clear()
  }

  // ---- internals ----

  private requireContext(): AdapterContext {
    if (!this.context)
      throw new LatchkeyError('The adapter is not initialised: the kit calls init() first', {
        code: 'INTERNAL_SDK_ERROR',
      })
    return this.context
  }

  private requireConnection(connectorId: string): WalletConnectConnection {
    if (connectorId !== ConnectorIds.walletConnect || !this.connection)
      throw new LatchkeyError(`Connector ${connectorId} not found`, { code: 'CONNECTOR_NOT_FOUND' })
    return this.connection
  }

  private live(): WalletConnectConnection {
    if (!this.connection?.connected)
      throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return this.connection
  }

  /** The account that acts: `address` when the session holds it, else the active one. */
  private signer(address?: string): string {
    const accounts = this.live().accounts()
    const chosen = address === undefined ? accounts[0] : accounts.find((a) => a.address === address)
    if (!chosen)
      throw new LatchkeyError(`The session does not hold ${String(address)}`, { code: 'INVALID_PARAMS' })
    return chosen.address
  }

  /** The active network, after checking a network the caller named is that one. */
  private activeNetwork(network?: CaipNetwork): CaipNetwork {
    const active = this.live().network()
    if (!active) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    if (network && network.caipNetworkId !== active.caipNetworkId)
      throw new LatchkeyError(`The wallet is on ${active.name}, not ${network.name}: switch network first`, {
        code: 'INVALID_PARAMS',
      })
    return active
  }

  private only(namespace: ChainNamespace, method: string): void {
    if (this.namespace !== namespace)
      throw new LatchkeyError(`${method} is a ${namespace} method`, { code: 'UNSUPPORTED_OPERATION' })
  }

  private async forget(): Promise<void> {
    await this.context?.storage.removeItem(STORAGE_KEY)
  }
}
