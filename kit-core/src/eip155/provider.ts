import {
  LatchkeyError,
  Messages,
  normalizeProviderError,
  ProviderRpcError,
  RpcErrorCode,
} from '../errors/index.js'
import type { CaipNetwork } from '../networks/define.js'
import { toHexChainId } from './chain-id.js'

/**
 * The least an EIP-1193 provider offers: `request`, and usually `on` / `removeListener` for its events.
 * Wallets are hostile input; nothing here trusts more than this shape.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  // biome-ignore lint/suspicious/noExplicitAny: listeners of EIP-1193 events take event-specific arguments
  on?(event: string, listener: (...args: any[]) => void): unknown
  // biome-ignore lint/suspicious/noExplicitAny: as above
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True for an object with a callable `request`: the least a value must have to be treated as a wallet. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/**
 * Sends one request to a wallet; whatever it throws comes out as a ProviderRpcError with a code of the
 * table (a rejection is 4001 whatever the wallet said).
 */
export async function requestWallet<T>(
  provider: Eip1193Provider,
  method: string,
  params?: unknown,
): Promise<T> {
  try {
    return (await provider.request(params === undefined ? { method } : { method, params })) as T
  } catch (error) {
    throw normalizeProviderError(error)
  }
}

/** The `wallet_addEthereumChain` parameter of EIP-3085 for a network. */
export function addEthereumChainParameter(network: CaipNetwork, rpcUrls: readonly string[]) {
  return {
    chainId: toHexChainId(network.id),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...rpcUrls],
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  }
}

/**
 * Asks the wallet to move to `network` (EIP-3326); when the wallet does not know the chain (4902) asks it to
 * add the chain (EIP-3085) and then to switch, as MetaMask expects. A rejection at either step is 4001.
 */
export async function switchEthereumChain(
  provider: Eip1193Provider,
  network: CaipNetwork,
  rpcUrls: readonly string[],
): Promise<void> {
  const chainId = toHexChainId(network.id)
  try {
    await requestWallet(provider, 'wallet_switchEthereumChain', [{ chainId }])
  } catch (error) {
    if ((error as { code?: number }).code !== RpcErrorCode.SwitchChainError) throw error
    await requestWallet(provider, 'wallet_addEthereumChain', [addEthereumChainParameter(network, rpcUrls)])
    await requestWallet(provider, 'wallet_switchEthereumChain', [{ chainId }])
  }
}

/**
 * The account that acts among a connection's accounts (active first): `address` when the wallet holds it,
 * else the active one. @throws LatchkeyError NOT_CONNECTED without accounts; ProviderRpcError 4100 for an
 * address the wallet does not hold.
 */
export function signerAmong(addresses: readonly `0x${string}`[], address?: string): `0x${string}` {
  const active = addresses[0]
  if (!active) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
  if (address === undefined) return active
  const held = addresses.find((item) => item.toLowerCase() === address.toLowerCase())
  if (!held) throw new ProviderRpcError(RpcErrorCode.Unauthorized, `The wallet does not hold ${address}.`)
  return held
}
