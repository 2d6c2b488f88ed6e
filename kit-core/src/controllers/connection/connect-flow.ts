import type { ChainNamespace } from '../../caip/caip.js'
import type { KitEnvironment } from '../../kit/environment.js'
import type { WalletListing } from '../../services/types.js'
import type { SiwxController } from '../../siwx/siwx-controller.js'
import type { KitLogger } from '../config/telemetry/logger.js'
import type { ConnectorEntry } from '../listing/listing-types.js'
import { entryMembers } from '../listing/merge-connectors.js'
import { inAppBrowserUrl, walletDeepLink } from '../listing/mobile-redirect.js'
import type { ModalController } from '../navigation/modal-controller.js'
import type { ChainController } from './chain-controller.js'
import type { ConnectionController } from './connection-controller.js'
import type { WalletLink } from './connection-types.js'

export interface ConnectFlowDeps {
  env: Pick<KitEnvironment, 'isMobile' | 'window'>
  connection: Pick<
    ConnectionController,
    'state' | 'connect' | 'connectWalletConnect' | 'resetWcConnection' | 'setRecentWallet' | 'setWcLinking'
  >
  chain: Pick<ChainController, 'state' | 'getAccount'>
  modal: Pick<ModalController, 'close'>
  siwx: Pick<SiwxController, 'isEnabled' | 'hasSession'>
  logger: Pick<KitLogger, 'warn'>
}

/**
 * How a connection attempt ended: `connected`, or `superseded` when a newer attempt of the same kind started
 * meanwhile (its outcome is the one that counts), or `redirected` when a phone visitor was sent to the wallet's
 * own browser (the page reopens there).
 */
export type ConnectOutcome = 'connected' | 'superseded' | 'redirected'

export type ConnectFlow = ReturnType<typeof createConnectFlow>

/**
 * What happens when a visitor picks a wallet, the same for the modal and for a headless host: a wallet on several
 * namespaces connects each in turn; a phone visitor is sent to the wallet's app or in-app browser; a declined
 * WalletConnect pairing is replaced by a fresh one; and the modal closes once connected, unless sign-in follows.
 * Each verb throws what the wallet answered when the (first) connection fails; the state is left as it was.
 */
export function createConnectFlow(deps: ConnectFlowDeps) {
  const { connection, chain, modal, siwx, logger, env } = deps
  let entryAttempt = 0
  let wcAttempt = 0

  /** Opens a link in place of the page (a wallet's app or browser); a host page without a window ignores it. */
  function navigate(href: string): void {
    env.window?.open(href, '_self', 'noreferrer noopener')
  }

  /**
   * On a phone, opens the listed wallet's app with each new pairing URI once (the visitor chose the wallet
   * already), recording the link as the connection's deep link. Returns the function that stops it.
   */
  function openAppOnPairing(wallet: WalletListing): () => void {
    const mobileLink = wallet.mobile_link
    if (!env.isMobile || !mobileLink) return () => undefined
    let opened: string | undefined
    const follow = (uri: string | undefined) => {
      if (!uri || uri === opened || connection.state.get().wcError) return
      opened = uri
      const href = walletDeepLink(mobileLink, uri)
      if (href) flow.openWalletLink({ name: wallet.name || wallet.id, href })
    }
    follow(connection.state.get().wcUri)
    return connection.state.subscribe((state) => follow(state.wcUri))
  }

  /** Closes the modal after a connection, unless sign-in still has to ask (its controller opens SIWXSignMessage). */
  async function closeUnlessSignIn(): Promise<void> {
    if (!siwx.isEnabled() || (await siwx.hasSession())) await modal.close()
  }

  const flow = {
    /**
     * Connects a Connect-view entry: a merged multi-chain entry connects its first member, then each other
     * namespace in turn (one the visitor declines, or that fails, leaves the others connected; it is logged). Then
     * the modal closes, unless sign-in follows.
     * @throws the first member's failure (a rejection is ProviderRpcError 4001).
     */
    async connectEntry(entry: ConnectorEntry): Promise<ConnectOutcome> {
      const attempt = ++entryAttempt
      const [first, ...others] = entryMembers(entry)
      if (!first) return 'superseded'
      await connection.connect({ connectorId: first.id, namespace: first.chain })
      for (const member of others) {
        try {
          await connection.connect({ connectorId: member.id, namespace: member.chain })
        } catch (error) {
          logger.warn(`${member.chain} of ${member.name} not connected`, error)
        }
      }
      if (attempt !== entryAttempt) return 'superseded'
      // With sign-in on, the SIWX controller takes the modal to SIWXSignMessage itself.
      if (!siwx.isEnabled()) await modal.close()
      return 'connected'
    },

    /**
     * Connects over WalletConnect, for a listed wallet or for any wallet that scans the QR code: a pairing whose
     * proposal was declined or failed is dropped and a new one made, an unexpired one reused (`fresh` forces a new
     * one); on a phone a listed wallet's app opens with the pairing URI. Once connected the modal closes, unless
     * sign-in still has to ask.
     * @throws the proposal's failure (a decline is a user rejection).
     */
    async connectWalletConnect(
      options: { wallet?: WalletListing; fresh?: boolean } = {},
    ): Promise<ConnectOutcome> {
      const { wallet, fresh = false } = options
      const attempt = ++wcAttempt
      if (connection.state.get().wcError) await connection.resetWcConnection()
      connection.setRecentWallet(
        wallet
          ? { id: wallet.id, name: wallet.name, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) }
          : undefined,
      )
      const stop = wallet ? openAppOnPairing(wallet) : () => undefined
      try {
        await connection.connectWalletConnect({ fresh })
      } finally {
        stop()
      }
      if (attempt !== wcAttempt) return 'superseded'
      // On Telegram and iOS Safari the attempt settles without throwing; connected or not is the account's status.
      if (chain.getAccount()?.status !== 'connected') return 'superseded'
      await closeUnlessSignIn()
      return 'connected'
    },

    /** A new pairing for a WalletConnect attempt (after a decline or failure, or one about to expire). */
    async refreshWalletConnect(wallet?: WalletListing): Promise<ConnectOutcome> {
      await connection.resetWcConnection()
      return flow.connectWalletConnect({ ...(wallet ? { wallet } : {}), fresh: true })
    },

    /**
     * Where a phone visitor who picked a listed wallet is sent instead of connecting here (SPEC §2): Phantom, and
     * Solflare and Coinbase Wallet on Solana, reopen this page in their own browser. Undefined on a desktop, for
     * any other wallet, or without a page URL.
     */
    walletBrowserUrl(wallet: Pick<WalletListing, 'id'>): string | undefined {
      const pageUrl = env.window?.location?.href
      if (!env.isMobile || !pageUrl) return undefined
      const namespace: ChainNamespace | undefined = chain.state.get().activeNamespace
      return inAppBrowserUrl({ wallet, namespace, pageUrl })
    },

    /**
     * A listed wallet that no connector of this page reaches: on a phone, the wallets with a browser of their own
     * reopen the page there (`redirected`); every other wallet connects over WalletConnect (its app opened by its
     * deep link on a phone, the QR code on a desktop).
     */
    async connectListedWallet(wallet: WalletListing): Promise<ConnectOutcome> {
      const browse = flow.walletBrowserUrl(wallet)
      if (browse) {
        navigate(browse)
        return 'redirected'
      }
      return flow.connectWalletConnect({ wallet })
    },

    /** Opens a wallet's app by its link (the visitor asked again), recorded as the connection's deep link. */
    openWalletLink(link: WalletLink): void {
      connection.setWcLinking(link)
      navigate(link.href)
    },
  }
  return flow
}
