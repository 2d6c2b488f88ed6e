import { type CreateConnectorFn, createConnector, injected } from '@wagmi/core'
import type { LeashedProvider } from './leash.js'

/** The wallet behind one Latchkey connector: its id (rdns, 'injected' or the host's id) and its provider. */
export interface WalletTarget {
  id: string
  name: string
  icon?: string | undefined
  wallet: LeashedProvider
}

/**
 * wagmi's own injected connector for a wallet the adapter found (EIP-6963, `window.ethereum`, the host's
 * custom wallets), with the provider handed over directly. `injected({ target })` alone looks for `window`
 * before it returns its provider, so it finds nothing during SSR or with a discovery target that is not a
 * window; everything else (connect with `wallet_requestPermissions`, the disconnect shim, switching chain with
 * the 4902 -> `wallet_addEthereumChain` fallback, the wallet's events) is wagmi's code, unchanged.
 */
export function walletConnector(target: WalletTarget): CreateConnectorFn {
  const provider = target.wallet.provider
  const base = injected({
    target: { id: target.id, name: target.name, icon: target.icon, provider: provider as never },
  })
  return createConnector((config) => ({
    ...base(config),
    async getProvider() {
      return provider as never
    },
  }))
}
