import type { WalletAsset, WalletCapabilities } from '../adapter/adapter.js'
import { ProviderRpcError, RpcErrorCode } from '../errors/index.js'
import type { CaipNetwork } from '../networks/define.js'
import { isWalletAsset } from '../validators/wallet-responses.js'
import { toHexChainId } from './chain-id.js'
import { type Eip1193Provider, requestWallet } from './provider.js'

/** EIP-5792 capabilities of an account (keyed by hex chain id); empty when the wallet has no such method. */
export async function requestWalletCapabilities(
  provider: Eip1193Provider,
  address: string,
): Promise<WalletCapabilities> {
  try {
    const result = await requestWallet<unknown>(provider, 'wallet_getCapabilities', [address])
    return typeof result === 'object' && result !== null ? (result as WalletCapabilities) : {}
  } catch (error) {
    const code = (error as { code?: number }).code
    if (code === RpcErrorCode.MethodNotFound || code === RpcErrorCode.UnsupportedMethod) return {}
    throw error
  }
}

/**
 * An account's assets on a network from the wallet (EIP-7811 `wallet_getAssets`), as SPEC §3 "Wallet asset"
 * (EIP-7811's lower-case types read as NATIVE / ERC20). The answer is hostile: it is accepted only when every
 * asset in it is well formed (SPEC §5).
 * @throws ProviderRpcError -32603 for a malformed answer; the wallet's own error otherwise.
 */
export async function requestWalletAssets(
  provider: Eip1193Provider,
  address: string,
  network: CaipNetwork,
): Promise<WalletAsset[]> {
  const chainId = toHexChainId(network.id)
  const result = await requestWallet<unknown>(provider, 'wallet_getAssets', [
    { account: address, chainFilter: [chainId] },
  ])
  const raw =
    typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[chainId] : undefined
  if (raw === undefined) return []
  if (!Array.isArray(raw)) throw malformedAssets()
  const list = raw.map((asset: unknown) =>
    typeof asset === 'object' && asset !== null && typeof (asset as { type?: unknown }).type === 'string'
      ? { ...asset, type: (asset as { type: string }).type.toUpperCase() }
      : asset,
  )
  if (!list.every(isWalletAsset)) throw malformedAssets()
  return list as WalletAsset[]
}

function malformedAssets(): ProviderRpcError {
  return new ProviderRpcError(
    RpcErrorCode.InternalError,
    'The wallet answered wallet_getAssets with a malformed asset.',
  )
}
