import type { KitStorage } from '@latchkey/core'

/** A wagmi base storage whose backing store can be swapped once, when the kit hands the adapter its own. */
export interface SwitchableStorage extends KitStorage {
  /** From now on read and write `storage` (the kit's space for this adapter). */
  use(storage: KitStorage): void
}

/**
 * The storage under the wagmi `Config`. The config is created in the adapter's constructor, before the kit
 * exists, so it starts in memory (nothing survives, nothing touches `window`) and moves to the kit's storage
 * in `init`; wagmi's persisted `recentConnectorId` and store then live in the kit's storage space.
 */
export function createSwitchableStorage(): SwitchableStorage {
  const memory = new Map<string, string>()
  let backing: KitStorage | undefined
  return {
    getItem: (key) => (backing ? backing.getItem(key) : (memory.get(key) ?? null)),
    setItem: (key, value) => {
      if (backing) return backing.setItem(key, value)
      memory.set(key, value)
    },
    removeItem: (key) => {
      if (backing) return backing.removeItem(key)
      memory.delete(key)
    },
    use(storage) {
      backing = storage
    },
  }
}
