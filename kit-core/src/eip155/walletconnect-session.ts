// The request side of the EIP-1193 provider over the kit's WalletConnect session (walletconnect.ts): loaded with the
// provider's first request, with the session connection it drives.
import type { AdapterContext } from '../adapter/adapter.js'
import type { WalletConnectProvider } from '../adapter/walletconnect.js'
import { WalletConnectConnection } from '../adapter/walletconnect-connection.js'
import { ProviderRpcError, RpcErrorCode } from '../errors/index.js'
import { parseChainId, toHexChainId } from './chain-id.js'

/** A wallet request's first parameter object, e.g. `[{ chainId }]`. */
function firstParam(params: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined
}

/** The eip155 side of the session and how it answers EIP-1193 requests; `emit` sends the provider's events. */
export function walletConnectEip1193Session(
  context: AdapterContext,
  getProvider: () => Promise<WalletConnectProvider>,
  emit: (event: string, args: unknown[]) => void,
) {
  const addresses = () => connection.accounts().map((account) => account.address)
  const connection: WalletConnectConnection = new WalletConnectConnection({
    namespace: 'eip155',
    networks: () => context.networks,
    getProvider,
    customRpcUrls: () => context.options.customRpcUrls,
    networkSwitch: 'wallet',
    on: {
      accountsChanged: () => emit('accountsChanged', [addresses()]),
      networkChanged: (network) => emit('chainChanged', [toHexChainId(network.id)]),
      disconnected: () =>
        emit('disconnect', [
          new ProviderRpcError(RpcErrorCode.Disconnected, 'The wallet ended the session.'),
        ]),
    },
  })
  const restored = async () => connection.connected || (await connection.restore()) !== null

  return {
    connection,
    async request(method: string, params: unknown): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
          if (!(await restored())) await connection.connect()
          return addresses()
        case 'eth_accounts':
          return (await restored()) ? addresses() : []
        case 'eth_chainId': {
          const network = (await restored()) ? connection.network() : undefined
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
  }
}
