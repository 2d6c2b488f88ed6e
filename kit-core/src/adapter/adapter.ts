import type { CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import type { CaipNetwork } from '../networks/define.js'
import type { AccountType, AdapterAccount, AdapterType } from './accounts.js'
import type { Connector } from './connectors.js'
import type { EmbeddedWalletProvider, SocialProvider } from './embedded.js'
import type { KitStorage } from './storage.js'
import type { AppMetadata, SessionSignInRequest, WalletConnectProvider } from './walletconnect.js'

/** A message to sign: text (UTF-8) or raw bytes. */
export type SignableMessage = string | { raw: Uint8Array | `0x${string}` }

/** Host options an adapter reads (SPEC §1); the kit validates them before any adapter sees them. */
export interface AdapterOptions {
  projectId?: string
  metadata?: AppMetadata
  /** Extra RPC URLs per network, tried before the network's default (SPEC §1 customRpcUrls). */
  customRpcUrls?: Readonly<
    Record<CaipNetworkId, readonly { url: string; config?: Record<string, unknown> }[]>
  >
  /** Discover EIP-6963 wallets (default true). */
  enableEIP6963?: boolean
  /** Offer browser-extension and listed wallets at all (default true). */
  enableWallets?: boolean
  /** Only these wallet ids (listing id or rdns) / never these. */
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  /** Preferred account type per namespace (SPEC §6). */
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
}

/** What reads balances when the host configured the Blockchain API (SPEC §7 `/v1/account/{address}/balance`). */
export interface BalanceService {
  getBalance(params: {
    address: string
    network: CaipNetwork
    forceUpdate?: boolean
  }): Promise<BalanceResult | null>
}

/** What the kit hands an adapter once, in {@link ChainAdapter.init}. */
export interface AdapterContext {
  /** The host's networks of this adapter's namespace, already filtered and validated. */
  networks: readonly CaipNetwork[]
  options: Readonly<AdapterOptions>
  /** A storage space of this adapter's own inside this kit's (keys are prefixed for it). */
  storage: KitStorage
  /**
   * The shared WalletConnect provider, when WalletConnect is enabled. Loaded on first call (the SDK is never
   * in the initial bundle); the same instance for every adapter of the kit.
   */
  getWalletConnectProvider?: () => Promise<WalletConnectProvider>
  /** The embedded wallet, when email or social login is enabled. */
  getEmbeddedWalletProvider?: () => Promise<EmbeddedWalletProvider>
  /** The Blockchain API balance endpoint, when configured; else adapters read balances from the chain. */
  balanceService?: BalanceService
  /**
   * Where EIP-6963 announcements and other wallet discovery events happen: the page's window in a browser,
   * any EventTarget in tests; undefined in SSR (discovery then finds nothing).
   */
  discoveryTarget?: EventTarget
}

export interface ConnectParams {
  /** A connector id from {@link ChainAdapter.getConnectors}. */
  connectorId: string
  /** The network to connect on; default the adapter's first network. */
  network?: CaipNetwork
  /** Embedded wallet: the email or social URI that started the login, and the account type wanted. */
  email?: string
  socialProvider?: SocialProvider
  socialUri?: string
  preferredAccountType?: AccountType
  /** Sign in inside the connection request itself, where the protocol allows it (WalletConnect, SPEC §4). */
  signIn?: SessionSignInRequest
}

export interface ConnectResult {
  connectorId: string
  /** Every account the wallet exposes on this namespace, the active one first. */
  accounts: readonly AdapterAccount[]
  /** The network the wallet is on; the `unsupportedNetwork` stand-in (`Unknown Network`) when the host did not configure it. */
  network: CaipNetwork
  /** The signed sign-in message when `signIn` was honoured in the connection request. */
  signIn?: { message: string; signature: string }
}

export interface GetBalanceParams {
  address: string
  network: CaipNetwork
  /** A token (ERC-20 contract, SPL mint) instead of the native currency. */
  token?: string
}

/** A balance: the base-unit value, and the text the UI shows (SPEC §3 "Balance result", default '0.00'). */
export interface BalanceResult {
  value: bigint
  decimals: number
  symbol: string
  /** The value in whole units, as text. */
  formatted: string
}

export interface VerifyMessageParams {
  address: string
  message: SignableMessage
  signature: string
  network: CaipNetwork
}

export interface SwitchNetworkParams {
  network: CaipNetwork
}

export interface SwitchNetworkResult {
  network: CaipNetwork
  /** `wallet`: the wallet was asked and moved; `adapter`: only the adapter's RPC moved (no prompt needed). */
  via: 'wallet' | 'adapter'
}

export interface SignMessageParams {
  message: SignableMessage
  /** Which account signs; default the active one. */
  address?: string
  /** Bitcoin only: the signature scheme. */
  protocol?: 'ecdsa' | 'bip322'
}

export interface SignMessageResult {
  signature: string
  address: string
}

/** A transfer or call in the chain's base units (wei, lamports, satoshis). */
export interface SendTransactionParams {
  to: string
  value: bigint
  /** Call data (eip155) or memo. */
  data?: `0x${string}`
  /** Must be the active network when given; checked so a request never lands on the wrong chain. */
  network?: CaipNetwork
  gas?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  /** Bitcoin: satoshis per virtual byte. */
  feeRate?: number
}

export interface SendTransactionResult {
  /** Transaction hash / signature / txid as the chain writes it. */
  hash: string
  network: CaipNetwork
}

export interface WriteContractParams {
  /** The contract. */
  address: string
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  value?: bigint
  network?: CaipNetwork
}

/** Solana: an SPL token transfer in the mint's base units. */
export interface SplTransferParams {
  /** The token's mint (base58). */
  mint: string
  /** The receiver's wallet address (base58); its associated token account is created when it does not exist. */
  to: string
  amount: bigint
  network?: CaipNetwork
}

export interface EstimateGasParams {
  to: string
  value?: bigint
  data?: `0x${string}`
  from?: string
  network?: CaipNetwork
}

/** EIP-712 typed data. */
export interface SignTypedDataParams {
  domain: Record<string, unknown>
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
  address?: string
}

/** Solana: a serialized transaction (wire bytes, or base64 text). */
export interface SignTransactionParams {
  transaction: Uint8Array | string
  network?: CaipNetwork
}

export interface SignTransactionResult {
  /** Base64 of the signed wire bytes, whatever the wallet returned. */
  signedTransaction: string
}

export interface SignPsbtParams {
  /** The PSBT, base64. */
  psbt: string
  /** Which inputs each address signs. */
  signInputs: readonly { address: string; index: readonly number[]; sighashTypes?: readonly number[] }[]
  broadcast?: boolean
}

export interface SignPsbtResult {
  /** Always base64, even when the wallet answered hex. */
  psbt: string
  /** Set when the adapter broadcast it. */
  txid?: string
}

/** EIP-5792 capabilities, keyed by hex chain id (or CAIP-2 id outside eip155). */
export type WalletCapabilities = Record<string, Record<string, unknown>>

export interface WalletAsset {
  address: string
  /** Hex base-unit amount. */
  balance: `0x${string}`
  type: 'NATIVE' | 'ERC20'
  metadata: { name: string; symbol: string; decimals: number; price?: number; iconUrl?: string }
}

/** Events an adapter emits. Each fires exactly once per cause (a dApp-side switch and the wallet's echo are one cause). */
export interface AdapterEvents {
  accountsChanged: { accounts: readonly AdapterAccount[] }
  /** The active network changed; the `unsupportedNetwork` stand-in (`Unknown Network`) when the wallet moved to an unknown chain. */
  networkChanged: { network: CaipNetwork }
  /** The connection ended, from either side. */
  disconnected: { reason: 'user' | 'wallet' | 'error' }
  connectorsChanged: { connectors: readonly Connector[] }
}

export type AdapterEventName = keyof AdapterEvents

/**
 * The contract every adapter implements; nothing in core, ui or react knows which adapter it talks to.
 *
 * Errors: wallet errors surface as ProviderRpcError with the code of SPEC §8 (a rejection is 4001, whatever
 * the wallet said), and a rejected or failed call leaves the adapter's state as it was. A method the
 * namespace does not have is left out (the optional members below).
 */
export interface ChainAdapter<TProvider = unknown> {
  readonly namespace: ChainNamespace
  readonly adapterType: AdapterType
  /** The networks this adapter serves (after init: the kit's networks of its namespace). */
  readonly networks: readonly CaipNetwork[]

  /** Called once by the kit before any other method. Starts wallet discovery. */
  init(context: AdapterContext): Promise<void>
  /** Re-reads which wallets are available; emits connectorsChanged when the list changed. */
  syncConnectors(): Promise<void>
  getConnectors(): readonly Connector[]

  /**
   * Connects a wallet (may prompt the user) and remembers the connection in the adapter's storage.
   * @throws ProviderRpcError 4001 on rejection; LatchkeyError CONNECTOR_NOT_FOUND for an unknown connector.
   */
  connect(params: ConnectParams): Promise<ConnectResult>
  /**
   * Restores the remembered connection without prompting (after a reload). Resolves null, and forgets it,
   * when there is nothing to restore or the wallet no longer grants access.
   */
  reconnect(): Promise<ConnectResult | null>
  /** Ends the connection and forgets it; the adapter's accounts and network are cleared. Never prompts. */
  disconnect(): Promise<void>

  /** The connected accounts, the active one first; empty when disconnected. */
  getAccounts(): readonly AdapterAccount[]
  /** The active network while connected. */
  getNetwork(): CaipNetwork | undefined
  /** The balance of an address, through the balance service when there is one, else the chain's RPC. */
  getBalance(params: GetBalanceParams): Promise<BalanceResult>
  /** The wallet's EIP-5792 capabilities (empty where the chain has none). */
  getCapabilities(): Promise<WalletCapabilities>
  /**
   * Checks a signature with the chain's own library: EOA signatures, and smart-account ones (ERC-1271 and
   * ERC-6492 on eip155) where the chain has them. Never prompts.
   */
  verifyMessage(params: VerifyMessageParams): Promise<boolean>

  /**
   * Moves the connection to another network of this namespace: asks the wallet (adding the chain on 4902)
   * or, where the wallet has no notion of network, retargets the adapter. Emits networkChanged once.
   * @throws ProviderRpcError 4001 on rejection (network unchanged); LatchkeyError 'Unsupported chain'.
   */
  switchNetwork(params: SwitchNetworkParams): Promise<SwitchNetworkResult>
  signMessage(params: SignMessageParams): Promise<SignMessageResult>
  /** Sends a native transfer or call on the active network. */
  sendTransaction(params: SendTransactionParams): Promise<SendTransactionResult>
  estimateGas(params: EstimateGasParams): Promise<bigint>
  /** Decimal text -> base units. @throws LatchkeyError INVALID_PARAMS for malformed text. */
  parseUnits(value: string, decimals: number): bigint
  /** Base units -> decimal text. */
  formatUnits(value: bigint, decimals: number): string

  /** eip155: a contract call (ERC-20 transfer and the like). */
  writeContract?(params: WriteContractParams): Promise<SendTransactionResult>
  /** eip155: EIP-712 typed data. */
  signTypedData?(params: SignTypedDataParams): Promise<SignMessageResult>
  /** eip155: ERC-7715 permissions. */
  grantPermissions?(params: Record<string, unknown>): Promise<unknown>
  revokePermissions?(params: Record<string, unknown>): Promise<unknown>
  /** eip155: EIP-7811 wallet_getAssets. */
  getWalletAssets?(params: { address: string; network?: CaipNetwork }): Promise<readonly WalletAsset[]>
  /**
   * solana: an SPL transfer between the associated token accounts of the sender and `to`, creating the receiver's
   * when it does not exist (paid by the sender); confirmed before it resolves.
   */
  sendSplTransfer?(params: SplTransferParams): Promise<SendTransactionResult>
  /** solana: sign without sending. */
  signTransaction?(params: SignTransactionParams): Promise<SignTransactionResult>
  signAllTransactions?(params: { transactions: readonly (Uint8Array | string)[] }): Promise<readonly string[]>
  /** bip122: sign a PSBT's chosen inputs, optionally broadcasting it. */
  signPsbt?(params: SignPsbtParams): Promise<SignPsbtResult>

  /** The connected wallet's own provider object (EIP-1193, Wallet Standard wallet, …). */
  getWalletProvider(): TProvider | undefined
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends AdapterEventName>(event: E, listener: (payload: AdapterEvents[E]) => void): () => void
  /** Stops discovery and drops listeners (the kit is being torn down). Does not disconnect. Idempotent. */
  destroy(): void
}
