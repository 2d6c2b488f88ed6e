import { inAppBrowserUrl, type WalletListing } from '@latchkey/core'
import type { UiKit } from '../kit/types.js'

/** True when the kit connects over WalletConnect (the host left `enableWalletConnect` on and an adapter offers it). */
export function hasWalletConnect(kit: UiKit): boolean {
  return kit.controllers.connectors.state.get().connectors.some((entry) => entry.type === 'WALLET_CONNECT')
}

/**
 * A listed wallet that no connector on this page reaches: on a phone, Phantom (and Solflare, Coinbase Wallet on
 * Solana) open this page in their own browser; every other wallet connects over WalletConnect, by QR code on a
 * desktop and by its deep link on a phone (ConnectingWalletConnect).
 */
export function connectListedWallet(kit: UiKit, wallet: WalletListing): void {
  const { env, chain } = kit.controllers
  const pageUrl = env.window?.location.href
  if (env.isMobile && pageUrl) {
    const browse = inAppBrowserUrl({ wallet, namespace: chain.state.get().activeNamespace, pageUrl })
    if (browse) {
      env.window?.open(browse, '_self', 'noreferrer noopener')
      return
    }
  }
  void kit.ui.connectWalletConnect(wallet)
}
