/** EIP-6963 provider info: how a wallet introduces itself to a page. */
export interface EIP6963ProviderInfo {
  /** A v4 UUID, unique per wallet instance (per page session). */
  readonly uuid: string
  /** Human-readable wallet name. */
  readonly name: string
  /** A data: URI of the wallet icon (at least 96x96). */
  readonly icon: string
  /** Reverse-DNS identifier of the wallet, stable across sessions. */
  readonly rdns: string
}

/** Something with `addEventListener` / `removeEventListener` / `dispatchEvent`, like `window`. */
export interface EventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
  dispatchEvent(event: Event): boolean
}

/** Whether a value can be used as an EventTarget (has the three methods). */
export function isEventTargetLike(value: unknown): value is EventTargetLike {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const target = value as Partial<EventTargetLike>
  return (
    typeof target.addEventListener === 'function' &&
    typeof target.removeEventListener === 'function' &&
    typeof target.dispatchEvent === 'function'
  )
}

/** Builds an event carrying `detail`: a CustomEvent where the runtime has one, else an Event with `detail`. */
function createDetailEvent(type: string, detail: unknown): Event {
  if (typeof CustomEvent === 'function') return new CustomEvent(type, { detail })
  const event = new Event(type)
  Object.defineProperty(event, 'detail', { value: detail, enumerable: true })
  return event
}

/**
 * Announces a provider per EIP-6963: dispatches `eip6963:announceProvider` (detail `{ info, provider }`, frozen)
 * on `target` now and again on every `eip6963:requestProvider`. Returns a function that stops answering.
 */
export function announceProvider(
  target: EventTargetLike,
  info: EIP6963ProviderInfo,
  provider: unknown,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => {
    target.dispatchEvent(createDetailEvent('eip6963:announceProvider', detail))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
