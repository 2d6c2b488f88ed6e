import { SolanaSignMessage, SolanaSignTransaction } from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { StandardConnect } from '@wallet-standard/features'

/** The features a Wallet Standard wallet needs to be offered as a Solana connector. */
const REQUIRED_FEATURES = [StandardConnect, SolanaSignMessage, SolanaSignTransaction] as const

/**
 * Whether a registered wallet can serve this adapter: the Wallet Standard connect feature, Solana message
 * and transaction signing, and at least one `solana:` chain. Wallet objects are hostile: any malformed one
 * is refused rather than thrown on.
 */
export function isSolanaWallet(wallet: unknown): wallet is Wallet {
  try {
    const candidate = wallet as Wallet
    if (typeof candidate?.name !== 'string' || candidate.name.trim() === '') return false
    if (typeof candidate.features !== 'object' || candidate.features === null) return false
    if (!REQUIRED_FEATURES.every((feature) => feature in candidate.features)) return false
    return Array.isArray(candidate.chains) && candidate.chains.some((chain) => chain.startsWith('solana:'))
  } catch {
    return false
  }
}

export interface StandardDiscovery {
  /** The Solana wallets registered so far, in registration order. */
  wallets(): Wallet[]
  stop(): void
}

/**
 * Live Wallet Standard discovery on `target`. On the page's window it uses `getWallets()` of
 * @wallet-standard/app (the page's one registry, shared with every other library); on any other EventTarget
 * (tests, embedded hosts) it speaks the same register-wallet / app-ready protocol on that target, so each kit
 * has a registry of its own. `onChange` runs when a wallet registers or unregisters.
 */
export function createStandardDiscovery(target: EventTarget, onChange: () => void): StandardDiscovery {
  const registered = new Set<Wallet>()
  const stops: (() => void)[] = []
  const add = (...wallets: Wallet[]) => {
    const fresh = wallets.filter((wallet) => !registered.has(wallet))
    if (fresh.length === 0) return () => {}
    for (const wallet of fresh) registered.add(wallet)
    onChange()
    return () => {
      for (const wallet of fresh) registered.delete(wallet)
      onChange()
    }
  }
  const isWindow = (globalThis as { window?: unknown }).window === target
  if (isWindow) {
    const shared = getWallets()
    for (const wallet of shared.get()) registered.add(wallet)
    stops.push(shared.on('register', (...wallets) => add(...wallets)))
    stops.push(
      shared.on('unregister', (...wallets) => {
        for (const wallet of wallets) registered.delete(wallet)
        onChange()
      }),
    )
  } else {
    const api = Object.freeze({ register: (...wallets: Wallet[]) => add(...wallets) })
    const onRegister = (event: Event) => {
      const callback = (event as CustomEvent).detail
      if (typeof callback === 'function') {
        try {
          callback(api)
        } catch {
          // A wallet whose registration throws is not offered; the others still are.
        }
      }
    }
    target.addEventListener('wallet-standard:register-wallet', onRegister)
    stops.push(() => target.removeEventListener('wallet-standard:register-wallet', onRegister))
    const ready = new Event('wallet-standard:app-ready')
    Object.defineProperty(ready, 'detail', { value: api })
    target.dispatchEvent(ready)
  }
  return {
    wallets: () => [...registered].filter(isSolanaWallet),
    stop: () => {
      for (const stop of stops.splice(0)) stop()
    },
  }
}
