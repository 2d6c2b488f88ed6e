// The adapter's wallet operations through wagmi's actions: connecting and switching network. They are in the page's
// code (a chunk loaded on the click made connecting slower); signing is in writes.ts, loaded with the first signature.
import {
  type Config,
  type Connector,
  connect as wagmiConnect,
  switchChain as wagmiSwitchChain,
} from '@wagmi/core'
import { viaWallet } from './errors.js'
import { dropConnection } from './wagmi-state.js'

type AddEthereumChainParameter = NonNullable<
  Parameters<typeof wagmiSwitchChain>[1]['addEthereumChainParameter']
>

/**
 * Connects through `connector` (unless it is the current connection already), then asks the wallet for `chainId`
 * when it is elsewhere, then ends the connection it replaces (`previous`, the config's current one before).
 * @throws ProviderRpcError from the wallet when the connection is refused; a refused switch leaves the wallet where
 *   it is, connected.
 */
export async function connectThrough(
  config: Config,
  connector: Connector,
  chainId: number,
  addEthereumChainParameter: () => AddEthereumChainParameter,
  previous: string | null,
): Promise<void> {
  if (previous !== connector.uid || config.state.status !== 'connected') {
    await viaWallet(() => wagmiConnect(config, { connector }))
  }
  if (config.state.connections.get(connector.uid)?.chainId !== chainId) {
    // The user approved the connection but maybe not the network: stay connected where the wallet is.
    await wagmiSwitchChain(config, {
      connector,
      chainId,
      addEthereumChainParameter: addEthereumChainParameter(),
    }).catch(() => undefined)
  }
  const other =
    previous !== null && previous !== connector.uid ? config.state.connections.get(previous) : undefined
  if (other) await dropConnection(config, other.connector)
}

/** wagmi's `switchChain` on the current connection. @throws ProviderRpcError 4001 when the user rejects. */
export function switchThrough(
  config: Config,
  chainId: number,
  addEthereumChainParameter: AddEthereumChainParameter,
): Promise<unknown> {
  return viaWallet(() => wagmiSwitchChain(config, { chainId, addEthereumChainParameter }))
}
