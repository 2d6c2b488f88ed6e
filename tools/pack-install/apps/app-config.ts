// What the test page sets before an app runs (`window.appConfig`), and the kit's networks made from it. Copied
// into each app's folder with the app's entry, so it resolves @latchkey/core from the app's own install.
import { type CaipNetwork, defineNetwork } from '@latchkey/core'

/**
 * The local chains of the stack and whether the host leaves WalletConnect on (the kit's default), with the stack's
 * relay: the apps have no project id, and without one (or a relay of their own) the kit offers no WalletConnect.
 */
export interface AppConfig {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  walletConnect: boolean
  relayUrl: string
}

declare global {
  interface Window {
    appConfig: AppConfig
  }
}

/** The kit's eip155 networks: the stack's chains. */
export function appNetworks(config: AppConfig): CaipNetwork[] {
  return config.chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
}

/** The app's own line under the button: the connected address, or 'disconnected'. */
export const ACCOUNT_TEST_ID = 'app-account'

/** The app's metadata for the kit (the page's origin as its URL). */
export function appMetadata() {
  return {
    name: 'Latchkey pack-install app',
    description: 'A host app installed from the packed packages',
    url: location.origin,
    icons: [],
  }
}
