// The EIP-1193 provider object a site talks to: `request` plus the event methods over the wallet's emitter.

import type { Emitter, Listener } from './emitter.js'
import type { TestWalletProvider } from './types.js'

export function createProvider(
  request: (args: unknown) => Promise<unknown>,
  emitter: Emitter,
): TestWalletProvider {
  // `on` / `addListener` and `removeListener` / `off` are aliases, as in Node's EventEmitter.
  const on = (event: string, listener: Listener) => {
    emitter.on(event, listener)
    return provider
  }
  const off = (event: string, listener: Listener) => {
    emitter.off(event, listener)
    return provider
  }
  const provider = {
    isLatchkeyTestWallet: true as const,
    request,
    on,
    addListener: on,
    once(event: string, listener: Listener) {
      emitter.once(event, listener)
      return provider
    },
    removeListener: off,
    off,
    removeAllListeners(event?: string) {
      emitter.removeAll(event)
      return provider
    },
    listenerCount(event: string) {
      return emitter.count(event)
    },
  }
  return provider as unknown as TestWalletProvider
}
