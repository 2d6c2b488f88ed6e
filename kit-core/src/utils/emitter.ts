/** A typed event emitter: `on` returns the unsubscribe function; a throwing listener does not stop the others. */
export interface Emitter<Events extends object> {
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void
  emit<E extends keyof Events>(event: E, payload: Events[E]): void
  listenerCount(event: keyof Events): number
  clear(): void
}

/** Creates an {@link Emitter}. Listener errors are reported through `onError` (default console.error). */
export function createEmitter<Events extends object>(
  onError: (error: unknown) => void = (error) => console.error(error),
): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      const entry = listener as (payload: never) => void
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (p: typeof payload) => void)(payload)
        } catch (error) {
          onError(error)
        }
      }
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    clear: () => listeners.clear(),
  }
}
