/**
 * What React's `useSyncExternalStore` reads: a subscription, a snapshot that keeps its identity until the
 * value really changes, and the snapshot the server rendered.
 */
export interface ExternalStore<T> {
  subscribe(onChange: () => void): () => void
  getSnapshot(): T
  getServerSnapshot(): T
}

/** Equality by value, for the plain data the kit's getters answer (they build a new object on each call). */
function sameValue(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Wraps a getter that builds a new object on each call into a store with stable snapshots: the value is read
 * again only when one of `versions()` (the immutable controller states it derives from) changed, and the
 * previous snapshot is kept when the new one is equal to it, so React neither loops nor re-renders for nothing.
 * The value at creation is the server snapshot: the state a kit starts in, before any restore or connection,
 * which is what a server-side render of the same options shows.
 */
export function createExternalStore<T>(params: {
  subscribe: (onChange: () => void) => () => void
  versions: () => readonly unknown[]
  read: () => T
  equal?: (a: T, b: T) => boolean
  /** The server snapshot when it is not the value at creation. */
  server?: T
}): ExternalStore<T> {
  const { read, versions } = params
  const equal = params.equal ?? sameValue
  let seen = versions()
  let snapshot = read()
  const server = 'server' in params ? (params.server as T) : snapshot
  return {
    subscribe: (onChange) => params.subscribe(onChange),
    getSnapshot() {
      const now = versions()
      if (now.length === seen.length && now.every((v, i) => Object.is(v, seen[i]))) return snapshot
      seen = now
      const next = read()
      if (!equal(next, snapshot)) snapshot = next
      return snapshot
    },
    getServerSnapshot: () => server,
  }
}
