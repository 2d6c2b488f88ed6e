// The embedded wallet (email and social login, in the kit's secure frame) seen as an EIP-1193 provider, so the EVM
// adapters drive it with the code they drive a browser wallet with: the account is read silently from the frame (the
// kit logs the visitor in before any adapter connects), `eth_chainId` is answered here, a chain switch is the frame's
// SWITCH_NETWORK, and every other request is the frame's RPC_REQUEST on the current chain. What needs the frame is a
// chunk of its own (`embedded-requests.ts`), loaded with the first such request.
import type { AdapterContext } from '../adapter/adapter.js'
import { LatchkeyError, Messages } from '../errors/index.js'
import { toHexChainId } from './chain-id.js'
import type { EmbeddedEvmState } from './embedded-requests.js'
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
  const state: EmbeddedEvmState = {
    chainId: first,
    preferred: undefined,
    address: undefined,
    known,
    getProvider,
    emit: events.emit,
  }
  let loading: Promise<ReturnType<typeof import('./embedded-requests.js').embeddedRequests>> | undefined
  const requests = () => {
    loading ??= import('./embedded-requests.js').then(
      (module) => module.embeddedRequests(state),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }

  const provider: EmbeddedEip1193Provider = {
    isEmbeddedWallet: true,

    async request({ method, params }) {
      if (method === 'eth_chainId') return toHexChainId(state.chainId)
      return (await requests()).request(method, params)
    },

    preferChain(next) {
      if (next !== undefined && !known(next))
        throw new LatchkeyError(Messages.unsupportedChain, {
          code: 'UNSUPPORTED_CHAIN',
          details: `eip155:${next} is not among the embedded wallet's networks`,
        })
      state.preferred = next
    },

    disconnect: async () => (await requests()).disconnect(),

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
