import type { Eip1193Provider } from '@latchkey/core/eip155'

/** A wallet provider handed to wagmi, whose event listeners the adapter can take back in one go. */
export interface LeashedProvider {
  /** What wagmi's connector talks to: forwards requests and listener calls to the wallet's provider. */
  readonly provider: Eip1193Provider & {
    on(event: string, listener: (...args: unknown[]) => void): unknown
    removeListener(event: string, listener: (...args: unknown[]) => void): unknown
  }
  /** Removes every listener registered through it; later registrations are ignored. Idempotent. */
  release(): void
}

/**
 * Wraps a wallet provider so that the listeners wagmi's injected connector puts on it can be removed when
 * the adapter is destroyed (wagmi has no teardown for a connector): a destroyed adapter must not react to
 * the wallet any more, nor write to the storage it shares with the next instance.
 */
export function leash(wallet: Eip1193Provider): LeashedProvider {
  const listeners = new Set<[string, (...args: unknown[]) => void]>()
  let released = false
  return {
    provider: {
      request: (args) => wallet.request(args),
      on(event, listener) {
        if (released) return this
        listeners.add([event, listener])
        wallet.on?.(event, listener)
        return this
      },
      removeListener(event, listener) {
        for (const entry of listeners) {
          if (entry[0] === event && entry[1] === listener) listeners.delete(entry)
        }
        wallet.removeListener?.(event, listener)
        return this
      },
    },
    release() {
      released = true
      for (const [event, listener] of listeners) wallet.removeListener?.(event, listener)
      listeners.clear()
    },
  }
}
