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
  type Connector,
  type ConnectParams,
  type ConnectResult,
  createEmitter,
  formatCaipAddress,
  formatUnits,
  type GetBalanceParams,
  LatchkeyError,
  Messages,
  parseUnits,
  type SendTransactionParams,
  type SendTransactionResult,
  type SignMessageParams,
  type SignMessageResult,
  type SignPsbtParams,
  type SignPsbtResult,
  type SwitchNetworkParams,
  type SwitchNetworkResult,
  unsupportedNetwork,
  type VerifyMessageParams,
  type WalletCapabilities,
} from '@latchkey/core'
import type { BitcoinWalletClient, WalletChange, WalletSnapshot } from './client.js'
import { bitcoinConnectors, clientOf } from './connectors.js'
import { walletError } from './errors.js'
import { esploraBalance, esploraBroadcast, esploraUrlOf } from './esplora.js'
import { parsePsbt, psbtToBase64 } from './psbt.js'
import { watchStandardWallets } from './standard.js'
import { messageBytes, verifyBitcoinMessage } from './verify.js'
import { type BitcoinWalletConnectClient, walletConnectClient } from './walletconnect.js'

export interface BitcoinAdapterOptions {
  /** Esplora base URL per CAIP-2 network id; else the public default (mainnet, testnet), else the network's RPC URL. */
  esploraUrls?: Readonly<Record<CaipNetworkId, string>>
}

const STORAGE_KEY = 'connector'

interface Session {
  connectorId: string
  client: BitcoinWalletClient
  snapshot: WalletSnapshot
  network: CaipNetwork
  unwatch: () => void
}

/**
 * The Latchkey adapter for Bitcoin (bip122): sats-connect wallets (`btc_providers` on the discovery target),
 * Wallet Standard wallets with `bitcoin:connect`, and the kit's WalletConnect session when the kit hands one.
 * Accounts are the payment address (type `payment`) then the ordinals address (type `ordinal`); balances and
 * broadcasts go through Esplora.
 */
export class BitcoinAdapter implements ChainAdapter<unknown> {
  readonly namespace = 'bip122' as const
  readonly adapterType = 'bitcoin' as const

  private readonly events = createEmitter<AdapterEvents>()
  private readonly options: BitcoinAdapterOptions
  private context: AdapterContext | undefined
  private standard: ReturnType<typeof watchStandardWallets> | undefined
  private connectors: Connector[] = []
  private session: Session | undefined
  private walletConnect: BitcoinWalletConnectClient | undefined

  constructor(options: BitcoinAdapterOptions = {}) {
    this.options = options
  }

  get networks(): readonly CaipNetwork[] {
    return this.context?.networks ?? []
  }

  async init(context: AdapterContext): Promise<void> {
    this.context = context
    if (context.getWalletConnectProvider)
      this.walletConnect = walletConnectClient(context, context.getWalletConnectProvider)
    this.standard = watchStandardWallets(context.discoveryTarget, () => void this.syncConnectors())
    await this.syncConnectors()
  }

  async syncConnectors(): Promise<void> {
    const next = bitcoinConnectors(
      this.context?.discoveryTarget,
      this.standard?.list() ?? [],
      this.walletConnect !== undefined,
    )
    const same =
      next.length === this.connectors.length && next.every((c, i) => c.id === this.connectors[i]?.id)
    this.connectors = next
    if (!same) this.events.emit('connectorsChanged', { connectors: next })
  }

  getConnectors(): readonly Connector[] {
    return this.connectors
  }

  /** @throws ProviderRpcError 4001 on rejection; LatchkeyError CONNECTOR_NOT_FOUND for an unknown connector. */
  async connect(params: ConnectParams): Promise<ConnectResult> {
    const client = this.clientFor(params.connectorId)
    const wanted = params.network ?? this.networks[0]
    let snapshot = await this.wallet(() => client.connect(wanted?.caipNetworkId))
    if (wanted && snapshot.caipNetworkId !== wanted.caipNetworkId && client.networkSwitch === 'wallet') {
      await this.wallet(() => client.changeNetwork(wanted.caipNetworkId))
      snapshot = (await this.wallet(() => client.silent())) ?? snapshot
    }
    const result = this.start(params.connectorId, client, snapshot)
    await this.context?.storage.setItem(STORAGE_KEY, params.connectorId)
    return result
  }

  async reconnect(): Promise<ConnectResult | null> {
    const storage = this.context?.storage
    const connectorId = await storage?.getItem(STORAGE_KEY)
    if (!connectorId) return null
    await this.syncConnectors()
    const connector = this.connectors.find((c) => c.id === connectorId)
    const snapshot = connector
      ? await this.wallet(() => this.clientFor(connectorId).silent()).catch(() => null)
      : null
    if (!snapshot || snapshot.addresses.length === 0) {
      await storage?.removeItem(STORAGE_KEY)
      return null
    }
    return this.start(connectorId, this.clientFor(connectorId), snapshot)
  }

  async disconnect(): Promise<void> {
    const session = this.session
    this.session = undefined
    session?.unwatch()
    await this.context?.storage.removeItem(STORAGE_KEY)
    await session?.client.disconnect().catch(() => undefined)
    if (session) this.events.emit('disconnected', { reason: 'user' })
  }

  getAccounts(): readonly AdapterAccount[] {
    return this.session ? this.accountsOf(this.session.snapshot, this.session.network) : []
  }

  getNetwork(): CaipNetwork | undefined {
    return this.session?.network
  }

  /** Funded minus spent over confirmed and mempool outputs (Esplora), or the kit's balance service. */
  async getBalance({ address, network, token }: GetBalanceParams): Promise<BalanceResult> {
    if (token !== undefined) {
      throw new LatchkeyError('Token balances are not supported on Bitcoin', {
        code: 'UNSUPPORTED_OPERATION',
      })
    }
    const fromService = await balanceFromService(this.context?.balanceService, { address, network })
    if (fromService) return fromService
    const value = await esploraBalance(this.esploraUrl(network), address)
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: this.formatUnits(value, decimals) }
  }

  async getCapabilities(): Promise<WalletCapabilities> {
    return {}
  }

  /**
   * BIP-137 ECDSA signatures (65 bytes) and BIP-322 "simple" signatures of P2WPKH and P2TR key-path addresses;
   * false for a malformed or non-matching one. @throws LatchkeyError UNSUPPORTED_OPERATION for a BIP-322 signature
   * of another address type or a taproot script path (see verifyBitcoinMessage).
   */
  async verifyMessage({ address, message, signature }: VerifyMessageParams): Promise<boolean> {
    return verifyBitcoinMessage(address, message, signature)
  }

  /**
   * Asks a sats-connect wallet to change network (`wallet_changeNetwork`); over WalletConnect, moves to another
   * network the session approved, without a prompt (`via: 'adapter'`).
   * @throws LatchkeyError UNSUPPORTED_OPERATION for wallets that cannot be asked (networkSwitch 'reconnect');
   * 'Unsupported chain' for a network the adapter does not serve; ProviderRpcError 4001 on rejection.
   */
  async switchNetwork({ network }: SwitchNetworkParams): Promise<SwitchNetworkResult> {
    const session = this.requireSession()
    if (!this.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) {
      throw new LatchkeyError(Messages.unsupportedChain, { code: 'UNSUPPORTED_CHAIN' })
    }
    if (session.client.networkSwitch === 'reconnect') {
      throw new LatchkeyError(
        'This wallet cannot be asked to change network: disconnect, switch network in the wallet, and connect again (networkSwitch "reconnect")',
        { code: 'UNSUPPORTED_OPERATION' },
      )
    }
    await this.wallet(() => session.client.changeNetwork(network.caipNetworkId))
    const snapshot = await this.wallet(() => session.client.silent())
    if (snapshot && this.session === session) this.apply(session, snapshot, false)
    return {
      network: this.session?.network ?? network,
      via: session.client.networkSwitch === 'adapter' ? 'adapter' : 'wallet',
    }
  }

  /** ECDSA (BIP-137) or BIP-322 per `protocol`; default the wallet's choice for the address. */
  async signMessage({ message, address, protocol }: SignMessageParams): Promise<SignMessageResult> {
    const session = this.requireSession()
    const signer = address ?? session.snapshot.addresses[0]?.address
    if (!signer || !session.snapshot.addresses.some((a) => a.address === signer)) {
      throw new LatchkeyError(`The wallet does not hold ${String(signer)}`, { code: 'INVALID_PARAMS' })
    }
    const bytes = messageBytes(message)
    const signature = await this.wallet(() =>
      session.client.signMessage({ address: signer, message: bytes, ...(protocol ? { protocol } : {}) }),
    )
    return { signature, address: signer }
  }

  /** Signs the caller's inputs; the answer is base64 whether the wallet gave hex or base64. */
  async signPsbt({ psbt, signInputs, broadcast }: SignPsbtParams): Promise<SignPsbtResult> {
    const session = this.requireSession()
    const base64 = parsePsbt(psbt, 'psbt').toBase64()
    if (!Array.isArray(signInputs) || signInputs.length === 0) {
      throw new LatchkeyError('signInputs must list the inputs to sign', { code: 'INVALID_PARAMS' })
    }
    const answer = await this.wallet(() =>
      session.client.signPsbt({
        psbt: base64,
        signInputs,
        broadcast: broadcast === true,
        caipNetworkId: session.network.caipNetworkId,
      }),
    )
    const signed = psbtToBase64(answer.psbt)
    if (broadcast !== true || answer.txid)
      return { psbt: signed, ...(answer.txid ? { txid: answer.txid } : {}) }
    const hex = parsePsbt(signed, 'The signed PSBT').extractTransaction().toHex()
    return { psbt: signed, txid: await esploraBroadcast(this.esploraUrl(session.network), hex) }
  }

  /**
   * A transfer of `value` sats through the wallet's `sendTransfer` (sats-connect). The wallet picks the fee.
   * @throws LatchkeyError UNSUPPORTED_OPERATION for wallets without transfers, or when `feeRate` is given.
   */
  async sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult> {
    const session = this.requireSession()
    if (params.network && params.network.caipNetworkId !== session.network.caipNetworkId) {
      throw new LatchkeyError(`${params.network.name} is not the active network`, { code: 'INVALID_PARAMS' })
    }
    if (typeof params.value !== 'bigint' || params.value <= 0n) {
      throw new LatchkeyError('The value must be a positive bigint of satoshis', { code: 'INVALID_PARAMS' })
    }
    if (typeof params.to !== 'string' || params.to.length === 0 || params.to.length > 100) {
      throw new LatchkeyError('to must be a Bitcoin address', { code: 'INVALID_PARAMS' })
    }
    if (!session.client.transfers || params.feeRate !== undefined) {
      throw new LatchkeyError(
        params.feeRate !== undefined
          ? 'feeRate cannot be passed to the wallet: its sendTransfer picks the fee; sign a PSBT for a chosen rate'
          : 'This wallet has no transfer method: build a PSBT and use signPsbt with broadcast',
        { code: 'UNSUPPORTED_OPERATION' },
      )
    }
    const network = session.network
    const hash = await this.wallet(() => session.client.sendTransfer({ to: params.to, amount: params.value }))
    return { hash, network }
  }

  /** @throws LatchkeyError UNSUPPORTED_OPERATION: Bitcoin has no gas; fees come from the wallet or the PSBT. */
  async estimateGas(): Promise<bigint> {
    throw new LatchkeyError('Gas estimation is not supported on Bitcoin', { code: 'UNSUPPORTED_OPERATION' })
  }

  /** Decimal text -> satoshis (8 decimals for BTC). @throws LatchkeyError INVALID_PARAMS for malformed text. */
  parseUnits(value: string, decimals: number): bigint {
    return parseUnits(value, decimals)
  }

  formatUnits(value: bigint, decimals: number): string {
    return formatUnits(value, decimals)
  }

  getWalletProvider(): unknown {
    return this.session?.client.provider
  }

  on<E extends AdapterEventName>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void {
    return this.events.on(event, listener)
  }

  destroy(): void {
    this.session?.unwatch()
    this.session = undefined
    this.walletConnect?.destroy()
    this.standard?.stop()
    this.standard = undefined
    this.events.clear()
  }

  // ---- internals ----

  private clientFor(connectorId: string): BitcoinWalletClient {
    return clientOf(this.connectors, connectorId, this.walletConnect)
  }

  private start(connectorId: string, client: BitcoinWalletClient, snapshot: WalletSnapshot): ConnectResult {
    if (snapshot.addresses.length === 0) {
      throw new LatchkeyError('The wallet gave no address', { code: 'NOT_CONNECTED' })
    }
    this.session?.unwatch()
    const session: Session = {
      connectorId,
      client,
      snapshot,
      network: this.networkOf(snapshot.caipNetworkId),
      unwatch: () => {},
    }
    session.unwatch = client.watch((change) => void this.onWalletChange(session, change))
    this.session = session
    return { connectorId, accounts: this.getAccounts(), network: session.network }
  }

  private async onWalletChange(session: Session, change: WalletChange): Promise<void> {
    if (this.session !== session) return
    if (change.kind === 'disconnect') {
      this.session = undefined
      session.unwatch()
      await this.context?.storage.removeItem(STORAGE_KEY)
      this.events.emit('disconnected', { reason: 'wallet' })
      return
    }
    const snapshot = await session.client.silent().catch(() => null)
    if (this.session !== session || !snapshot) return
    this.apply(session, snapshot, change.kind === 'accounts')
  }

  /**
   * Takes a new wallet snapshot; emits networkChanged when the network moved (one event per cause: the accounts
   * moved with it, and getAccounts() already answers them), else accountsChanged if asked.
   */
  private apply(session: Session, snapshot: WalletSnapshot, accountsEvent: boolean): void {
    const network = this.networkOf(snapshot.caipNetworkId)
    const before = session.snapshot.addresses.map((a) => a.address).join()
    session.snapshot = snapshot
    if (network.caipNetworkId !== session.network.caipNetworkId) {
      session.network = network
      this.events.emit('networkChanged', { network })
    } else if (accountsEvent && before !== snapshot.addresses.map((a) => a.address).join()) {
      this.events.emit('accountsChanged', { accounts: this.getAccounts() })
    }
  }

  private accountsOf(snapshot: WalletSnapshot, network: CaipNetwork): AdapterAccount[] {
    const ordered = [
      ...snapshot.addresses.filter((a) => a.purpose === 'payment'),
      ...snapshot.addresses.filter((a) => a.purpose === 'ordinals'),
    ]
    return ordered.map((a) => ({
      address: a.address,
      caipAddress: formatCaipAddress(network.caipNetworkId, a.address),
      type: a.purpose === 'payment' ? 'payment' : 'ordinal',
      ...(a.publicKey ? { publicKey: a.publicKey } : {}),
      ...(a.path ? { path: a.path } : {}),
    }))
  }

  private networkOf(caipNetworkId: string | undefined): CaipNetwork {
    const found = this.networks.find((n) => n.caipNetworkId === caipNetworkId)
    return found ?? unsupportedNetwork(caipNetworkId ?? 'bip122:unknown')
  }

  private esploraUrl(network: CaipNetwork): string {
    return esploraUrlOf(network, this.options.esploraUrls, this.context?.options.customRpcUrls)
  }

  private requireSession(): Session {
    if (!this.session) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return this.session
  }

  private async wallet<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof LatchkeyError) throw error
      throw walletError(error)
    }
  }
}
