import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'

/**
 * The reactive store every controller keeps its state in: @preact/signals-core (tiny, framework-free,
 * `computed` and `batch`). Each controller holds ONE signal of an immutable state object and replaces it on
 * change, so a subscriber (the UI, React's useSyncExternalStore) always gets a consistent snapshot.
 */
export { batch, computed, effect, type ReadonlySignal }

/** A controller's state: read it, subscribe to it, and (inside the controller) patch it. */
export interface StateStore<S extends object> {
  /** The current snapshot. */
  get(): S
  /** The signal itself, for `computed` and the UI. */
  readonly signal: ReadonlySignal<S>
  /** Replaces the listed fields, keeping the others; a patch that changes nothing notifies no one. */
  patch(changes: Partial<S>): void
  /** Replaces the whole state. */
  set(next: S): void
  /** Calls `listener` with each new snapshot (not the current one); returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void
}

/** Creates a {@link StateStore} holding `initial`. */
export function createStore<S extends object>(initial: S): StateStore<S> {
  const state = signal<S>(Object.freeze({ ...initial }))
  return {
    get: () => state.peek(),
    signal: state,
    patch(changes) {
      const current = state.peek()
      const keys = Object.keys(changes) as (keyof S)[]
      if (keys.every((key) => Object.is(current[key], changes[key]))) return
      state.value = Object.freeze({ ...current, ...changes })
    },
    set(next) {
      state.value = Object.freeze({ ...next })
    },
    subscribe(listener) {
      let first = true
      return effect(() => {
        const value = state.value
        if (first) {
          first = false
          return
        }
        listener(value)
      })
    },
  }
}
