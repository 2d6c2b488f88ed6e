import type { WalletListing } from '@latchkey/core'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'

/** True when the kit connects over WalletConnect (the host left `enableWalletConnect` on and an adapter offers it). */
export function hasWalletConnect(kit: UiKit): boolean {
  return kit.controllers.connectors.state.get().connectors.some((entry) => entry.type === 'WALLET_CONNECT')
}

/**
 * A listed wallet that no connector on this page reaches: on a phone, Phantom (and Solflare, Coinbase Wallet on
 * Solana) open this page in their own browser (core's connect flow decides and sends the visitor there); every other
 * wallet connects over WalletConnect, by QR code on a desktop and by its deep link on a phone (ConnectingWalletConnect).
 */
export async function connectListedWallet(kit: UiKit, wallet: WalletListing): Promise<void> {
  const { connectFlow } = kit.controllers
  if (await connectFlow.walletBrowserUrl(wallet)) {
    await connectFlow.connectListedWallet(wallet)
    return
  }
  await uiOf(kit).connectWalletConnect(wallet)
}
