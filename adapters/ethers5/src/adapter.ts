import {
  type AdapterContext,
  type AdapterEvents,
  type BalanceResult,
  balanceFromService,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  type EstimateGasParams,
  type GetBalanceParams,
  LatchkeyError,
  Messages,
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
import {
  type CustomEvmWallet,
  type Eip1193Provider,
  Eip1193Session,
  ERC20_ABI,
  erc20Balance,
} from '@latchkey/core/eip155'
import type { Contract, ContractInterface, providers, TypedDataDomain } from 'ethers5'
import { invalidParams, reading, walletCall } from './errors.js'
import { type EthersLib, loadEthers } from './ethers.js'
import { createReadEndpoint, type ReadEndpoint, rpcClasses } from './rpc.js'
import { typesFor } from './typed-data.js'
import { messageBytes, verifyMessageSignature } from './verify.js'

export interface Ethers5AdapterOptions {
  /** The host's own EIP-1193 wallets, offered next to the announced and injected ones. */
  customWallets?: readonly CustomEvmWallet[]
  /** How long `reconnect` waits for the remembered wallet to announce itself after a reload, ms. Default 500. */
  restoreWaitMs?: number
}

/**
 * The eip155 adapter on ethers v5: the connection is core's EIP-1193 session (EIP-6963, injected and custom
 * wallets), reads go through ethers v5 providers with SPEC §9's transport policy, signing and sending through
 * ethers' `Web3Provider` / `JsonRpcSigner` over the connected wallet.
 */
export class Ethers5Adapter implements ChainAdapter<Eip1193Provider> {
  readonly namespace = 'eip155' as const
  readonly adapterType = 'ethers5' as const

  private readonly events = createEmitter<AdapterEvents>()
  private readonly session: Eip1193Session
  private context: AdapterContext | undefined
  private readonly endpoints = new Map<CaipNetworkId, ReadEndpoint>()
  private web3: { wallet: Eip1193Provider; provider: providers.Web3Provider } | undefined
  private loaded: { ethers: EthersLib; rpc: ReturnType<typeof rpcClasses> } | undefined

  constructor(options: Ethers5AdapterOptions = {}) {
    this.session = new Eip1193Session({
      customWallets: options.customWallets,
      restoreWaitMs: options.restoreWaitMs,
      emit: (event, payload) => this.events.emit(event, payload),
    })
  }

  get networks(): readonly CaipNetwork[] {
    return this.session.networks
  }

  /** Loads ethers v5 and starts wallet discovery. */
  async init(context: AdapterContext): Promise<void> {
    const ethers = await loadEthers()
    this.loaded = { ethers, rpc: rpcClasses(ethers) }
    this.context = context
    this.session.init(context)
  }

  async syncConnectors(): Promise<void> {
    this.session.sync()
  }

  getConnectors() {
    return this.session.connectors()
  }

  connect(params: ConnectParams): Promise<ConnectResult> {
    return this.session.connect(params)
  }

  reconnect(): Promise<ConnectResult | null> {
    return this.session.reconnect()
  }

  async disconnect(): Promise<void> {
    this.web3 = undefined
    await this.session.disconnect()
  }

  getAccounts() {
    return this.session.accounts()
  }

  getNetwork(): CaipNetwork | undefined {
    return this.session.network()
  }

  /**
   * The native balance through the Blockchain API when the kit has one (falling back to the chain when it
   * does not serve the network), else `eth_getBalance`; an ERC-20 balance (`token`) from the chain.
   * @throws LatchkeyError INVALID_PARAMS for a malformed address; core's transport errors.
   */
  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    const { BigNumber, Contract, utils } = this.lib()
    if (!utils.isAddress(address)) throw invalidParams(`Invalid address: ${address}`)
    const provider = this.getProvider(network)
    if (token !== undefined) {
      if (!utils.isAddress(token)) throw invalidParams(`Invalid token address: ${token}`)
      const erc20 = new Contract(token, ERC20_ABI, provider)
      const [value, decimals, symbol] = await reading(() =>
        Promise.all([erc20.balanceOf(address), erc20.decimals(), erc20.symbol()]),
      )
      return erc20Balance({ value: BigNumber.from(value).toBigInt(), decimals, symbol }, (amount, places) =>
        this.formatUnits(amount, places),
      )
    }
    const fromService = await balanceFromService(this.context?.balanceService, { address, network })
    if (fromService) return fromService
    const value = await reading(() => provider.getBalance(address))
    return this.balance(value.toBigInt(), network.nativeCurrency.decimals, network.nativeCurrency.symbol)
  }

  getCapabilities(): Promise<WalletCapabilities> {
    return this.session.getCapabilities()
  }

  /** EOA signatures with ethers' `verifyMessage`, contract accounts with ERC-1271. Never prompts. */
  verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
    return verifyMessageSignature(this.lib(), this.getProvider(network), { address, message, signature })
  }

  switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    return this.session.switchNetwork(network)
  }

  /** personal_sign through `JsonRpcSigner.signMessage`. @throws ProviderRpcError 4001 on rejection. */
  async signMessage({ message, address }: SignMessageParams): Promise<SignMessageResult> {
    const from = this.session.signer(address)
    const bytes = messageBytes(this.lib(), message)
    const signature = await walletCall(() => this.getSigner(from).signMessage(bytes))
    return { signature, address: from }
  }

  /** eth_signTypedData_v4 through `JsonRpcSigner._signTypedData`. @throws ProviderRpcError 4001 on rejection. */
  async signTypedData(params: SignTypedDataParams): Promise<SignMessageResult> {
    const from = this.session.signer(params.address)
    const types = typesFor(params.types, params.primaryType)
    const signature = await walletCall(() =>
      this.getSigner(from)._signTypedData(params.domain as TypedDataDomain, types, params.message),
    )
    return { signature, address: from }
  }

  /**
   * Sends through `JsonRpcSigner.sendUncheckedTransaction` (ethers fills the gas limit) and returns the hash
   * without waiting for inclusion. @throws ProviderRpcError 4001 on rejection; LatchkeyError INVALID_PARAMS.
   */
  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const { BigNumber, utils } = this.lib()
    const network = this.session.activeNetwork(params.network)
    const from = this.session.signer()
    if (!utils.isAddress(params.to)) throw invalidParams(`Invalid recipient: ${params.to}`)
    if (typeof params.value !== 'bigint' || params.value < 0n) throw invalidParams('Invalid value')
    if (params.data !== undefined && !utils.isHexString(params.data)) throw invalidParams('Invalid data')
    const hash = await walletCall(() =>
      this.getSigner(from).sendUncheckedTransaction({
        to: params.to,
        value: BigNumber.from(params.value),
        ...(params.data ? { data: params.data } : {}),
        ...(params.gas !== undefined ? { gasLimit: BigNumber.from(params.gas) } : {}),
        ...(params.maxFeePerGas !== undefined ? { maxFeePerGas: BigNumber.from(params.maxFeePerGas) } : {}),
        ...(params.maxPriorityFeePerGas !== undefined
          ? { maxPriorityFeePerGas: BigNumber.from(params.maxPriorityFeePerGas) }
          : {}),
      }),
    )
    return { hash, network }
  }

  /**
   * A contract call: ethers' `Contract.populateTransaction` encodes it (any ABI, including USDT's whose
   * `transfer` returns nothing: nothing is decoded), the signer sends it.
   * @throws LatchkeyError INVALID_PARAMS when the ABI has no such function or the arguments do not fit it.
   */
  async writeContract(params: WriteContractParams): Promise<SendTransactionResult> {
    const { BigNumber, Contract, utils } = this.lib()
    const network = this.session.activeNetwork(params.network)
    const from = this.session.signer()
    if (!utils.isAddress(params.address)) throw invalidParams(`Invalid contract address: ${params.address}`)
    const signer = this.getSigner(from)
    let contract: Contract
    try {
      contract = new Contract(params.address, params.abi as ContractInterface, signer)
    } catch (error) {
      throw invalidParams('Invalid ABI', error)
    }
    const populate = Object.hasOwn(contract.populateTransaction, params.functionName)
      ? contract.populateTransaction[params.functionName]
      : undefined
    if (!populate) throw invalidParams(`The ABI has no function ${params.functionName}`)
    const overrides = params.value !== undefined ? { value: BigNumber.from(params.value) } : {}
    const transaction = await populate(...(params.args ?? []), overrides).catch((error: unknown) => {
      throw invalidParams(`Cannot encode ${params.functionName}: ${reasonOf(error)}`, error)
    })
    const hash = await walletCall(() => signer.sendUncheckedTransaction(transaction))
    return { hash, network }
  }

  /** `eth_estimateGas` through the read provider of the network (default the active one). */
  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const { BigNumber } = this.lib()
    const network = params.network ?? this.session.activeNetwork()
    const from = params.from ?? this.session.accounts()[0]?.address
    const gas = await reading(() =>
      this.getProvider(network).estimateGas({
        to: params.to,
        ...(from ? { from } : {}),
        ...(params.value !== undefined ? { value: BigNumber.from(params.value) } : {}),
        ...(params.data ? { data: params.data } : {}),
      }),
    )
    return gas.toBigInt()
  }

  /** ethers' `parseUnits`. @throws LatchkeyError INVALID_PARAMS for malformed text or too many decimals. */
  parseUnits(value: string, decimals: number): bigint {
    const { utils } = this.lib()
    try {
      return utils.parseUnits(value, decimals).toBigInt()
    } catch (error) {
      throw invalidParams(`Invalid amount: ${String(value)}`, error)
    }
  }

  /** ethers' `formatUnits`, without its trailing `.0` on whole amounts ('1', as every adapter writes it). */
  formatUnits(value: bigint, decimals: number): string {
    const { BigNumber, utils } = this.lib()
    try {
      return utils.formatUnits(BigNumber.from(value), decimals).replace(/\.0$/, '')
    } catch (error) {
      throw invalidParams('Invalid amount or decimals', error)
    }
  }

  getWalletAssets(params: { address: string; network?: CaipNetwork }): Promise<readonly WalletAsset[]> {
    return this.session.getWalletAssets(params)
  }

  getWalletProvider(): Eip1193Provider | undefined {
    return this.session.provider()
  }

  /**
   * The ethers v5 read provider of `network` (default the active network, else the first one): a
   * JsonRpcBatchProvider, or a FallbackProvider over several RPC URLs. One instance per network.
   * @throws LatchkeyError NETWORK_NOT_FOUND when there is no network.
   */
  getProvider(network?: CaipNetwork): providers.BaseProvider {
    const target = network ?? this.session.network() ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    let endpoint = this.endpoints.get(target.caipNetworkId)
    if (!endpoint) {
      const { ethers, rpc } = this.requireLoaded()
      endpoint = createReadEndpoint(rpc, ethers, target, this.session.rpcUrls(target))
      this.endpoints.set(target.caipNetworkId, endpoint)
    }
    return endpoint.provider
  }

  /** ethers' Web3Provider over the connected wallet (network 'any', so it follows switches); undefined when disconnected. */
  getWeb3Provider(): providers.Web3Provider | undefined {
    const wallet = this.session.provider()
    if (!wallet) return undefined
    if (this.web3?.wallet !== wallet) {
      const { Web3Provider } = this.lib().providers
      this.web3 = { wallet, provider: new Web3Provider(wallet as providers.ExternalProvider, 'any') }
    }
    return this.web3.provider
  }

  /**
   * ethers' JsonRpcSigner for `address` (default the active account) of the connected wallet.
   * @throws LatchkeyError NOT_CONNECTED; ProviderRpcError 4100 for an address the wallet does not hold.
   */
  getSigner(address?: string): providers.JsonRpcSigner {
    const from = this.session.signer(address)
    const provider = this.getWeb3Provider()
    if (!provider) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return provider.getSigner(from)
  }

  on<E extends keyof AdapterEvents>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  destroy(): void {
    for (const endpoint of this.endpoints.values()) endpoint.stop()
    this.endpoints.clear()
    this.session.destroy()
    this.events.clear()
    this.web3 = undefined
  }

  /** ethers v5, loaded by init. @throws LatchkeyError INTERNAL_SDK_ERROR before init. */
  private lib(): EthersLib {
    return this.requireLoaded().ethers
  }

  private requireLoaded(): NonNullable<Ethers5Adapter['loaded']> {
    if (!this.loaded) {
      throw new LatchkeyError('The adapter is not initialised: the kit calls init() first', {
        code: 'INTERNAL_SDK_ERROR',
      })
    }
    return this.loaded
  }

  private balance(value: bigint, decimals: number, symbol: string): BalanceResult {
    return { value, decimals, symbol, formatted: this.formatUnits(value, decimals) }
  }
}

function reasonOf(error: unknown): string {
  const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  return typeof record.reason === 'string' ? record.reason : String(record.message ?? error)
}
