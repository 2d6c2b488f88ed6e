/**
 * The reactive store every controller keeps its state in. Each controller holds ONE immutable state object and
 * replaces it on change, so a subscriber (the UI, React's useSyncExternalStore) always gets a consistent snapshot.
 *
 * Written here rather than taken from a signals library: controllers need only get, patch, set and subscribe
 * (nothing derives state from several stores), and these forty lines cost a page's first load far less than a
 * signals runtime. Notifications follow a signal's rules: a change made while subscribers are being told is
 * delivered after that round, each subscriber gets the latest snapshot once (never an older one after a newer),
 * and a subscriber that throws does not stop the others (the first error is rethrown once all were told).
 */

/** A controller's state: read it, subscribe to it, and (inside the controller) patch it. */
export interface StateStore<S extends object> {
  /** The current snapshot. */
  get(): S
  /** Replaces the listed fields, keeping the others; a patch that changes nothing notifies no one. */
  patch(changes: Partial<S>): void
  /** Replaces the whole state. */
  set(next: S): void
  /** Calls `listener` with each new snapshot (not the current one); returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void
}

/** Rounds of notification one change may cause before it is taken for a cycle. */
const MAX_ROUNDS = 100

interface Subscriber<S> {
  listener: (state: S) => void
  /** The snapshot this subscriber was last told of (or subscribed at). */
  seen: S
}

/** Creates a {@link StateStore} holding `initial`. */
export function createStore<S extends object>(initial: S): StateStore<S> {
  let current: S = Object.freeze({ ...initial })
  const subscribers = new Set<Subscriber<S>>()
  let notifying = false

  function notify(): void {
    if (notifying) return
    notifying = true
    let failure: { error: unknown } | undefined
    try {
      // A round tells every subscriber that has not seen the current snapshot; a change made during the round
      // leaves someone behind, so another round follows (a subscriber that changes the state every time it is
      // told would go on for ever: that is a bug, reported as one).
      for (let round = 0; [...subscribers].some((s) => s.seen !== current); round++) {
        if (round === MAX_ROUNDS)
          throw new Error('Cycle detected: a store subscriber keeps changing the state')
        for (const subscriber of [...subscribers]) {
          if (!subscribers.has(subscriber) || subscriber.seen === current) continue
          subscriber.seen = current
          try {
            subscriber.listener(current)
          } catch (error) {
            failure ??= { error }
          }
        }
      }
    } finally {
      notifying = false
    }
    if (failure) throw failure.error
  }

  function replace(next: S): void {
    current = Object.freeze({ ...next })
    notify()
  }

  return {
    get: () => current,
    patch(changes) {
      const keys = Object.keys(changes) as (keyof S)[]
      if (keys.every((key) => Object.is(current[key], changes[key]))) return
      replace({ ...current, ...changes })
    },
    set: replace,
    subscribe(listener) {
      const subscriber: Subscriber<S> = { listener, seen: current }
      subscribers.add(subscriber)
      return () => {
        subscribers.delete(subscriber)
      }
    },
  }
}
