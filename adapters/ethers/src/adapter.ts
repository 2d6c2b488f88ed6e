import {
  type AdapterContext,
  type AdapterEventName,
  type AdapterEvents,
  type BalanceResult,
  balanceFromService,
  type CaipNetwork,
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
import {
  type AbstractProvider,
  BrowserProvider,
  Contract,
  formatUnits as ethersFormatUnits,
  parseUnits as ethersParseUnits,
  isAddress,
  JsonRpcSigner,
  Network,
  type TransactionRequest,
} from 'ethers'
import { encodeCall, typedDataParts } from './encode.js'
import { readError, walletError } from './errors.js'
import { ReadProviders } from './rpc.js'
import { messageData, verifySignature } from './verify.js'

export interface EthersAdapterOptions {
  /** The host's own EIP-1193 wallets, offered next to the announced and injected ones. */
  customWallets?: readonly CustomEvmWallet[]
  /** How long `reconnect` waits for the remembered wallet to announce itself after a reload, ms. Default 500. */
  restoreWaitMs?: number
}

interface WalletSide {
  walletProvider: Eip1193Provider
  chainId: number
  browser: BrowserProvider
}

/**
 * The Latchkey adapter for EVM chains through ethers v6. Wallets (EIP-6963, `window.ethereum`, the host's
 * own) are driven over EIP-1193 by core's Eip1193Session; reads go through ethers JSON-RPC providers with the
 * transport policy of SPEC §9, writes and signatures through ethers' BrowserProvider and JsonRpcSigner on
 * the connected wallet. The host gets the same ethers objects: {@link getProvider}, {@link getBrowserProvider},
 * {@link getSigner}.
 */
export class EthersAdapter implements ChainAdapter<Eip1193Provider> {
  readonly namespace = 'eip155' as const
  readonly adapterType = 'ethers' as const

  private readonly events = createEmitter<AdapterEvents>()
  private readonly session: Eip1193Session
  private readonly reads: ReadProviders
  private context: AdapterContext | undefined
  private wallet: WalletSide | undefined

  constructor(options: EthersAdapterOptions = {}) {
    this.session = new Eip1193Session({
      customWallets: options.customWallets,
      restoreWaitMs: options.restoreWaitMs,
      emit: (event, payload) => this.events.emit(event, payload),
    })
    this.reads = new ReadProviders({ urlsOf: (network) => this.session.rpcUrls(network) })
  }

  get networks(): readonly CaipNetwork[] {
    return this.session.networks
  }

  async init(context: AdapterContext): Promise<void> {
    this.context = context
    this.session.init(context)
  }

  async syncConnectors(): Promise<void> {
    this.session.sync()
  }

  getConnectors() {
    return this.session.connectors()
  }

  async connect(params: ConnectParams): Promise<ConnectResult> {
    return this.session.connect(params)
  }

  async reconnect(): Promise<ConnectResult | null> {
    return this.session.reconnect()
  }

  async disconnect(): Promise<void> {
    await this.session.disconnect()
    this.dropWalletSide()
  }

  getAccounts() {
    return this.session.accounts()
  }

  getNetwork(): CaipNetwork | undefined {
    return this.session.network()
  }

  /**
   * The native balance (through the Blockchain API when the kit has one, else the chain), or an ERC-20's
   * with `token`. @throws LatchkeyError INVALID_PARAMS for a malformed address; read errors as core errors.
   */
  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    checkAddress(address, 'address')
    if (token !== undefined) return this.tokenBalance(address, network, token)
    const fromService = await balanceFromService(this.context?.balanceService, { address, network })
    if (fromService) return fromService
    const value = await this.read(network, (provider) => provider.getBalance(address))
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: this.formatUnits(value, decimals) }
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    return this.session.getCapabilities()
  }

  async getWalletAssets(params: { address: string; network?: CaipNetwork }): Promise<readonly WalletAsset[]> {
    return this.session.getWalletAssets(params)
  }

  /** EOA and ERC-1271 signatures, read through the network's provider. Never prompts. */
  async verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
    return verifySignature({ provider: this.getProvider(network), address, message, signature })
  }

  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    return this.session.switchNetwork(network)
  }

  async signMessage({ message, address }: SignMessageParams): Promise<SignMessageResult> {
    const data = messageData(message)
    const signer = this.signerFor(address)
    const signature = await this.wallet_(() => signer.signMessage(data))
    return { signature, address: signer.address }
  }

  /** EIP-712 through `signer.signTypedData`; `primaryType` must be the one ethers derives from `types`. */
  async signTypedData(params: SignTypedDataParams): Promise<SignMessageResult> {
    const { domain, types, message } = typedDataParts(params)
    const signer = this.signerFor(params.address)
    const signature = await this.wallet_(() => signer.signTypedData(domain, types, message))
    return { signature, address: signer.address }
  }

  /**
   * Sends through the wallet (`eth_sendTransaction`) and returns the hash as soon as the wallet gives it,
   * without waiting for the transaction to be mined.
   * @throws LatchkeyError INVALID_PARAMS for a malformed recipient or value, or a network that is not the active one.
   */
  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const network = this.session.activeNetwork(params.network)
    checkAddress(params.to, 'to')
    if (typeof params.value !== 'bigint' || params.value < 0n) {
      throw new LatchkeyError('The value must be a non-negative bigint', { code: 'INVALID_PARAMS' })
    }
    const signer = this.signerFor()
    const tx: TransactionRequest = {
      to: params.to,
      value: params.value,
      ...(params.data ? { data: params.data } : {}),
      ...(params.gas !== undefined ? { gasLimit: params.gas } : {}),
      ...(params.maxFeePerGas !== undefined ? { maxFeePerGas: params.maxFeePerGas } : {}),
      ...(params.maxPriorityFeePerGas !== undefined
        ? { maxPriorityFeePerGas: params.maxPriorityFeePerGas }
        : {}),
    }
    const hash = await this.wallet_(() => signer.sendUncheckedTransaction(tx))
    return { hash, network }
  }

  /** A contract call encoded with ethers' Interface (a function without outputs, as USDT's, works). */
  async writeContract(params: WriteContractParams): Promise<SendTransactionResult> {
    const data = encodeCall(params)
    return this.sendTransaction({
      to: params.address,
      value: params.value ?? 0n,
      data,
      network: params.network,
    })
  }

  /** Estimates through the read provider, from the connected account unless `from` is given. */
  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const network = params.network ?? this.session.activeNetwork()
    checkAddress(params.to, 'to')
    const from = params.from ?? this.session.accounts()[0]?.address
    return this.read(network, (provider) =>
      provider.estimateGas({
        to: params.to,
        ...(from ? { from } : {}),
        ...(params.value !== undefined ? { value: params.value } : {}),
        ...(params.data ? { data: params.data } : {}),
      }),
    )
  }

  /** ethers' parseUnits. @throws LatchkeyError INVALID_PARAMS for malformed text or decimals. */
  parseUnits(value: string, decimals: number): bigint {
    try {
      return ethersParseUnits(value, decimals)
    } catch (cause) {
      throw new LatchkeyError(`${String(value)} is not a decimal amount with ${decimals} decimals`, {
        code: 'INVALID_PARAMS',
        cause,
      })
    }
  }

  /** ethers' formatUnits without its trailing `.0`, so whole amounts read as in the rest of the kit ("1"). */
  formatUnits(value: bigint, decimals: number): string {
    try {
      return ethersFormatUnits(value, decimals).replace(/\.0$/, '')
    } catch (cause) {
      throw new LatchkeyError(`Cannot format with ${decimals} decimals`, { code: 'INVALID_PARAMS', cause })
    }
  }

  getWalletProvider(): Eip1193Provider | undefined {
    return this.session.provider()
  }

  /**
   * The ethers read provider of `network` (default: the active network, else the first one): a JsonRpcProvider,
   * or a FallbackProvider when the network has several RPC URLs. With several URLs it is rebuilt when the
   * ranking changes order, so ask for it when needed rather than keeping it.
   * @throws LatchkeyError NETWORK_NOT_FOUND when the adapter has no network.
   */
  getProvider(network?: CaipNetwork): AbstractProvider {
    const target = network ?? this.session.network() ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    return this.reads.provider(target)
  }

  /** The URLs of a network's read provider, best first (the fallback ranking). */
  getRpcRanking(network: CaipNetwork): string[] {
    this.reads.provider(network)
    return this.reads.ranking(network)
  }

  /** ethers' BrowserProvider over the connected wallet, on the active network; undefined when disconnected. */
  getBrowserProvider(): BrowserProvider | undefined {
    const walletProvider = this.session.provider()
    const network = this.session.network()
    if (!walletProvider || !network) return undefined
    const chainId = Number(network.id)
    const known = this.wallet
    if (known && known.walletProvider === walletProvider && known.chainId === chainId) return known.browser
    this.dropWalletSide()
    // The session tracks the wallet's chain; a static network spares ethers an eth_chainId per call.
    const ethersNetwork = Network.from(chainId)
    const browser = new BrowserProvider(walletProvider, ethersNetwork, { staticNetwork: ethersNetwork })
    this.wallet = { walletProvider, chainId, browser }
    return browser
  }

  /**
   * ethers' JsonRpcSigner of the connected account (or of `address`, when the wallet holds it).
   * @throws LatchkeyError NOT_CONNECTED ('No ActiveCaipAddress found') when no wallet is connected;
   * ProviderRpcError 4100 for an address the wallet does not hold.
   */
  getSigner(address?: string): JsonRpcSigner {
    return this.signerFor(address)
  }

  on<E extends AdapterEventName>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  /** Stops discovery, the RPC rankers and every provider; drops listeners. Does not disconnect. */
  destroy(): void {
    this.session.destroy()
    this.reads.destroy()
    this.dropWalletSide()
    this.events.clear()
  }

  // ---- internals ----

  private signerFor(address?: string): JsonRpcSigner {
    const held = this.session.signer(address)
    const browser = this.getBrowserProvider()
    if (!browser) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return new JsonRpcSigner(browser, held)
  }

  private async tokenBalance(address: string, network: CaipNetwork, token: string): Promise<BalanceResult> {
    checkAddress(token, 'token')
    const contract = new Contract(token, ERC20_ABI, this.getProvider(network))
    const [value, decimals, symbol] = await this.read(network, () =>
      Promise.all([
        contract.getFunction('balanceOf')(address) as Promise<bigint>,
        contract.getFunction('decimals')() as Promise<bigint>,
        contract.getFunction('symbol')() as Promise<string>,
      ]),
    )
    return erc20Balance({ value, decimals, symbol }, (amount, places) => this.formatUnits(amount, places))
  }

  private async read<T>(network: CaipNetwork, run: (provider: AbstractProvider) => Promise<T>): Promise<T> {
    try {
      return await run(this.getProvider(network))
    } catch (error) {
      throw readError(error)
    }
  }

  /** A wallet call through ethers, its errors as ProviderRpcError (4001 for a rejection). */
  private async wallet_<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw walletError(error)
    }
  }

  private dropWalletSide(): void {
    this.wallet?.browser.destroy()
    this.wallet = undefined
  }
}

function checkAddress(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw new LatchkeyError(`${name} is not an EVM address: ${String(value).slice(0, 64)}`, {
      code: 'INVALID_PARAMS',
    })
  }
}
