import { describe, expect, it } from 'vitest'
import { createStore } from './store.js'

describe('createStore', () => {
  it('keeps a frozen snapshot; a patch replaces the listed fields; a patch that changes nothing tells no one', () => {
    const store = createStore({ a: 1, b: 'x' })
    const seen: unknown[] = []
    store.subscribe((state) => seen.push(state))
    const first = store.get()
    expect(Object.isFrozen(first)).toBe(true)
    store.patch({ a: 1 })
    expect(store.get()).toBe(first)
    store.patch({ a: 2 })
    expect(store.get()).toEqual({ a: 2, b: 'x' })
    store.set({ a: 3, b: 'y' })
    expect(seen).toEqual([
      { a: 2, b: 'x' },
      { a: 3, b: 'y' },
    ])
  })

  it('a subscriber is not told of the snapshot it subscribed at, and stops being told once unsubscribed', () => {
    const store = createStore({ n: 0 })
    const seen: number[] = []
    const stop = store.subscribe((state) => seen.push(state.n))
    store.patch({ n: 1 })
    stop()
    store.patch({ n: 2 })
    expect(seen).toEqual([1])
  })

  it('a change made while subscribers are told reaches everyone after that round, newest last, never stale', () => {
    const store = createStore({ n: 0 })
    const first: number[] = []
    const second: number[] = []
    store.subscribe((state) => {
      first.push(state.n)
      if (state.n === 1) store.patch({ n: 2 })
    })
    store.subscribe((state) => second.push(state.n))
    store.patch({ n: 1 })
    expect(first).toEqual([1, 2])
    // The second subscriber's turn came after the change: it gets the latest snapshot once, never 1 after 2.
    expect(second).toEqual([2])
    expect(store.get().n).toBe(2)
  })

  it('a subscriber that throws does not stop the others; the error is rethrown once all were told', () => {
    const store = createStore({ n: 0 })
    const seen: number[] = []
    store.subscribe(() => {
      throw new Error('boom')
    })
    store.subscribe((state) => seen.push(state.n))
    expect(() => store.patch({ n: 1 })).toThrow('boom')
    expect(seen).toEqual([1])
    expect(store.get().n).toBe(1)
  })

  it('a subscriber that changes the state every time it is told is reported as a cycle', () => {
    const store = createStore({ n: 0 })
    store.subscribe((state) => store.patch({ n: state.n + 1 }))
    expect(() => store.patch({ n: 1 })).toThrow('Cycle detected')
  })

  it('a subscriber added or removed while others are told is handled in the same round', () => {
    const store = createStore({ n: 0 })
    const late: number[] = []
    let stopOther: () => void = () => undefined
    store.subscribe(() => {
      stopOther()
      store.subscribe((state) => late.push(state.n))
    })
    const other: number[] = []
    stopOther = store.subscribe((state) => other.push(state.n))
    store.patch({ n: 1 })
    expect(other).toEqual([])
    expect(late).toEqual([])
  })
})
