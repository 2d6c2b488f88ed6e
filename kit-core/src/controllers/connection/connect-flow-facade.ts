import type { WalletListing } from '../../services/types.js'
import type { ConnectorEntry } from '../listing/listing-types.js'
import type { ConnectFlow, ConnectFlowDeps, ConnectOutcome } from './connect-flow.js'
import type { WalletLink } from './connection-types.js'

/** The kit's connect flow as a host calls it: every verb waits for the flow's code, loaded on first use. */
export interface ConnectFlowController {
  /** Loads the flow's code ahead of a click (the modal asks when it opens); never rejects. */
  preload(): Promise<void>
  connectEntry(entry: ConnectorEntry): Promise<ConnectOutcome>
  connectWalletConnect(options?: { wallet?: WalletListing; fresh?: boolean }): Promise<ConnectOutcome>
  refreshWalletConnect(wallet?: WalletListing): Promise<ConnectOutcome>
  walletBrowserUrl(wallet: Pick<WalletListing, 'id'>): Promise<string | undefined>
  connectListedWallet(wallet: WalletListing): Promise<ConnectOutcome>
  openWalletLink(link: WalletLink): void
}

/**
 * The connect flow (`connect-flow.ts`), its code in a chunk of its own: a page that only shows the button never
 * loads it, and the modal loads it as it opens, before the visitor can pick a wallet. A failed load is tried again
 * on the next call.
 */
export function createConnectFlowFacade(deps: ConnectFlowDeps): ConnectFlowController {
  let flow: ConnectFlow | undefined
  let loading: Promise<ConnectFlow> | undefined
  const load = (): Promise<ConnectFlow> => {
    loading ??= import('./connect-flow.js').then(
      ({ createConnectFlow }) => {
        flow = createConnectFlow(deps)
        return flow
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    preload: () =>
      load().then(
        () => undefined,
        (error: unknown) => deps.logger.warn('The connect flow did not load', error),
      ),
    connectEntry: async (entry) => (await load()).connectEntry(entry),
    connectWalletConnect: async (options) => (await load()).connectWalletConnect(options),
    refreshWalletConnect: async (wallet) => (await load()).refreshWalletConnect(wallet),
    walletBrowserUrl: async (wallet) => (await load()).walletBrowserUrl(wallet),
    connectListedWallet: async (wallet) => (await load()).connectListedWallet(wallet),
    // In the click's own task once loaded (the modal loaded it on open), so the browser treats it as the visitor's.
    openWalletLink: (link) => {
      if (flow) flow.openWalletLink(link)
      else void load().then((loaded) => loaded.openWalletLink(link), deps.logger.warn)
    },
  }
}
