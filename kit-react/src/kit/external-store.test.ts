import { describe, expect, it } from 'vitest'
import { createExternalStore } from './external-store.js'

/** A controller-like source: an immutable state replaced on change, and a getter building a new object. */
function source() {
  let state = { address: 'a', other: 0 }
  const listeners = new Set<() => void>()
  return {
    set(next: Partial<typeof state>) {
      state = { ...state, ...next }
      for (const l of listeners) l()
    },
    store: createExternalStore({
      subscribe: (onChange) => {
        listeners.add(onChange)
        return () => listeners.delete(onChange)
      },
      versions: () => [state],
      read: () => ({ address: state.address }),
    }),
  }
}

describe('createExternalStore', () => {
  it('answers the same snapshot until the state changes', () => {
    const { store } = source()
    expect(store.getSnapshot()).toBe(store.getSnapshot())
  })

  it('keeps the snapshot when the state changed but the value did not', () => {
    const { store, set } = source()
    const before = store.getSnapshot()
    set({ other: 1 })
    expect(store.getSnapshot()).toBe(before)
  })

  it('answers a new snapshot when the value changed, and notifies', () => {
    const { store, set } = source()
    let calls = 0
    const stop = store.subscribe(() => calls++)
    const before = store.getSnapshot()
    set({ address: 'b' })
    expect(store.getSnapshot()).not.toBe(before)
    expect(store.getSnapshot()).toEqual({ address: 'b' })
    expect(calls).toBe(1)
    stop()
    set({ address: 'c' })
    expect(calls).toBe(1)
  })

  it('keeps the starting value as the server snapshot, or the one given', () => {
    const { store, set } = source()
    set({ address: 'b' })
    expect(store.getServerSnapshot()).toEqual({ address: 'a' })
    const given = createExternalStore({
      subscribe: () => () => undefined,
      versions: () => [],
      read: () => 1,
      server: undefined,
    })
    expect(given.getServerSnapshot()).toBeUndefined()
    expect(given.getSnapshot()).toBe(1)
  })

  it('compares with the given equality (identity for live objects)', () => {
    let provider = { request: () => undefined }
    let version = 0
    const store = createExternalStore<unknown>({
      subscribe: () => () => undefined,
      versions: () => [version],
      read: () => provider,
      equal: Object.is,
    })
    const before = store.getSnapshot()
    provider = { request: () => undefined }
    version++
    expect(store.getSnapshot()).not.toBe(before)
  })
})
