// The embedded wallet's EIP-1193 requests (a chunk of their own: `embedded.ts` loads it with the first request that
// needs the frame, so an app that never uses email login does not carry it in its first chunk). The frame is hostile
// input like any wallet: its addresses and chain ids are checked before they are used.
import type { EmbeddedWalletProvider } from '../adapter/embedded.js'
import type { CaipNetworkId } from '../caip/caip.js'
import { Messages, ProviderRpcError, RpcErrorCode, UserRejectedRequestError } from '../errors/index.js'
import { parseChainId, toHexChainId } from './chain-id.js'

/** What the provider's first-chunk side holds and the requests read and change. */
export interface EmbeddedEvmState {
  chainId: number
  preferred: number | undefined
  address: `0x${string}` | undefined
  known(chainId: number): boolean
  getProvider(): Promise<EmbeddedWalletProvider>
  emit(event: string, ...args: unknown[]): void
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

/** The requests of {@link embeddedEip1193Provider} that need the frame, over the provider's `state`. */
export function embeddedRequests(state: EmbeddedEvmState) {
  const { known, emit } = state
  let loading: Promise<EmbeddedWalletProvider> | undefined
  const load = (): Promise<EmbeddedWalletProvider> => {
    loading ??= state.getProvider().catch((error: unknown) => {
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
    if (next === state.chainId) return
    state.chainId = next
    emit('chainChanged', toHexChainId(next))
  }
  /**
   * A change of the held account is an event; the first account is not: the request that read it answers it, and
   * the event would make wagmi's injected connector read the accounts again (two more frame requests per connect).
   */
  const setAddress = (next: Address | undefined) => {
    if (next?.toLowerCase() === state.address?.toLowerCase()) return
    const held = state.address !== undefined
    state.address = next
    if (held) emit('accountsChanged', next ? [next] : [])
  }

  /** The logged-in account, read silently on the preferred chain (the frame moves there) or the current one. */
  const readAccount = async (): Promise<Address> => {
    const info: unknown = await frame((wallet) =>
      wallet.getUser({ chainId: state.preferred ?? state.chainId }),
    )
    const record = typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {}
    const read = record.address
    if (typeof read !== 'string' || !ADDRESS.test(read))
      throw malformed(`GET_USER with ${shown(read)}, which is not an address`)
    const next = knownChain(record.chainId, 'GET_USER')
    state.preferred = undefined
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

  return {
    async request(method: string, params: unknown): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
          return [await readAccount()]
        case 'eth_accounts':
          return accounts()
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
      const network = `eip155:${state.chainId}` as CaipNetworkId
      return frame((wallet) =>
        wallet.request(
          params === undefined ? { method, chainId: network } : { method, params, chainId: network },
        ),
      )
    },
    async disconnect(): Promise<void> {
      try {
        await frame((wallet) => wallet.signOut())
      } finally {
        state.address = undefined
        state.preferred = undefined
        emit('disconnect', new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet signed out.'))
      }
    },
  }
}
