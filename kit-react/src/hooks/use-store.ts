import { useSyncExternalStore } from 'react'
import type { ExternalStore } from '../kit/external-store.js'

/** The current snapshot of one of the kit's stores; the component renders again when it changes. */
export function useStore<T>(store: ExternalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot)
}
