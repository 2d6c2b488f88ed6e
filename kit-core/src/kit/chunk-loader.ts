/** What a chunk loader hands out: the thing its chunk creates, loaded once. */
export interface ChunkLoader<T> {
  /** The thing once loaded, else undefined. */
  current(): T | undefined
  /** Loads it (once; a failed load is tried again on the next call). */
  load(): Promise<T>
  /** Disposes of it (when loaded) and of anything a load under way creates. */
  dispose(): void
}

/**
 * Loads a chunk of the kit's own once and creates its thing: `importer` imports the chunk (a dynamic import, so the
 * bundler splits it) and answers how to create the thing. A failed import is tried again on the next `load`.
 */
export function createChunkLoader<T extends { dispose(): void }>(
  importer: () => Promise<() => T>,
): ChunkLoader<T> {
  let made: T | undefined
  let loading: Promise<T> | undefined
  let disposed = false
  const load = (): Promise<T> => {
    loading ??= importer().then(
      (create) => {
        if (!made && !disposed) made = create()
        if (!made) throw new Error('The kit was destroyed')
        return made
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    current: () => made,
    load,
    dispose() {
      disposed = true
      made?.dispose()
    },
  }
}
