/**
 * Where the kit and its adapters keep what must survive a reload. Sync (localStorage) and async
 * (IndexedDB, a server session) stores both fit: every method may return a promise.
 */
export interface KitStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>
  setItem(key: string, value: string): void | Promise<void>
  removeItem(key: string): void | Promise<void>
}

/** A storage that lives in memory: the default in Node and during SSR, and the one tests use. */
export function createMemoryStorage(initial?: Record<string, string>): KitStorage & { keys(): string[] } {
  const map = new Map<string, string>(Object.entries(initial ?? {}))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value))
    },
    removeItem: (key) => {
      map.delete(key)
    },
    keys: () => [...map.keys()],
  }
}

/**
 * A view of `storage` whose keys all start with `prefix` + ':' — how each kit, and each adapter inside a
 * kit, gets a space of its own (`latchkey:eip155:connection`).
 */
export function prefixStorage(storage: KitStorage, prefix: string): KitStorage {
  const key = (name: string) => `${prefix}:${name}`
  return {
    getItem: (name) => storage.getItem(key(name)),
    setItem: (name, value) => storage.setItem(key(name), value),
    removeItem: (name) => storage.removeItem(key(name)),
  }
}

/** Reads and parses a JSON value; a missing, unreadable or malformed value reads as undefined. */
export async function readJson<T>(storage: KitStorage, key: string): Promise<T | undefined> {
  try {
    const raw = await storage.getItem(key)
    return raw == null ? undefined : (JSON.parse(raw) as T)
  } catch {
    return undefined
  }
}
