import type { Address, EIP1193Provider, Hex, LocalAccount, TransactionSerializable } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { getAddress, hexToBigInt, isAddress, isHex, numberToHex } from 'viem/utils'
import { announceProvider, type EIP6963ProviderInfo, isEventTargetLike } from './eip6963.js'
import { Emitter, type Listener } from './emitter.js'
import {
  ErrorCode,
  hasErrorCode,
  invalidParams,
  ProviderRpcError,
  unauthorized,
  unsupportedMethod,
  userRejected,
} from './errors.js'
import { rpcRequest } from './rpc.js'

/** The mnemonic every local chain funds ('test test … junk'). */
export const DEFAULT_TEST_MNEMONIC = 'test test test test test test test test test test test junk'
/** Default EIP-6963 name. */
export const DEFAULT_WALLET_NAME = 'Latchkey Test Wallet'
/** Default EIP-6963 reverse-DNS id. */
export const DEFAULT_WALLET_RDNS = 'dev.latchkey.testwallet'
/** Default EIP-6963 icon: a 96x96 inline SVG (a key on a rounded square). */
export const DEFAULT_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="20" fill="#1f2937"/>' +
    '<circle cx="36" cy="48" r="14" fill="none" stroke="#fbbf24" stroke-width="8"/>' +
    '<path d="M50 48h30v10M68 48v8" fill="none" stroke="#fbbf24" stroke-width="8" stroke-linecap="round"/>' +
    '</svg>',
)}`

/** How the simulated user answers requests that need approval. */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** A chain the wallet knows: its id and the JSON-RPC endpoint it reads from and broadcasts to. */
export interface TestWalletChain {
  chainId: number
  rpcUrl: string
  name?: string
}

/** Options of {@link createTestWallet}. */
export interface TestWalletOptions {
  /** EIP-6963 name; default 'Latchkey Test Wallet'. */
  name?: string
  /** EIP-6963 reverse-DNS id; default 'dev.latchkey.testwallet'. */
  rdns?: string
  /** EIP-6963 icon (a data: URI); default an inline SVG. */
  icon?: string
  /** EIP-6963 uuid; default a random v4 UUID. */
  uuid?: string
  /** BIP-39 mnemonic; default the test mnemonic. Accounts are m/44'/60'/0'/0/i for i in `accountIndices`. */
  mnemonic?: string
  /** Which mnemonic indices the wallet holds, in this order; default [0]. */
  accountIndices?: number[]
  /**
   * Raw private keys to hold. Given alone they replace the mnemonic; given with an explicit `mnemonic` the
   * mnemonic accounts come first.
   */
  privateKeys?: Hex[]
  /** The chains the wallet knows (at least one). */
  chains: TestWalletChain[]
  /** Initial chain; default the first of `chains`. */
  chainId?: number
  /** How approval prompts are answered; default 'approve'. */
  policy?: ApprovalPolicy
  /** Whether the site already holds the accounts permission (as after an earlier visit); default false. */
  connected?: boolean
  /**
   * Whether wallet_addEthereumChain checks that the new RPC endpoint answers eth_chainId with the requested id
   * (as real wallets do); default true.
   */
  verifyAddedChains?: boolean
  /** Timeout of each HTTP JSON-RPC request to a chain, in ms; default 30 000. */
  rpcTimeoutMs?: number
}

/** What became of a request. */
export type RequestOutcome = 'approved' | 'rejected' | 'pending' | 'passthrough' | 'error'

/** One request the provider received, in arrival order. The entry is updated in place when it settles. */
export interface RequestLogEntry {
  /** Sequence number, unique per wallet; also the id of the held request while it is pending. */
  readonly id: number
  readonly method: string
  readonly params: unknown
  /** `Date.now()` when the request arrived. */
  readonly at: number
  /**
   * 'pending' while unsettled; 'approved' when the wallet answered it itself (after a prompt or not);
   * 'passthrough' when the chain's RPC answered it; 'rejected' on a 4001; 'error' for any other error.
   */
  outcome: RequestOutcome
  /** Whether the request needed the user's approval (reached the policy). */
  prompted: boolean
  /** The result, once approved or passed through. */
  result?: unknown
  /** The error, once rejected or failed. */
  error?: { code: number; message: string }
}

/** A request held for approval (policy 'hold'). */
export interface PendingRequest {
  /** The id of its {@link RequestLogEntry}. */
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** The EIP-1193 provider of a test wallet: viem's EIP1193Provider plus a few EventEmitter conveniences. */
export type TestWalletProvider = EIP1193Provider & {
  /** Always true: lets tests and the lab recognise the test wallet. */
  readonly isLatchkeyTestWallet: true
  addListener: EIP1193Provider['on']
  once: EIP1193Provider['on']
  off: EIP1193Provider['removeListener']
  removeAllListeners(event?: string): void
  listenerCount(event: string): number
}

/** An ERC-20 token a site asked the wallet to watch (wallet_watchAsset). */
export interface WatchedAsset {
  chainId: number
  address: Address
  symbol?: string
  decimals?: number
  image?: string
}

/** A real EIP-1193 test wallet; see {@link createTestWallet}. */
export interface TestWallet {
  /** The EIP-1193 provider a site talks to. */
  readonly provider: TestWalletProvider
  /** EIP-6963 provider info. */
  readonly info: EIP6963ProviderInfo
  /** Every address the wallet holds, active first. */
  readonly accounts: readonly Address[]
  /** The active account. */
  readonly address: Address
  /** The current chain id. */
  readonly chainId: number
  /** Every chain the wallet knows (including those added by wallet_addEthereumChain). */
  readonly chains: readonly Readonly<Required<TestWalletChain>>[]
  /** Whether the site holds the accounts permission. */
  readonly connected: boolean
  /** The current approval policy. */
  readonly policy: ApprovalPolicy
  /** Tokens added by wallet_watchAsset. */
  readonly watchedAssets: readonly WatchedAsset[]
  /** Changes how later prompts are answered. Already held requests stay held. */
  setPolicy(policy: ApprovalPolicy): void
  /** Every request received since creation or the last {@link TestWallet.clearLog}, oldest first. */
  readonly log: readonly RequestLogEntry[]
  /** The logged requests that needed the user's approval. */
  prompts(): RequestLogEntry[]
  /** Empties the log. */
  clearLog(): void
  /** Requests currently held for approval, oldest first. */
  pending(): PendingRequest[]
  /**
   * Resolves with the oldest held request not yet handed out by an earlier `nextPending()` call, waiting for
   * one to be held if there is none. Successive calls therefore yield successive requests.
   */
  nextPending(): Promise<PendingRequest>
  /** Approves a held request (default: the oldest). Throws if there is no such request. */
  approve(id?: number): void
  /** Rejects a held request with 4001 (default: the oldest). Throws if there is no such request. */
  reject(id?: number): void
  /**
   * The user selects another account in the wallet, by its position in the wallet's key list (the order of
   * `accountIndices` / `privateKeys`, not of `accounts`) or by address. Emits `accountsChanged` (active first)
   * when the site is connected and the active account really changes.
   */
  switchAccount(indexOrAddress: number | Address): void
  /** The user switches the wallet to another known chain. Emits `chainChanged` (hex) when it really changes. */
  switchChain(chainId: number): void
  /** The user adds a network in the wallet's settings (no switch, no event). Replaces a known chain's RPC URL. */
  addChain(chain: TestWalletChain): void
  /**
   * The user connects the site from the wallet (grants the accounts permission without a request). Emits
   * `connect` then `accountsChanged` when the site was not connected.
   */
  connect(): void
  /**
   * The user disconnects the site in the wallet: the accounts permission is revoked and `accountsChanged([])` is
   * emitted once (only if the site was connected). No `disconnect` event: per EIP-1193 that event means the
   * provider lost every chain, which {@link TestWallet.dropConnection} simulates.
   */
  disconnect(): void
  /**
   * The provider loses its connection to every chain: emits `disconnect` with a 4900 ProviderRpcError and answers
   * every request with 4900 until {@link TestWallet.restoreConnection}. The accounts permission is kept.
   */
  dropConnection(): void
  /** Ends {@link TestWallet.dropConnection}: emits `connect({ chainId })`. */
  restoreConnection(): void
  /**
   * EIP-6963: dispatches `eip6963:announceProvider` on `target` now and on every `eip6963:requestProvider`.
   * `target` defaults to `globalThis` when that is an EventTarget (a browser window). Returns an undo.
   */
  announce(target?: EventTarget): () => void
  /**
   * Sets `target.ethereum` to the provider (default `globalThis`), like a legacy injected wallet, and dispatches
   * `ethereum#initialized` on the target when it is an EventTarget.
   */
  injectAsWindowEthereum(target?: object): void
}

interface HeldRequest {
  readonly entry: RequestLogEntry
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
  delivered: boolean
}

interface ChainState {
  chainId: number
  rpcUrl: string
  name: string
}

interface CallBundle {
  readonly id: string
  readonly chainId: number
  readonly hashes: Hex[]
  readonly callCount: number
  /** False while later calls are still waiting for the receipt of the previous one. */
  done: boolean
  /** Set when a call could not be sent or the previous one reverted; the calls after it are not sent. */
  failure?: { index: number; code: number; message: string }
}

interface TxFields {
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  accessList?: { address: Address; storageKeys: Hex[] }[]
  legacy?: boolean
}

const accountCache = new Map<string, LocalAccount>()
/** Tail of the send queue per `${rpcUrl}|${address}`, shared by every wallet in this realm. */
const sendQueues = new Map<string, Promise<void>>()

function mnemonicAccount(mnemonic: string, index: number): LocalAccount {
  const key = `${index}:${mnemonic}`
  let account = accountCache.get(key)
  if (!account) {
    account = mnemonicToAccount(mnemonic, { addressIndex: index })
    accountCache.set(key, account)
  }
  return account
}

function randomUuid(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function randomHex(size: number): Hex {
  const bytes = new Uint8Array(size)
  crypto.getRandomValues(bytes)
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

const toHexChainId = (chainId: number): Hex => numberToHex(chainId)

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function paramsArray(params: unknown, method: string, min: number): unknown[] {
  if (!Array.isArray(params) || params.length < min) {
    throw invalidParams(`${method} expects an array of at least ${min} parameter(s)`)
  }
  return params
}

/** Parses a JSON-RPC quantity (hex string; numbers and bigints are tolerated). */
function quantity(value: unknown, field: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return hexToBigInt(value as Hex)
  throw invalidParams(`"${field}" must be a hex quantity`)
}

function optionalQuantity(value: unknown, field: string): bigint | undefined {
  return value === undefined || value === null ? undefined : quantity(value, field)
}

function parseChainId(value: unknown, field = 'chainId'): number {
  const id = quantity(value, field)
  if (id === 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams(`"${field}" is out of range`)
  return Number(id)
}

function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw invalidParams(`"${field}" must be an address`)
  }
  return getAddress(value)
}

function parseData(value: unknown, field: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value.length % 2 !== 0) {
    throw invalidParams(`"${field}" must be hex bytes`)
  }
  return value
}

function parseTxFields(tx: Record<string, unknown>): TxFields {
  const fields: TxFields = {}
  if (tx.to !== undefined && tx.to !== null) fields.to = parseAddress(tx.to, 'to')
  const value = optionalQuantity(tx.value, 'value')
  if (value !== undefined) fields.value = value
  const input = tx.data ?? tx.input
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) {
    throw invalidParams('"data" and "input" differ')
  }
  const data = parseData(input, 'data')
  if (data !== undefined) fields.data = data
  const gas = optionalQuantity(tx.gas ?? tx.gasLimit, 'gas')
  if (gas !== undefined) fields.gas = gas
  const gasPrice = optionalQuantity(tx.gasPrice, 'gasPrice')
  if (gasPrice !== undefined) fields.gasPrice = gasPrice
  const maxFeePerGas = optionalQuantity(tx.maxFeePerGas, 'maxFeePerGas')
  if (maxFeePerGas !== undefined) fields.maxFeePerGas = maxFeePerGas
  const maxPriorityFeePerGas = optionalQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  if (maxPriorityFeePerGas !== undefined) fields.maxPriorityFeePerGas = maxPriorityFeePerGas
  const nonce = optionalQuantity(tx.nonce, 'nonce')
  if (nonce !== undefined) fields.nonce = Number(nonce)
  if (Array.isArray(tx.accessList)) {
    fields.accessList = tx.accessList.map((item, i) => {
      if (!isObject(item)) throw invalidParams(`"accessList[${i}]" must be an object`)
      const keys = Array.isArray(item.storageKeys) ? item.storageKeys : []
      return {
        address: parseAddress(item.address, `accessList[${i}].address`),
        storageKeys: keys.map((key, k) => parseData(key, `accessList[${i}].storageKeys[${k}]`) ?? '0x'),
      }
    })
  }
  if (tx.type !== undefined && tx.type !== null) {
    const type = quantity(tx.type, 'type')
    if (type === 0n || type === 1n) fields.legacy = true
    else if (type !== 2n) throw invalidParams(`transaction type ${type} is not supported (only 0, 1 and 2)`)
  }
  if (gasPrice !== undefined && maxFeePerGas === undefined && maxPriorityFeePerGas === undefined) {
    fields.legacy = true
  }
  if (fields.legacy && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('a legacy transaction cannot carry EIP-1559 fees')
  }
  return fields
}

const PASSTHROUGH_PREFIXES = ['eth_', 'net_', 'web3_']
/** Methods with a passthrough prefix that a wallet must not forward: key-bound or stateful over HTTP. */
const NOT_FORWARDED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_subscribe',
  'eth_unsubscribe',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
])

/**
 * Creates a real EVM test wallet: it holds keys (viem local accounts), asks a simulated user (the policy) before
 * anything that needs consent, signs for real and broadcasts to the chains' JSON-RPC endpoints.
 * Works in Node and in a browser (see the IIFE bundle, `injectScriptPath()`).
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  if (!options || !Array.isArray(options.chains) || options.chains.length === 0) {
    throw new Error('createTestWallet: `chains` must list at least one chain')
  }
  const rpcTimeoutMs = options.rpcTimeoutMs ?? 30_000
  const verifyAddedChains = options.verifyAddedChains ?? true

  // Keys.
  const keys: LocalAccount[] = []
  const usesMnemonic = options.mnemonic !== undefined || !options.privateKeys?.length
  if (usesMnemonic) {
    const mnemonic = options.mnemonic ?? DEFAULT_TEST_MNEMONIC
    for (const index of options.accountIndices ?? [0]) {
      if (!Number.isInteger(index) || index < 0)
        throw new Error(`createTestWallet: bad account index ${index}`)
      keys.push(mnemonicAccount(mnemonic, index))
    }
  }
  for (const key of options.privateKeys ?? []) keys.push(privateKeyToAccount(key))
  if (keys.length === 0) throw new Error('createTestWallet: the wallet holds no account')
  if (new Set(keys.map((key) => key.address)).size !== keys.length) {
    throw new Error('createTestWallet: the same account is listed twice')
  }

  // Chains.
  const chains = new Map<number, ChainState>()
  const addKnownChain = (chain: TestWalletChain) => {
    if (!Number.isSafeInteger(chain.chainId) || chain.chainId <= 0) {
      throw new Error(`createTestWallet: bad chain id ${chain.chainId}`)
    }
    if (typeof chain.rpcUrl !== 'string' || chain.rpcUrl === '') {
      throw new Error(`createTestWallet: chain ${chain.chainId} has no rpcUrl`)
    }
    chains.set(chain.chainId, {
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name ?? chains.get(chain.chainId)?.name ?? `Chain ${chain.chainId}`,
    })
  }
  for (const chain of options.chains) addKnownChain(chain)

  // State.
  let activeKey = keys[0]!
  let chainId = options.chainId ?? options.chains[0]!.chainId
  if (!chains.has(chainId)) throw new Error(`createTestWallet: initial chain ${chainId} is not in \`chains\``)
  let connected = options.connected ?? false
  let grantedAt = connected ? Date.now() : 0
  let offline = false
  let policy: ApprovalPolicy = options.policy ?? 'approve'
  let nextId = 1
  let accountsRequestPending = false
  const log: RequestLogEntry[] = []
  const held: HeldRequest[] = []
  const pendingWaiters: ((request: PendingRequest) => void)[] = []
  const bundles = new Map<string, CallBundle>()
  const watchedAssets: WatchedAsset[] = []
  const emitter = new Emitter()

  const info: EIP6963ProviderInfo = Object.freeze({
    uuid: options.uuid ?? randomUuid(),
    name: options.name ?? DEFAULT_WALLET_NAME,
    icon: options.icon ?? DEFAULT_WALLET_ICON,
    rdns: options.rdns ?? DEFAULT_WALLET_RDNS,
  })

  const orderedAccounts = (): Address[] => [
    activeKey.address,
    ...keys.filter((key) => key !== activeKey).map((key) => key.address),
  ]
  const exposedAccounts = (): Address[] => (connected ? orderedAccounts() : [])
  const currentChain = (): ChainState => chains.get(chainId)!

  const rpc = (chain: ChainState, method: string, params: unknown) =>
    rpcRequest(chain.rpcUrl, method, params, rpcTimeoutMs)

  // State changes (each emits its events exactly once, only when something really changes).
  const grant = () => {
    if (connected) return
    connected = true
    grantedAt = Date.now()
    emitter.emit('connect', { chainId: toHexChainId(chainId) })
    emitter.emit('accountsChanged', orderedAccounts())
  }
  const revoke = () => {
    if (!connected) return
    connected = false
    emitter.emit('accountsChanged', [])
  }
  const setChain = (id: number) => {
    if (id === chainId) return
    chainId = id
    emitter.emit('chainChanged', toHexChainId(id))
  }

  const permissions = () =>
    connected
      ? [
          {
            parentCapability: 'eth_accounts',
            invoker: typeof location === 'object' && location?.origin ? location.origin : 'node',
            date: grantedAt,
            caveats: [{ type: 'restrictReturnedAccounts', value: orderedAccounts() }],
          },
        ]
      : []

  // Approval.
  const deliver = () => {
    while (pendingWaiters.length > 0) {
      const next = held.find((request) => !request.delivered)
      if (!next) return
      next.delivered = true
      pendingWaiters.shift()!(toPending(next))
    }
  }
  const toPending = (request: HeldRequest): PendingRequest => ({
    id: request.entry.id,
    method: request.entry.method,
    params: request.entry.params,
  })
  const prompt = (entry: RequestLogEntry): Promise<void> => {
    entry.prompted = true
    if (policy === 'approve') return Promise.resolve()
    if (policy === 'reject') return Promise.reject(userRejected())
    return new Promise<void>((resolve, reject) => {
      held.push({ entry, resolve, reject, delivered: false })
      deliver()
    })
  }
  const takeHeld = (id: number | undefined): HeldRequest => {
    const index = id === undefined ? 0 : held.findIndex((request) => request.entry.id === id)
    const request = held[index]
    if (index < 0 || !request) {
      throw new Error(id === undefined ? 'No request is pending' : `No pending request with id ${id}`)
    }
    held.splice(index, 1)
    return request
  }

  // Authorization.
  const keyFor = (address: unknown, field: string): LocalAccount => {
    if (!connected) throw unauthorized()
    const parsed = parseAddress(address, field)
    const key = keys.find((candidate) => candidate.address === parsed)
    if (!key) throw unauthorized(`The account ${parsed} is not one the user has authorized.`)
    return key
  }

  // Transactions: fill, sign, broadcast. Serialized so nonces never collide within a wallet.
  const sendTransaction = (key: LocalAccount, chain: ChainState, tx: TxFields): Promise<Hex> => {
    const from = key.address
    const run = async (): Promise<Hex> => {
      const nonce =
        tx.nonce ??
        Number(hexToBigInt((await rpc(chain, 'eth_getTransactionCount', [from, 'pending'])) as Hex))
      const gas =
        tx.gas ??
        hexToBigInt(
          (await rpc(chain, 'eth_estimateGas', [
            {
              from,
              ...(tx.to ? { to: tx.to } : {}),
              ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
              ...(tx.data ? { data: tx.data } : {}),
            },
          ])) as Hex,
        )
      const common = {
        chainId: chain.chainId,
        nonce,
        gas,
        ...(tx.to ? { to: tx.to } : {}),
        value: tx.value ?? 0n,
        ...(tx.data ? { data: tx.data } : {}),
      }
      const accessList = tx.accessList ? { accessList: tx.accessList } : {}
      let serializable: TransactionSerializable
      const block = tx.legacy
        ? undefined
        : ((await rpc(chain, 'eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null)
      if (tx.legacy || !block?.baseFeePerGas) {
        const gasPrice = tx.gasPrice ?? hexToBigInt((await rpc(chain, 'eth_gasPrice', [])) as Hex)
        serializable = tx.accessList
          ? { ...common, type: 'eip2930', gasPrice, accessList: tx.accessList }
          : { ...common, type: 'legacy', gasPrice }
      } else {
        const baseFee = hexToBigInt(block.baseFeePerGas)
        let priority = tx.maxPriorityFeePerGas
        if (priority === undefined) {
          try {
            priority = hexToBigInt((await rpc(chain, 'eth_maxPriorityFeePerGas', [])) as Hex)
          } catch {
            priority = 1_000_000_000n
          }
        }
        const maxFeePerGas = tx.maxFeePerGas ?? baseFee * 2n + priority
        if (priority > maxFeePerGas) priority = maxFeePerGas
        serializable = {
          ...common,
          ...accessList,
          type: 'eip1559',
          maxFeePerGas,
          maxPriorityFeePerGas: priority,
        }
      }
      const signed = await key.signTransaction(serializable)
      return (await rpc(chain, 'eth_sendRawTransaction', [signed])) as Hex
    }
    // Queued per chain endpoint and sender, across wallet instances, so two sends never take the same nonce.
    const queueKey = `${chain.rpcUrl}|${from}`
    const previous = sendQueues.get(queueKey) ?? Promise.resolve()
    const result = previous.then(run, run)
    const settled = result.then(
      () => undefined,
      () => undefined,
    )
    sendQueues.set(queueKey, settled)
    void settled.then(() => {
      if (sendQueues.get(queueKey) === settled) sendQueues.delete(queueKey)
    })
    return result
  }

  /** Polls for a receipt; gives up (null) after about a minute. */
  const waitForReceipt = async (chain: ChainState, hash: Hex): Promise<Record<string, unknown> | null> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const receipt = (await rpc(chain, 'eth_getTransactionReceipt', [hash])) as Record<
        string,
        unknown
      > | null
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * 2 ** attempt, 100)))
    }
    return null
  }

  const runRestOfBundle = async (
    bundle: CallBundle,
    key: LocalAccount,
    chain: ChainState,
    calls: TxFields[],
  ) => {
    const fail = (index: number, error: unknown) => {
      bundle.failure = {
        index,
        code: hasErrorCode(error) ? error.code : ErrorCode.internal,
        message: error instanceof Error ? error.message : String(error),
      }
    }
    try {
      for (let index = 1; index < calls.length; index++) {
        const previous = await waitForReceipt(chain, bundle.hashes[index - 1]!)
        if (!previous) return fail(index, new Error('The previous call was not mined'))
        if (previous.status !== '0x1') return fail(index, new Error('The previous call reverted'))
        try {
          bundle.hashes.push(await sendTransaction(key, chain, calls[index]!))
        } catch (error) {
          return fail(index, error)
        }
      }
    } catch (error) {
      fail(bundle.hashes.length, error)
    } finally {
      bundle.done = true
    }
  }

  // Method handlers.
  const handlers: Record<string, (params: unknown, entry: RequestLogEntry) => Promise<unknown>> = {
    eth_requestAccounts: async (_params, entry) => {
      if (connected) return orderedAccounts()
      if (accountsRequestPending) {
        throw new ProviderRpcError(
          ErrorCode.resourceUnavailable,
          'Request of type eth_requestAccounts already pending. Please wait.',
        )
      }
      accountsRequestPending = true
      try {
        await prompt(entry)
      } finally {
        accountsRequestPending = false
      }
      grant()
      return orderedAccounts()
    },
    eth_accounts: async () => exposedAccounts(),
    eth_coinbase: async () => (connected ? activeKey.address : null),
    eth_chainId: async () => toHexChainId(chainId),

    wallet_requestPermissions: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_requestPermissions', 1)
      if (!isObject(request) || !('eth_accounts' in request) || Object.keys(request).length !== 1) {
        throw invalidParams('only the eth_accounts permission can be requested')
      }
      if (accountsRequestPending) {
        throw new ProviderRpcError(
          ErrorCode.resourceUnavailable,
          'Request of type wallet_requestPermissions already pending. Please wait.',
        )
      }
      accountsRequestPending = true
      try {
        await prompt(entry)
      } finally {
        accountsRequestPending = false
      }
      grant()
      return permissions()
    },
    wallet_getPermissions: async () => permissions(),
    wallet_revokePermissions: async (params) => {
      const [request] = paramsArray(params, 'wallet_revokePermissions', 1)
      if (!isObject(request) || !('eth_accounts' in request)) {
        throw invalidParams('only the eth_accounts permission can be revoked')
      }
      revoke()
      return null
    },

    wallet_switchEthereumChain: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_switchEthereumChain', 1)
      if (!isObject(request)) throw invalidParams('expected [{ chainId }]')
      const target = parseChainId(request.chainId)
      if (!chains.has(target)) {
        throw new ProviderRpcError(
          ErrorCode.unrecognizedChain,
          `Unrecognized chain ID "${toHexChainId(target)}". Try adding the chain using wallet_addEthereumChain first.`,
        )
      }
      if (target === chainId) return null
      await prompt(entry)
      if (!chains.has(target))
        throw new ProviderRpcError(ErrorCode.unrecognizedChain, 'The chain was removed.')
      setChain(target)
      return null
    },

    wallet_addEthereumChain: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_addEthereumChain', 1)
      if (!isObject(request))
        throw invalidParams('expected [{ chainId, chainName, rpcUrls, nativeCurrency }]')
      const target = parseChainId(request.chainId)
      const known = chains.get(target)
      if (known) {
        if (target === chainId) return null
        await prompt(entry)
        setChain(target)
        return null
      }
      const rpcUrls = request.rpcUrls
      if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !/^https?:\/\//.test(rpcUrls[0])) {
        throw invalidParams('"rpcUrls" must list at least one http(s) URL')
      }
      const rpcUrl = rpcUrls[0]
      if (request.chainName !== undefined && typeof request.chainName !== 'string') {
        throw invalidParams('"chainName" must be a string')
      }
      const name = typeof request.chainName === 'string' ? request.chainName : `Chain ${target}`
      if (verifyAddedChains) {
        let answered: unknown
        try {
          answered = await rpcRequest(rpcUrl, 'eth_chainId', [], rpcTimeoutMs)
        } catch (error) {
          throw new ProviderRpcError(
            ErrorCode.internal,
            `Could not fetch the chain id from ${rpcUrl}: ${error instanceof Error ? error.message : error}`,
          )
        }
        if (typeof answered !== 'string' || parseChainId(answered) !== target) {
          throw invalidParams(
            `The RPC endpoint ${rpcUrl} returned chain id ${String(answered)}, not ${toHexChainId(target)}`,
          )
        }
      }
      await prompt(entry)
      addKnownChain({ chainId: target, rpcUrl, name })
      setChain(target)
      return null
    },

    personal_sign: async (params, entry) => {
      let [message, address] = paramsArray(params, 'personal_sign', 2)
      // Some sites send [address, message]; accept that when it is unambiguous.
      if (typeof message === 'string' && isAddress(message, { strict: false })) {
        if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
          ;[message, address] = [address, message]
        }
      }
      if (typeof message !== 'string') throw invalidParams('the message must be a string (hex or UTF-8)')
      const key = keyFor(address, 'address')
      await prompt(entry)
      keyFor(key.address, 'address')
      return key.signMessage({
        message: isHex(message, { strict: true }) && message.length % 2 === 0 ? { raw: message } : message,
      })
    },

    eth_signTypedData_v4: async (params, entry) => {
      const [address, raw] = paramsArray(params, 'eth_signTypedData_v4', 2)
      const key = keyFor(address, 'address')
      let typedData: unknown = raw
      if (typeof raw === 'string') {
        try {
          typedData = JSON.parse(raw)
        } catch {
          throw invalidParams('the typed data is not valid JSON')
        }
      }
      if (
        !isObject(typedData) ||
        !isObject(typedData.types) ||
        typeof typedData.primaryType !== 'string' ||
        !isObject(typedData.message) ||
        (typedData.domain !== undefined && !isObject(typedData.domain))
      ) {
        throw invalidParams('typed data needs types, primaryType, domain and message')
      }
      const domain = (typedData.domain ?? {}) as Record<string, unknown>
      if (domain.chainId !== undefined && domain.chainId !== null) {
        const domainChain =
          typeof domain.chainId === 'string' && !domain.chainId.startsWith('0x')
            ? Number(domain.chainId)
            : Number(quantity(domain.chainId, 'domain.chainId'))
        if (domainChain !== chainId) {
          throw invalidParams(`Provided chainId "${domainChain}" must match the active chainId "${chainId}"`)
        }
      }
      await prompt(entry)
      keyFor(key.address, 'address')
      try {
        return await key.signTypedData({
          domain,
          types: typedData.types,
          primaryType: typedData.primaryType,
          message: typedData.message,
          // biome-ignore lint/suspicious/noExplicitAny: typed data arrives untyped over JSON-RPC
        } as any)
      } catch (error) {
        throw invalidParams(error instanceof Error ? error.message.split('\n')[0]! : String(error))
      }
    },

    eth_sendTransaction: async (params, entry) => {
      const [tx] = paramsArray(params, 'eth_sendTransaction', 1)
      if (!isObject(tx)) throw invalidParams('expected [transaction]')
      if (!connected) throw unauthorized()
      const key = tx.from === undefined || tx.from === null ? activeKey : keyFor(tx.from, 'from')
      const fields = parseTxFields(tx)
      // The transaction is bound to the chain the wallet is on when the request arrives.
      const chain = currentChain()
      if (tx.chainId !== undefined && tx.chainId !== null && parseChainId(tx.chainId) !== chain.chainId) {
        throw invalidParams(
          `The transaction's chainId ${parseChainId(tx.chainId)} does not match the wallet's current chain ${chain.chainId}`,
        )
      }
      await prompt(entry)
      keyFor(key.address, 'from')
      return sendTransaction(key, chain, fields)
    },

    wallet_getCapabilities: async (params) => {
      const [address, requested] = paramsArray(params, 'wallet_getCapabilities', 1)
      keyFor(address, 'address')
      let ids = [...chains.keys()]
      if (requested !== undefined && requested !== null) {
        if (!Array.isArray(requested)) throw invalidParams('the chain ids must be an array')
        const wanted = new Set(requested.map((id) => parseChainId(id)))
        ids = ids.filter((id) => wanted.has(id))
      }
      // Calls are executed one transaction after another, so atomicity is truthfully unsupported.
      return Object.fromEntries(ids.map((id) => [toHexChainId(id), { atomic: { status: 'unsupported' } }]))
    },

    wallet_sendCalls: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_sendCalls', 1)
      if (!isObject(request)) throw invalidParams('expected [{ version, chainId, calls, atomicRequired }]')
      if (!connected) throw unauthorized()
      const key =
        request.from === undefined || request.from === null ? activeKey : keyFor(request.from, 'from')
      const target = parseChainId(request.chainId)
      const chain = chains.get(target)
      if (!chain) {
        throw new ProviderRpcError(
          ErrorCode.unsupportedChainId,
          `Unsupported chain id ${toHexChainId(target)}`,
        )
      }
      if (request.atomicRequired === true) {
        throw new ProviderRpcError(
          ErrorCode.atomicityNotSupported,
          'Atomicity not supported: this wallet executes calls sequentially.',
        )
      }
      const { calls } = request
      if (!Array.isArray(calls) || calls.length === 0)
        throw invalidParams('"calls" must be a non-empty array')
      const assertOptionalCapabilities = (capabilities: unknown) => {
        if (capabilities === undefined || capabilities === null) return
        if (!isObject(capabilities)) throw invalidParams('"capabilities" must be an object')
        for (const [name, capability] of Object.entries(capabilities)) {
          if (!isObject(capability) || capability.optional !== true) {
            throw new ProviderRpcError(
              ErrorCode.unsupportedCapability,
              `Unsupported non-optional capability: ${name}`,
            )
          }
        }
      }
      assertOptionalCapabilities(request.capabilities)
      const parsedCalls = calls.map((call, i) => {
        if (!isObject(call)) throw invalidParams(`"calls[${i}]" must be an object`)
        assertOptionalCapabilities(call.capabilities)
        const fields: TxFields = {}
        if (call.to !== undefined && call.to !== null) fields.to = parseAddress(call.to, `calls[${i}].to`)
        const value = optionalQuantity(call.value, `calls[${i}].value`)
        if (value !== undefined) fields.value = value
        const data = parseData(call.data, `calls[${i}].data`)
        if (data !== undefined) fields.data = data
        return fields
      })
      let id: string
      if (request.id !== undefined && request.id !== null) {
        if (typeof request.id !== 'string' || request.id.length === 0 || request.id.length > 4096) {
          throw invalidParams('"id" must be a string of 1 to 4096 characters')
        }
        if (bundles.has(request.id)) {
          throw new ProviderRpcError(ErrorCode.duplicateBundleId, `Duplicate bundle id ${request.id}`)
        }
        id = request.id
      } else {
        id = randomHex(32)
      }
      await prompt(entry)
      keyFor(key.address, 'from')
      if (bundles.has(id))
        throw new ProviderRpcError(ErrorCode.duplicateBundleId, `Duplicate bundle id ${id}`)
      const bundle: CallBundle = {
        id,
        chainId: target,
        hashes: [],
        callCount: parsedCalls.length,
        done: parsedCalls.length === 1,
      }
      // The first call is sent before answering: if it cannot be, nothing was sent and the request fails like
      // eth_sendTransaction would. The others follow in the background, each once the previous one is mined
      // and succeeded, so later calls see the effects of earlier ones.
      bundle.hashes.push(await sendTransaction(key, chain, parsedCalls[0]!))
      bundles.set(id, bundle)
      if (!bundle.done) void runRestOfBundle(bundle, key, chain, parsedCalls)
      return { id }
    },

    wallet_getCallsStatus: async (params) => {
      const [id] = paramsArray(params, 'wallet_getCallsStatus', 1)
      const bundle = typeof id === 'string' ? bundles.get(id) : undefined
      if (!bundle) throw new ProviderRpcError(ErrorCode.unknownBundleId, `Unknown bundle id ${String(id)}`)
      const chain = chains.get(bundle.chainId)!
      const receipts = (await Promise.all(
        bundle.hashes.map((hash) => rpc(chain, 'eth_getTransactionReceipt', [hash])),
      )) as (Record<string, unknown> | null)[]
      const found = receipts.filter((receipt): receipt is Record<string, unknown> => receipt !== null)
      const succeeded = found.filter((receipt) => receipt.status === '0x1').length
      let status: number
      if (!bundle.done || found.length < receipts.length) status = 100
      else if (!bundle.failure && succeeded === bundle.callCount) status = 200
      else if (succeeded === 0) status = 500
      else status = 600
      return {
        version: '2.0.0',
        id: bundle.id,
        chainId: toHexChainId(bundle.chainId),
        status,
        atomic: false,
        receipts: found.map((receipt) => ({
          logs: ((receipt.logs as Record<string, unknown>[] | undefined) ?? []).map((log) => ({
            address: log.address,
            data: log.data,
            topics: log.topics,
          })),
          status: receipt.status,
          blockHash: receipt.blockHash,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
          transactionHash: receipt.transactionHash,
        })),
      }
    },

    wallet_watchAsset: async (params, entry) => {
      const request = Array.isArray(params) ? params[0] : params
      if (!isObject(request) || request.type !== 'ERC20' || !isObject(request.options)) {
        throw invalidParams('expected { type: "ERC20", options: { address, symbol, decimals } }')
      }
      const { options: asset } = request
      const address = parseAddress(asset.address, 'options.address')
      if (asset.symbol !== undefined && typeof asset.symbol !== 'string') throw invalidParams('bad symbol')
      if (asset.decimals !== undefined && !Number.isInteger(Number(asset.decimals))) {
        throw invalidParams('bad decimals')
      }
      await prompt(entry)
      const watched: WatchedAsset = { chainId, address }
      if (typeof asset.symbol === 'string') watched.symbol = asset.symbol
      if (asset.decimals !== undefined) watched.decimals = Number(asset.decimals)
      if (typeof asset.image === 'string') watched.image = asset.image
      const existing = watchedAssets.findIndex((item) => item.chainId === chainId && item.address === address)
      if (existing >= 0) watchedAssets.splice(existing, 1, watched)
      else watchedAssets.push(watched)
      return true
    },
  }

  const dispatch = (method: string, params: unknown, entry: RequestLogEntry): Promise<unknown> => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (handler) return handler(params, entry)
    if (PASSTHROUGH_PREFIXES.some((prefix) => method.startsWith(prefix)) && !NOT_FORWARDED.has(method)) {
      return rpc(currentChain(), method, params ?? [])
    }
    return Promise.reject(unsupportedMethod(method))
  }

  const request = async (args: unknown): Promise<unknown> => {
    const method = isObject(args) && typeof args.method === 'string' ? args.method : undefined
    const params = isObject(args) ? args.params : undefined
    const entry: RequestLogEntry = {
      id: nextId++,
      method: method ?? String(isObject(args) ? args.method : args),
      params,
      at: Date.now(),
      outcome: 'pending',
      prompted: false,
    }
    log.push(entry)
    try {
      if (method === undefined || method === '') {
        throw new ProviderRpcError(ErrorCode.invalidRequest, 'Expected a request object { method, params? }.')
      }
      if (params !== undefined && params !== null && typeof params !== 'object') {
        throw new ProviderRpcError(ErrorCode.invalidRequest, '"params" must be an array or an object.')
      }
      if (offline) {
        throw new ProviderRpcError(ErrorCode.disconnected, 'The provider is disconnected from all chains.')
      }
      const passthrough = !Object.hasOwn(handlers, method)
      const result = await dispatch(method, params, entry)
      entry.outcome = passthrough ? 'passthrough' : 'approved'
      entry.result = result
      return result
    } catch (error) {
      const code = hasErrorCode(error) ? error.code : ErrorCode.internal
      const message = error instanceof Error ? error.message : String(error)
      entry.outcome = code === ErrorCode.userRejected ? 'rejected' : 'error'
      entry.error = { code, message }
      throw error instanceof Error && hasErrorCode(error) ? error : new ProviderRpcError(code, message)
    }
  }

  const provider = {
    isLatchkeyTestWallet: true as const,
    request,
    on(event: string, listener: Listener) {
      emitter.on(event, listener)
      return provider
    },
    addListener(event: string, listener: Listener) {
      emitter.on(event, listener)
      return provider
    },
    once(event: string, listener: Listener) {
      emitter.once(event, listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      emitter.off(event, listener)
      return provider
    },
    off(event: string, listener: Listener) {
      emitter.off(event, listener)
      return provider
    },
    removeAllListeners(event?: string) {
      emitter.removeAll(event)
      return provider
    },
    listenerCount(event: string) {
      return emitter.count(event)
    },
  }

  const wallet: TestWallet = {
    provider: provider as unknown as TestWalletProvider,
    info,
    get accounts() {
      return orderedAccounts()
    },
    get address() {
      return activeKey.address
    },
    get chainId() {
      return chainId
    },
    get chains() {
      return [...chains.values()].map((chain) => ({ ...chain }))
    },
    get connected() {
      return connected
    },
    get policy() {
      return policy
    },
    get watchedAssets() {
      return watchedAssets.map((asset) => ({ ...asset }))
    },
    setPolicy(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'hold')
        throw new Error(`Unknown policy ${next}`)
      policy = next
    },
    get log() {
      return [...log]
    },
    prompts() {
      return log.filter((entry) => entry.prompted)
    },
    clearLog() {
      log.length = 0
    },
    pending() {
      return held.map(toPending)
    },
    nextPending() {
      return new Promise<PendingRequest>((resolve) => {
        pendingWaiters.push(resolve)
        deliver()
      })
    },
    approve(id) {
      takeHeld(id).resolve()
    },
    reject(id) {
      takeHeld(id).reject(userRejected())
    },
    switchAccount(indexOrAddress) {
      let key: LocalAccount | undefined
      if (typeof indexOrAddress === 'number') key = keys[indexOrAddress]
      else if (isAddress(indexOrAddress, { strict: false })) {
        const address = getAddress(indexOrAddress)
        key = keys.find((candidate) => candidate.address === address)
      }
      if (!key) throw new Error(`switchAccount: the wallet holds no account ${String(indexOrAddress)}`)
      if (key === activeKey) return
      activeKey = key
      if (connected) emitter.emit('accountsChanged', orderedAccounts())
    },
    switchChain(id) {
      if (!chains.has(id)) throw new Error(`switchChain: the wallet does not know chain ${id}`)
      setChain(id)
    },
    addChain(chain) {
      addKnownChain(chain)
    },
    connect() {
      grant()
    },
    disconnect() {
      revoke()
    },
    dropConnection() {
      if (offline) return
      offline = true
      emitter.emit(
        'disconnect',
        new ProviderRpcError(ErrorCode.disconnected, 'The provider is disconnected from all chains.'),
      )
    },
    restoreConnection() {
      if (!offline) return
      offline = false
      emitter.emit('connect', { chainId: toHexChainId(chainId) })
    },
    announce(target) {
      const eventTarget: unknown = target ?? globalThis
      if (!isEventTargetLike(eventTarget)) {
        throw new Error('announce: no EventTarget given and globalThis is not one (pass a target in Node)')
      }
      return announceProvider(eventTarget, info, wallet.provider)
    },
    injectAsWindowEthereum(target) {
      const host: object = target ?? globalThis
      Object.defineProperty(host, 'ethereum', {
        value: wallet.provider,
        writable: true,
        configurable: true,
        enumerable: true,
      })
      if (isEventTargetLike(host) && typeof Event === 'function') {
        host.dispatchEvent(new Event('ethereum#initialized'))
      }
    },
  }
  return wallet
}
