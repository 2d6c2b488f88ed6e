/**
 * A service client whose code loads on its first request: `load` once, shared by the requests made while it
 * loads; a failed load is not kept, so the next request loads again.
 */
export function lazyClient<T>(load: () => Promise<T>): () => Promise<T> {
  let client: Promise<T> | undefined
  return () => {
    client ??= load().catch((error: unknown) => {
      client = undefined
      throw error
    })
    return client
  }
}
