import type { StateStore } from '@latchkey/core'
import { useLayoutEffect, useReducer } from 'preact/hooks'

/** A controller's current state; the component renders again on each change. */
export function useStore<S extends object>(store: StateStore<S>): S {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const current = store.get()
  useLayoutEffect(() => {
    // A change between render and subscription would otherwise be missed.
    if (store.get() !== current) rerender(undefined)
    return store.subscribe(() => rerender(undefined))
  }, [store])
  return current
}
