// The embedded wallet (email and social login, in the kit's secure frame) seen as an EIP-1193 provider, so the EVM
// adapters drive it with the code they drive a browser wallet with: the account is read silently from the frame (the
// kit logs the visitor in before any adapter connects), `eth_chainId` is answered here, a chain switch is the frame's
// SWITCH_NETWORK, and every other request is the frame's RPC_REQUEST on the current chain. The frame is hostile input
// like any wallet: its addresses and chain ids are checked before they are used.
import type { AdapterContext } from '../adapter/adapter.js'
import type { EmbeddedWalletProvider } from '../adapter/embedded.js'
import type { CaipNetworkId } from '../caip/caip.js'
import {
  LatchkeyError,
  Messages,
  ProviderRpcError,
  RpcErrorCode,
  UserRejectedRequestError,
} from '../errors/index.js'
import { parseChainId, toHexChainId } from './chain-id.js'
import type { Eip1193Provider } from './provider.js'
import { providerEvents } from './provider-events.js'

/** An EIP-1193 provider over the embedded wallet, with the frame session's own end. */
export interface EmbeddedEip1193Provider extends Eip1193Provider {
  readonly isEmbeddedWallet: true
  /**
   * The chain the next account read (`eth_requestAccounts`, `eth_accounts`) asks the frame for instead of the
   * current one, so connecting lands the frame on the network the kit asked for in one request; undefined clears
   * it. A successful read uses it up.
   * @throws LatchkeyError UNSUPPORTED_CHAIN for a chain that is not one of the context's eip155 networks.
   */
  preferChain(chainId: number | undefined): void
  /** Signs out of the frame, forgets the account and emits `disconnect` (4900). */
  disconnect(): Promise<void>
  on(event: string, listener: (...args: unknown[]) => void): this
  removeListener(event: string, listener: (...args: unknown[]) => void): this
}

type Address = `0x${string}`

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Methods answered here: the frame refuses them ('Requested RPC call is not allowed'), and asking it would only cost a
 * round trip and an alert. wagmi's injected connector tries the permission ones and carries on without them.
 */
const UNSUPPORTED_HERE = new Set([
  'wallet_requestPermissions',
  'wallet_revokePermissions',
  'wallet_getPermissions',
])

/** A wallet request's first parameter object, e.g. `[{ chainId }]`. */
function firstParam(params: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined
}

/** An untrusted value as short text for an error message. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/**
 * What the frame (or loading it) threw, as the ProviderRpcError of EIP-1193: the frame's code and message kept, a
 * method the frame does not allow as 4200, anything without a code as -32603.
 */
function frameError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
  const message =
    typeof record.message === 'string' ? record.message : typeof error === 'string' ? error : undefined
  const code =
    typeof record.code === 'number' && Number.isInteger(record.code)
      ? record.code
      : record.code === 'UNSUPPORTED_OPERATION' || message === Messages.rpcCallNotAllowed
        ? RpcErrorCode.UnsupportedMethod
        : RpcErrorCode.InternalError
  if (code === RpcErrorCode.UserRejectedRequest)
    return new UserRejectedRequestError(message, { cause: error })
  return new ProviderRpcError(code, message, { cause: error, data: record.data })
}

/** A malformed answer of the frame. */
function malformed(what: string): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.InternalError, `The embedded wallet answered ${what}.`)
}

/**
 * An EIP-1193 provider over the kit's embedded wallet for the eip155 namespace. The frame's provider is loaded with
 * the first request that needs it (never at creation; `eth_chainId` never needs it). `eth_requestAccounts` reads the
 * logged-in account (the frame's 4100 when nobody is), `eth_accounts` the same after checking there is a session
 * (`[]` otherwise, never an error), `wallet_switchEthereumChain` moves the frame among the context's networks.
 * Events: `accountsChanged` (when the held account changes or the session ends), `chainChanged` (hex), `disconnect`
 * (4900).
 * @throws LatchkeyError INVALID_PARAMS when the context has no embedded wallet or no eip155 network.
 */
export function embeddedEip1193Provider(context: AdapterContext): EmbeddedEip1193Provider {
  const getProvider = context.getEmbeddedWalletProvider
  if (!getProvider)
    throw new LatchkeyError('The embedded wallet is not enabled (email or social login)', {
      code: 'INVALID_PARAMS',
    })
  const chainIds = context.networks
    .filter((network) => network.chainNamespace === 'eip155')
    .map((network) => Number(network.id))
  const first = chainIds[0]
  if (first === undefined)
    throw new LatchkeyError('The embedded wallet needs at least one eip155 network', {
      code: 'INVALID_PARAMS',
    })
  const known = (chainId: number) => chainIds.includes(chainId)

  const events = providerEvents()
  const { emit } = events
  let chainId = first
  let preferred: number | undefined
  let address: Address | undefined

  let loading: Promise<EmbeddedWalletProvider> | undefined
  const load = (): Promise<EmbeddedWalletProvider> => {
    loading ??= getProvider().catch((error: unknown) => {
      // A frame that failed to load is tried again by the next request.
      loading = undefined
      throw error
    })
    return loading
  }
  /** One call to the frame; its failure as a ProviderRpcError. */
  const frame = async <T>(call: (wallet: EmbeddedWalletProvider) => Promise<T>): Promise<T> => {
    try {
      return await call(await load())
    } catch (error) {
      throw frameError(error)
    }
  }

  /** A chain id the frame answered, checked to be one of the context's networks. */
  const knownChain = (value: unknown, request: string): number => {
    const id =
      typeof value === 'string' && value.startsWith('eip155:')
        ? parseChainId(value.slice(7))
        : parseChainId(value)
    if (!known(id))
      throw malformed(
        `${request} with chain id ${shown(value)}, which is not one of the kit's eip155 networks`,
      )
    return id
  }

  const setChain = (next: number) => {
    if (next === chainId) return
    chainId = next
    emit('chainChanged', toHexChainId(next))
  }
  /**
   * A change of the held account is an event; the first account is not: the request that read it answers it, and
   * the event would make wagmi's injected connector read the accounts again (two more frame requests per connect).
   */
  const setAddress = (next: Address | undefined) => {
    if (next?.toLowerCase() === address?.toLowerCase()) return
    const held = address !== undefined
    address = next
    if (held) emit('accountsChanged', next ? [next] : [])
  }

  /** The logged-in account, read silently on the preferred chain (the frame moves there) or the current one. */
  const readAccount = async (): Promise<Address> => {
    const info: unknown = await frame((wallet) => wallet.getUser({ chainId: preferred ?? chainId }))
    const record = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {}
    const read = record.address
    if (typeof read !== 'string' || !ADDRESS.test(read))
      throw malformed(`GET_USER with ${shown(read)}, which is not an address`)
    const next = knownChain(record.chainId, 'GET_USER')
    preferred = undefined
    setChain(next)
    setAddress(read as Address)
    return read as Address
  }

  const switchChain = async (params: unknown): Promise<null> => {
    const asked = parseChainId(firstParam(params)?.chainId)
    if (Number.isNaN(asked))
      throw new ProviderRpcError(
        RpcErrorCode.InvalidParams,
        'wallet_switchEthereumChain needs [{ chainId }] in hex.',
      )
    if (!known(asked))
      throw new ProviderRpcError(
        RpcErrorCode.SwitchChainError,
        `Unrecognized chain ID ${toHexChainId(asked)}: the embedded wallet serves only the kit's networks.`,
      )
    const answer: unknown = await frame((wallet) => wallet.switchNetwork({ chainId: asked }))
    const next = knownChain((answer as { chainId?: unknown } | null)?.chainId, 'SWITCH_NETWORK')
    setChain(next)
    // wagmi waits for the asked chain: a frame that went elsewhere must fail the switch, not leave it pending.
    if (next !== asked) throw malformed(`SWITCH_NETWORK to ${toHexChainId(asked)} with ${toHexChainId(next)}`)
    return null
  }

  const addChain = (params: unknown): null => {
    const asked = parseChainId(firstParam(params)?.chainId)
    if (Number.isNaN(asked))
      throw new ProviderRpcError(
        RpcErrorCode.InvalidParams,
        'wallet_addEthereumChain needs [{ chainId }] in hex.',
      )
    // The frame knows the kit's networks already; it cannot take others.
    if (!known(asked))
      throw new ProviderRpcError(
        RpcErrorCode.SwitchChainError,
        `The embedded wallet cannot add chain ${toHexChainId(asked)}: it serves only the kit's networks.`,
      )
    return null
  }

  /** `[]` when the frame holds no session or cannot be asked: a read of accounts never fails (EIP-1193). */
  const accounts = async (): Promise<Address[]> => {
    try {
      const { isConnected } = await frame((wallet) => wallet.isConnected())
      if (isConnected !== true) {
        setAddress(undefined)
        return []
      }
      return [await readAccount()]
    } catch {
      return []
    }
  }

  const provider: EmbeddedEip1193Provider = {
    isEmbeddedWallet: true,

    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          return [await readAccount()]
        case 'eth_accounts':
          return accounts()
        case 'eth_chainId':
          return toHexChainId(chainId)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        case 'wallet_addEthereumChain':
          return addChain(params)
      }
      if (UNSUPPORTED_HERE.has(method))
        throw new ProviderRpcError(
          RpcErrorCode.UnsupportedMethod,
          `The embedded wallet does not support ${method}.`,
        )
      const network = `eip155:${chainId}` as CaipNetworkId
      return frame((wallet) =>
        wallet.request(
          params === undefined ? { method, chainId: network } : { method, params, chainId: network },
        ),
      )
    },

    preferChain(next) {
      if (next !== undefined && !known(next))
        throw new LatchkeyError(Messages.unsupportedChain, {
          code: 'UNSUPPORTED_CHAIN',
          details: `eip155:${next} is not among the embedded wallet's networks`,
        })
      preferred = next
    },

    async disconnect() {
      try {
        await frame((wallet) => wallet.signOut())
      } finally {
        address = undefined
        preferred = undefined
        emit('disconnect', new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet signed out.'))
      }
    },

    on(event, listener) {
      events.on(event, listener)
      return provider
    },

    removeListener(event, listener) {
      events.removeListener(event, listener)
      return provider
    },
  }
  return provider
}
