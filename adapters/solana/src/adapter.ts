import {
  type AdapterAccount,
  type AdapterContext,
  type AdapterEventName,
  type AdapterEvents,
  type BalanceResult,
  balanceFromService,
  type CaipNetwork,
  type ChainAdapter,
  type Connector,
  ConnectorIds,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  type EmbeddedWalletProvider,
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
  type SignTransactionParams,
  type SignTransactionResult,
  type SplTransferParams,
  type SwitchNetworkParams,
  type SwitchNetworkResult,
  type VerifyMessageParams,
  type WalletCapabilities,
  type WalletConnectProvider,
  walletConnectConnector,
} from '@latchkey/core'
import { embeddedConnector } from '@latchkey/core/embedded'
import type { Adapter } from '@solana/wallet-adapter-base'
import type { Connection } from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import { ActiveConnection } from './active-connection.js'
import type { SolanaEmbeddedSession } from './embedded.js'
import { base58Encode, messageBytes, transactionBytes } from './encoding.js'
import { libsHolder, loadSolanaLibs } from './libs.js'
import { WalletRegistry } from './registry.js'
import { Connections } from './rpc.js'
import { type SigningContext, sendInstructions, signTransactions, withWalletErrors } from './signing.js'
import {
  checkAmount,
  publicKeyOf,
  splTransferInstructions,
  tokenBalance,
  transferFee,
  transferInstruction,
} from './transactions.js'
import { verifyEd25519 } from './verify.js'
import type { WalletSession } from './wallet-session.js'
import { type SolanaWalletConnectSession, walletConnectSession } from './walletconnect.js'

export interface SolanaAdapterOptions {
  /** wallet-adapter adapters (from @solana/wallet-adapter-*) offered next to the Wallet Standard wallets. */
  wallets?: readonly Adapter[]
  /** How long `reconnect` waits for the remembered wallet to register after a reload, ms. Default 500. */
  restoreWaitMs?: number
}

const SOL_DECIMALS = 9
/** The connectors whose session is the kit's (WalletConnect, the embedded wallet), not a discovered wallet. */
const OWN_SESSIONS: readonly string[] = [ConnectorIds.walletConnect, ConnectorIds.auth]

/** Every kind of wallet object the adapter hands the host. */
type SolanaWalletProvider = Wallet | Adapter | WalletConnectProvider | EmbeddedWalletProvider

/**
 * The Latchkey adapter for Solana through @solana/web3.js. Wallets are Wallet Standard wallets (discovered
 * live), the host's wallet-adapter adapters, whose connector ids are the wallets' names, the kit's shared
 * WalletConnect session (`walletConnect`) when WalletConnect is on, and the embedded wallet (`ID_AUTH`) when
 * email or social login is on. Networks switch in the
 * adapter (`networkSwitch: 'adapter'`): the Connection moves to the new cluster and every later request names
 * that cluster to the wallet, or, for a wallet that does not serve it, is signed by the wallet and sent by the
 * adapter to the new cluster. The host gets the Connection ({@link getConnection}) and the wallet object.
 */
export class SolanaAdapter implements ChainAdapter<SolanaWalletProvider> {
  readonly namespace = 'solana' as const
  readonly adapterType = 'solana' as const

  private readonly events = createEmitter<AdapterEvents>()
  private readonly registry: WalletRegistry
  private readonly restoreWaitMs: number
  private readonly libs = libsHolder()
  private readonly connections = new Connections(() => this.context?.options, this.libs.get)
  private readonly active = new ActiveConnection(this.events, () => this.context)
  private context: AdapterContext | undefined
  private walletConnect: SolanaWalletConnectSession | undefined
  private embedded: SolanaEmbeddedSession | undefined

  constructor(options: SolanaAdapterOptions = {}) {
    this.registry = new WalletRegistry([...(options.wallets ?? [])], this.libs.get, () =>
      this.events.emit('connectorsChanged', { connectors: this.getConnectors() }),
    )
    this.restoreWaitMs = options.restoreWaitMs ?? 500
  }

  get networks(): readonly CaipNetwork[] {
    return this.context?.networks ?? []
  }

  /**
   * Loads the Solana libraries and starts wallet discovery; the WalletConnect SDK and the embedded wallet's frame
   * load on first use only (the embedded wallet's session code with the libraries, when the kit offers it).
   */
  async init(context: AdapterContext): Promise<void> {
    const { getWalletConnectProvider, getEmbeddedWalletProvider } = context
    const [libs, embedded] = await Promise.all([
      loadSolanaLibs(),
      getEmbeddedWalletProvider ? import('./embedded.js') : undefined,
    ])
    this.libs.set(libs)
    this.context = context
    if (getWalletConnectProvider)
      this.walletConnect = walletConnectSession(context, getWalletConnectProvider, this.libs.get)
    if (getEmbeddedWalletProvider && embedded)
      this.embedded = embedded.embeddedSession(context, getEmbeddedWalletProvider, this.libs.get)
    this.registry.start(context)
  }

  async syncConnectors(): Promise<void> {
    this.registry.sync()
  }

  getConnectors(): readonly Connector[] {
    return [
      ...(this.walletConnect ? [walletConnectConnector('solana', 'adapter')] : []),
      ...(this.embedded ? [embeddedConnector('solana', 'adapter')] : []),
      ...this.registry.connectors(),
    ]
  }

  /**
   * Asks the wallet to connect (`standard:connect`, a prompt) and makes `network` the active cluster. Over
   * WalletConnect the live session is adopted without a prompt when it holds Solana accounts (on `network` when
   * the wallet approved it), else one is proposed for the adapter's networks. The embedded wallet (`ID_AUTH`) is
   * never logged in here: its session in the frame is adopted on `network`, or ProviderRpcError 4100 without one.
   * @throws LatchkeyError CONNECTOR_NOT_FOUND, UNSUPPORTED_CHAIN ('Unsupported chain'); ProviderRpcError 4001.
   */
  async connect({ connectorId, network }: ConnectParams): Promise<ConnectResult> {
    const session = this.sessionOf(connectorId)
    if (!session)
      throw new LatchkeyError(`Connector ${connectorId} not found`, { code: 'CONNECTOR_NOT_FOUND' })
    const target = network ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    this.checkServed(target)
    const addresses = await withWalletErrors(() => session.connect(false, target))
    if (addresses.length === 0) {
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no account.')
    }
    return this.active.attach(connectorId, session, addresses, session.network?.() ?? target)
  }

  /** Restores the remembered wallet with a silent connect (never a prompt); null, and forgotten, when gone. */
  async reconnect(): Promise<ConnectResult | null> {
    const saved = await this.active.remembered()
    if (!saved) return null
    // A WalletConnect or frame session is there at once or not at all; a wallet may register a moment after a reload.
    const session = OWN_SESSIONS.includes(saved.connectorId)
      ? this.sessionOf(saved.connectorId)
      : await this.registry.waitFor(saved.connectorId, this.restoreWaitMs)
    if (!session) return null
    const remembered = this.networks.find((n) => n.caipNetworkId === saved.network) ?? this.networks[0]
    let addresses: string[]
    try {
      addresses = await session.connect(true, remembered)
    } catch {
      addresses = []
    }
    if (addresses.length === 0) {
      await this.active.forget()
      return null
    }
    const network = session.network?.() ?? remembered
    if (!network) return null
    return this.active.attach(saved.connectorId, session, addresses, network)
  }

  /**
   * Disconnects the wallet (`standard:disconnect`; a WalletConnect session is ended on both sides, every namespace
   * with it, the relay given up after 3 s; the embedded wallet signs out) and forgets the connection. Never prompts.
   */
  async disconnect(): Promise<void> {
    const active = this.active.current
    this.active.drop()
    await this.active.forget()
    await active?.session.disconnect().catch(() => undefined)
  }

  getAccounts(): readonly AdapterAccount[] {
    return this.active.accounts()
  }

  getNetwork(): CaipNetwork | undefined {
    return this.active.current?.network
  }

  /**
   * SOL (through the kit's balance service when there is one, else `getBalance`), or with `token` = a mint the
   * owner's associated token account balance (0 when it does not exist; `symbol` is '' since SPL mints carry
   * none). @throws LatchkeyError INVALID_PARAMS for a malformed address or mint; read errors as core errors.
   */
  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    const owner = publicKeyOf(this.libs.get(), address, 'address')
    if (token !== undefined) {
      const mint = publicKeyOf(this.libs.get(), token, 'token')
      const { value, decimals } = await this.connections.read(network, (c) =>
        tokenBalance(this.libs.get(), c, owner, mint),
      )
      return { value, decimals, symbol: '', formatted: formatUnits(value, decimals) }
    }
    const fromService = await balanceFromService(this.context?.balanceService, { address, network })
    if (fromService) return fromService
    const lamports = await this.connections.read(network, (c) => c.getBalance(owner, 'confirmed'))
    const value = BigInt(lamports)
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    return {}
  }

  /** Checks an ed25519 signature (base58) against the address's public key. Never prompts. */
  async verifyMessage({ address, message, signature }: VerifyMessageParams): Promise<boolean> {
    return verifyEd25519({ address, message, signature })
  }

  /**
   * Moves the adapter to another cluster without a wallet prompt (`via: 'adapter'`); emits networkChanged once.
   * @throws LatchkeyError UNSUPPORTED_CHAIN ('Unsupported chain') for a network the adapter does not serve.
   */
  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    this.checkServed(network)
    const active = this.active.current
    if (active && active.network.caipNetworkId !== network.caipNetworkId) {
      // A session with a cluster of its own (WalletConnect, embedded) moves first: a refusal leaves all as it was.
      await active.session.switchNetwork?.(network)
      if (this.active.current !== active)
        throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
      active.network = network
      await this.active.remember(active)
      this.events.emit('networkChanged', { network })
    }
    return { network, via: 'adapter' }
  }

  /** `solana:signMessage`; the signature is base58. @throws ProviderRpcError 4001 on rejection. */
  async signMessage({ message, address }: SignMessageParams): Promise<SignMessageResult> {
    const bytes = messageBytes(message)
    const { session, signer } = this.active.signer(address)
    const signature = await withWalletErrors(() => session.signMessage(signer, bytes))
    return { signature: base58Encode(signature), address: signer }
  }

  /** Signs without sending; the answer is base64 of the signed wire bytes. */
  async signTransaction(params: SignTransactionParams): Promise<SignTransactionResult> {
    const [signedTransaction] = await signTransactions(this.signing(params.network), [
      transactionBytes(params.transaction),
    ])
    return { signedTransaction: signedTransaction! }
  }

  /** Signs several transactions with one prompt; base64 of each signed transaction, in order. */
  async signAllTransactions(params: {
    transactions: readonly (Uint8Array | string)[]
  }): Promise<readonly string[]> {
    if (!Array.isArray(params?.transactions) || params.transactions.length === 0) {
      throw new LatchkeyError('No transaction to sign', { code: 'INVALID_PARAMS' })
    }
    return signTransactions(this.signing(), params.transactions.map(transactionBytes))
  }

  /**
   * A SOL transfer of `value` lamports on the active cluster, confirmed before it resolves; `hash` is the
   * signature (base58). @throws LatchkeyError INVALID_PARAMS for bad input or another network than the active one.
   */
  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const network = this.active.network(params.network)
    const to = publicKeyOf(this.libs.get(), params.to, 'to')
    const value = checkAmount(params.value, 'value')
    if (params.data !== undefined) {
      throw new LatchkeyError('Call data does not apply to a Solana transfer; use signTransaction', {
        code: 'INVALID_PARAMS',
      })
    }
    return sendInstructions(this.signing(network), async (from) => [
      transferInstruction(this.libs.get(), from, to, value),
    ])
  }

  /** An SPL transfer, creating the recipient's associated token account when it does not exist. */
  async sendSplTransfer(params: SplTransferParams): Promise<SendTransactionResult> {
    const network = this.active.network(params.network)
    const mint = publicKeyOf(this.libs.get(), params.mint, 'mint')
    const to = publicKeyOf(this.libs.get(), params.to, 'to')
    const amount = checkAmount(params.amount, 'amount')
    return sendInstructions(this.signing(network), (from, connection) =>
      splTransferInstructions(this.libs.get(), connection, { from, to, mint, amount }),
    )
  }

  /** The fee of the transfer's message in lamports (`getFeeForMessage`), paid by `from` or the active account. */
  async estimateGas(params: EstimateGasParams): Promise<bigint> {
    const network = params.network ?? this.active.current?.network ?? this.networks[0]
    if (!network) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    const to = publicKeyOf(this.libs.get(), params.to, 'to')
    const from = publicKeyOf(this.libs.get(), params.from ?? this.active.current?.addresses[0], 'from')
    const value = checkAmount(params.value ?? 0n, 'value')
    return this.connections.read(network, (c) => transferFee(this.libs.get(), c, from, to, value))
  }

  /** Decimal text to base units (SOL has 9 decimals). @throws LatchkeyError INVALID_PARAMS for bad text. */
  parseUnits(value: string, decimals: number = SOL_DECIMALS): bigint {
    return parseUnits(value, decimals)
  }

  formatUnits(value: bigint, decimals: number = SOL_DECIMALS): string {
    return formatUnits(value, decimals)
  }

  /** The connected Wallet Standard wallet, wallet-adapter adapter, the kit's WalletConnect or embedded provider. */
  getWalletProvider(): SolanaWalletProvider | undefined {
    return this.active.current?.session.provider
  }

  /**
   * The @solana/web3.js Connection of `network` (default the active one, else the first).
   * @throws LatchkeyError NETWORK_NOT_FOUND when there is no network.
   */
  getConnection(network?: CaipNetwork): Connection {
    const target = network ?? this.active.current?.network ?? this.networks[0]
    if (!target) throw new LatchkeyError(Messages.networkNotFound, { code: 'NETWORK_NOT_FOUND' })
    return this.connections.get(target)
  }

  on<E extends AdapterEventName>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  /** Stops discovery and the wallet's event listener; drops listeners. Does not disconnect. */
  destroy(): void {
    this.registry.stop()
    this.walletConnect?.destroy()
    this.embedded?.destroy()
    this.active.drop()
    this.connections.clear()
    this.events.clear()
  }

  // ---- internals ----

  /** A session with the wallet of a connector; undefined for an unknown connector. */
  private sessionOf(connectorId: string): WalletSession | undefined {
    if (connectorId === ConnectorIds.walletConnect && this.walletConnect) return this.walletConnect
    if (connectorId === ConnectorIds.auth && this.embedded) return this.embedded
    return this.registry.session(connectorId)
  }

  /** Who signs on which cluster: the active account on the active network (or `requested`, checked). */
  private signing(requested?: CaipNetwork): SigningContext {
    const network = this.active.network(requested)
    return { ...this.active.signer(), network, connections: this.connections, libs: this.libs.get() }
  }

  private checkServed(network: CaipNetwork): void {
    if (!this.networks.some((item) => item.caipNetworkId === network?.caipNetworkId)) {
      throw new LatchkeyError(Messages.unsupportedChain, {
        code: 'UNSUPPORTED_CHAIN',
        details: `${String(network?.caipNetworkId)} is not a network of this adapter`,
      })
    }
  }
}
