import { createEmitter } from '../utils/emitter.js'

type Listener = (...args: unknown[]) => void

/**
 * The events side of an EIP-1193 provider of the kit's own (WalletConnect's, the embedded wallet's): `on` and
 * `removeListener` with the listener as the caller gave it (added once per event however often it is passed), and
 * `emit` with the event's arguments.
 */
export function providerEvents() {
  const listeners = createEmitter<Record<string, unknown[]>>()
  const subscriptions = new Map<string, Map<Listener, () => void>>()
  return {
    emit: (event: string, ...args: unknown[]) => listeners.emit(event, args),
    on(event: string, listener: Listener): void {
      const ofEvent = subscriptions.get(event) ?? new Map<Listener, () => void>()
      subscriptions.set(event, ofEvent)
      if (!ofEvent.has(listener))
        ofEvent.set(
          listener,
          listeners.on(event, (payload) => listener(...payload)),
        )
    },
    removeListener(event: string, listener: Listener): void {
      subscriptions.get(event)?.get(listener)?.()
      subscriptions.get(event)?.delete(listener)
    },
  }
}
