import type { ChainNamespace, ConnectedWalletInfo, KitAccount } from '@latchkey/core'
import { useKit } from '../components/provider.js'
import { useStore } from './use-store.js'

/**
 * The account of a namespace (default the active one): its namespace, address, CAIP address, status, all accounts.
 * With a namespace the address has that namespace's type (`0x${string}` for eip155).
 */
export function useLatchkeyAccount<N extends ChainNamespace>(options: { namespace: N }): KitAccount<N>
export function useLatchkeyAccount(options?: { namespace?: ChainNamespace | undefined }): KitAccount
export function useLatchkeyAccount(options?: { namespace?: ChainNamespace | undefined }): KitAccount {
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
