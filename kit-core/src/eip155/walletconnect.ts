// The kit's shared WalletConnect session seen as an EIP-1193 provider, so the EVM adapters drive a phone wallet
// with the same code as a browser wallet: accounts come from the session (adopted without a prompt when the kit
// already holds one), `eth_chainId` is the session's active chain, a chain switch asks the wallet over the relay,
// and every other request goes to the wallet on the active chain.
import type { AdapterContext } from '../adapter/adapter.js'
import type { WalletConnectConnection } from '../adapter/walletconnect-connection.js'
import { LatchkeyError, ProviderRpcError, RpcErrorCode } from '../errors/index.js'
import { createEmitter } from '../utils/emitter.js'
import { type Eip1193Provider, parseChainId, toHexChainId } from './provider.js'

/** An EIP-1193 provider over the WalletConnect session, with the session's own end. */
export interface WalletConnectEip1193Provider extends Eip1193Provider {
  readonly isWalletConnect: true
  /** Ends the session on both sides (gives up on the relay after 3 s). */
  disconnect(): Promise<void>
  /** Stops following the session (the adapter is being destroyed); the session itself stays. */
  destroy(): void
  on(event: string, listener: (...args: unknown[]) => void): this
  removeListener(event: string, listener: (...args: unknown[]) => void): this
}

type Listener = (...args: unknown[]) => void

/** A wallet request's first parameter object, e.g. `[{ chainId }]`. */
function firstParam(params: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined
}

/**
 * An EIP-1193 provider over the kit's WalletConnect provider for the eip155 namespace. `eth_requestAccounts`
 * adopts the session (or proposes one for the context's networks), `eth_accounts` restores without a prompt,
 * `wallet_switchEthereumChain` asks the wallet and moves the session's default chain. Events: `accountsChanged`,
 * `chainChanged` (hex), `disconnect` (4900) when the session ends from the wallet's side.
 */
export function walletConnectEip1193Provider(context: AdapterContext): WalletConnectEip1193Provider {
  const getProvider = context.getWalletConnectProvider
  if (!getProvider)
    throw new LatchkeyError('WalletConnect is not enabled (enableWalletConnect)', { code: 'INVALID_PARAMS' })
  const listeners = createEmitter<Record<string, unknown[]>>()
  const subscriptions = new Map<string, Map<Listener, () => void>>()
  // The session's code loads with the first request: a page whose visitor never picks WalletConnect never loads it.
  let loading: Promise<WalletConnectConnection> | undefined
  let loaded: WalletConnectConnection | undefined
  let destroyed = false
  const load = (): Promise<WalletConnectConnection> => {
    loading ??= import('../adapter/walletconnect-connection.js').then(
      ({ WalletConnectConnection }) => {
        loaded ??= new WalletConnectConnection({
          namespace: 'eip155',
          networks: () => context.networks,
          getProvider,
          customRpcUrls: () => context.options.customRpcUrls,
          networkSwitch: 'wallet',
          on: {
            accountsChanged: () => listeners.emit('accountsChanged', [addresses(loaded)]),
            networkChanged: (network) => listeners.emit('chainChanged', [toHexChainId(network.id)]),
            disconnected: () =>
              listeners.emit('disconnect', [
                new ProviderRpcError(RpcErrorCode.Disconnected, 'The wallet ended the session.'),
              ]),
          },
        })
        if (destroyed) loaded.destroy()
        return loaded
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const addresses = (connection: WalletConnectConnection | undefined) =>
    (connection?.accounts() ?? []).map((account) => account.address)
  const restored = async (connection: WalletConnectConnection) =>
    connection.connected || (await connection.restore()) !== null

  const provider: WalletConnectEip1193Provider = {
    isWalletConnect: true,

    async request({ method, params }) {
      const connection = await load()
      switch (method) {
        case 'eth_requestAccounts':
          if (!(await restored(connection))) await connection.connect()
          return addresses(connection)
        case 'eth_accounts':
          return (await restored(connection)) ? addresses(connection) : []
        case 'eth_chainId': {
          const network = (await restored(connection)) ? connection.network() : undefined
          if (!network) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'No WalletConnect session.')
          return toHexChainId(network.id)
        }
        case 'wallet_switchEthereumChain': {
          const chainId = parseChainId(firstParam(params)?.chainId)
          const network = context.networks.find((n) => Number(n.id) === chainId)
          if (!network)
            throw new ProviderRpcError(RpcErrorCode.SwitchChainError, `Unrecognized chain ID ${chainId}.`)
          await connection.switchNetwork(network, async ({ provider: wc, from }) => {
            await wc.request({ method, params }, from.caipNetworkId)
          })
          return null
        }
        default:
          return connection.request(method, params)
      }
    },

    on(event, listener) {
      const ofEvent = subscriptions.get(event) ?? new Map<Listener, () => void>()
      subscriptions.set(event, ofEvent)
      if (!ofEvent.has(listener))
        ofEvent.set(
          listener,
          listeners.on(event, (payload) => listener(...payload)),
        )
      return provider
    },

    removeListener(event, listener) {
      subscriptions.get(event)?.get(listener)?.()
      subscriptions.get(event)?.delete(listener)
      return provider
    },

    disconnect: async () => (await load()).disconnect(),

    destroy() {
      destroyed = true
      loaded?.destroy()
    },
  }
  return provider
}
