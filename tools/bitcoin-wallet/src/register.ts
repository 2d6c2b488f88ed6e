// Wallet Standard registration: the register-wallet / app-ready event handshake of @wallet-standard/wallet.
import type { Wallet } from '@wallet-standard/base'
import { registerWallet } from '@wallet-standard/wallet'

type RegisterApi = { register(wallet: Wallet): () => void }

/**
 * Registers `wallet` with apps. Without a target, @wallet-standard/wallet's registerWallet does it on the page's
 * window; with one (a Node EventTarget in tests), the same handshake runs on that target. Returns an undo of the
 * app-ready listener (a no-op for the window path, whose listener the library keeps).
 */
export function registerStandardWallet(wallet: Wallet, target?: EventTarget): () => void {
  if (!target) {
    registerWallet(wallet)
    return () => {}
  }
  const callback = ({ register }: RegisterApi) => register(wallet)
  const onAppReady = (event: Event) => callback((event as CustomEvent<RegisterApi>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => target.removeEventListener('wallet-standard:app-ready', onAppReady)
}
