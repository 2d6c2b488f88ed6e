import type { ChainNamespace, ConnectedWalletInfo, KitAccount } from '@latchkey/core'
import { useKit } from '../components/provider.js'
import { useStore } from './use-store.js'

/** The account of a namespace (default the active one): address, CAIP address, status, all accounts. */
export function useLatchkeyAccount(options?: { namespace?: ChainNamespace }): KitAccount {
  return useStore(useKit().stores.account(options?.namespace))
}

/** The connected wallet's name and icon (hostile text: render it as text), or undefined. */
export function useWalletInfo(): { walletInfo: ConnectedWalletInfo | undefined } {
  return { walletInfo: useStore(useKit().stores.walletInfo) }
}

/**
 * The connected wallet's provider of a namespace (for eip155 the EIP-1193 provider), undefined while nothing
 * is connected there. `T` is the provider type the host expects.
 */
export function useLatchkeyProvider<T = unknown>(
  namespace: ChainNamespace,
): { walletProvider: T | undefined } {
  return { walletProvider: useStore(useKit().stores.walletProvider(namespace)) as T | undefined }
}
