import type { WalletConnectProvider } from '../adapter/walletconnect.js'

/**
 * The shared WalletConnect provider, loaded once on first use; its errors of a known kind become alerts, once per
 * kind (SPEC §8). A load that failed is tried again on the next use.
 */
export function walletConnectLoader(
  load: (() => Promise<WalletConnectProvider>) | undefined,
  onError: (error: unknown) => void,
): (() => Promise<WalletConnectProvider>) | undefined {
  if (!load) return undefined
  let walletConnect: Promise<WalletConnectProvider> | undefined
  return () => {
    walletConnect ??= load().then(
      (provider) => {
        provider.on('error', ({ error }) => onError(error))
        return provider
      },
      (error: unknown) => {
        walletConnect = undefined
        throw error
      },
    )
    return walletConnect
  }
}
