// The kit's own wallets in an EIP-1193 session (session.ts): the shared WalletConnect session and the embedded wallet
// (email login), each one more EIP-1193 provider, made only when the kit hands the adapter its getter. Neither loads
// anything at creation: each provider loads its request code with its first request.
import type { AdapterContext } from '../adapter/adapter.js'
import type { Connector } from '../adapter/connectors.js'
import { embeddedConnector } from '../adapter/embedded.js'
import { walletConnectConnector } from '../adapter/walletconnect.js'
import { type EmbeddedEip1193Provider, embeddedEip1193Provider } from './embedded.js'
import { type Eip1193Provider, requestWallet } from './provider.js'
import { type WalletConnectEip1193Provider, walletConnectEip1193Provider } from './walletconnect.js'

/** The WalletConnect and embedded-wallet providers of a session, with their connectors and session ends. */
export class KitWallets {
  private context: AdapterContext | undefined
  private walletConnect: WalletConnectEip1193Provider | undefined
  private embedded: EmbeddedEip1193Provider | undefined

  init(context: AdapterContext): void {
    this.context = context
    if (context.getWalletConnectProvider) this.walletConnect = walletConnectEip1193Provider(context)
    // The visitor logs in to the embedded wallet through the kit, before any adapter connects.
    if (context.getEmbeddedWalletProvider) this.embedded = embeddedEip1193Provider(context)
  }

  /** Their connectors, the embedded wallet's (ID_AUTH) first. */
  connectors(): Connector[] {
    const list: Connector[] = []
    if (this.embedded) list.push(embeddedConnector('eip155', 'wallet', { provider: this.embedded }))
    if (this.walletConnect)
      list.push(walletConnectConnector('eip155', 'wallet', { provider: this.walletConnect }))
    return list
  }

  /**
   * The answer of `provider` to an accounts request (`eth_requestAccounts`, `eth_accounts`), errors normalised. The
   * embedded wallet reads its logged-in account on `chainId` when the kit serves it (the frame moves there in the
   * same request; never a login).
   */
  async accounts(provider: Eip1193Provider, method: string, chainId?: number): Promise<unknown> {
    const embedded = provider === this.embedded ? this.embedded : undefined
    const served = this.context?.networks.some(
      (network) => network.chainNamespace === 'eip155' && Number(network.id) === chainId,
    )
    if (embedded && served) embedded.preferChain(chainId)
    try {
      return await requestWallet<unknown>(provider, method)
    } finally {
      embedded?.preferChain(undefined)
    }
  }

  /** Ends the wallet's side of a connection that ends: WalletConnect's session, the embedded wallet's sign-in. */
  async endSession(provider: Eip1193Provider): Promise<void> {
    if (provider === this.walletConnect) await this.walletConnect.disconnect()
    if (provider === this.embedded) await this.embedded.disconnect()
  }

  destroy(): void {
    this.walletConnect?.destroy()
  }
}
