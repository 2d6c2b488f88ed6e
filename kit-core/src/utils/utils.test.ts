import { describe, expect, test, vi } from 'vitest'
import { createMemoryStorage, prefixStorage, readJson } from '../adapter/storage.js'
import { createEmitter } from './emitter.js'
import { formatUnits, parseUnits, Units } from './units.js'

describe('units', () => {
  test('[§9.24] gwei has 9 decimals and wei 18', () => {
    expect(Units).toEqual({ gwei: 9, wei: 18 })
  })

  test.each([
    ['1', 18, 10n ** 18n],
    ['1.5', 6, 1_500_000n],
    ['.5', 1, 5n],
    ['0.000001', 6, 1n],
    ['-2.25', 2, -225n],
    ['1.23456', 4, 12346n],
    ['1.23454', 4, 12345n],
    ['12', 0, 12n],
  ])('parseUnits(%j, %d) = %s', (text, decimals, expected) => {
    expect(parseUnits(text, decimals)).toBe(expected)
  })

  test.each(['', '.', 'abc', '1e18', '1,5', '--1'])('parseUnits rejects %j', (text) => {
    expect(() => parseUnits(text, 18)).toThrowError(expect.objectContaining({ code: 'INVALID_PARAMS' }))
  })

  test.each([
    [10n ** 18n, 18, '1'],
    [1_500_000n, 6, '1.5'],
    [1n, 6, '0.000001'],
    [-225n, 2, '-2.25'],
    [0n, 9, '0'],
    [12n, 0, '12'],
  ])('formatUnits(%s, %d) = %j', (value, decimals, expected) => {
    expect(formatUnits(value, decimals)).toBe(expected)
  })

  test('rejects impossible decimals', () => {
    expect(() => formatUnits(1n, -1)).toThrow('Invalid decimals')
    expect(() => parseUnits('1', 1.5)).toThrow('Invalid decimals')
  })
})

describe('emitter', () => {
  test('delivers to each listener, unsubscribes, and survives a throwing listener', () => {
    const onError = vi.fn()
    const emitter = createEmitter<{ ping: number }>(onError)
    const seen: number[] = []
    emitter.on('ping', () => {
      throw new Error('listener bug')
    })
    const stop = emitter.on('ping', (n) => seen.push(n))
    emitter.emit('ping', 1)
    stop()
    emitter.emit('ping', 2)
    expect(seen).toEqual([1])
    expect(onError).toHaveBeenCalledTimes(2)
    expect(emitter.listenerCount('ping')).toBe(1)
    emitter.clear()
    expect(emitter.listenerCount('ping')).toBe(0)
  })
})

describe('storage', () => {
  test('prefixes keys so kits and adapters do not collide', async () => {
    const base = createMemoryStorage()
    const a = prefixStorage(base, 'latchkey:eip155')
    const b = prefixStorage(base, 'other:eip155')
    await a.setItem('connection', '1')
    await b.setItem('connection', '2')
    expect(base.keys().sort()).toEqual(['latchkey:eip155:connection', 'other:eip155:connection'])
    expect(await a.getItem('connection')).toBe('1')
    await a.removeItem('connection')
    expect(await a.getItem('connection')).toBeNull()
    expect(await b.getItem('connection')).toBe('2')
  })

  test('readJson reads undefined for missing, malformed and failing stores', async () => {
    const storage = createMemoryStorage({ good: '{"a":1}', bad: '{nope' })
    expect(await readJson(storage, 'good')).toEqual({ a: 1 })
    expect(await readJson(storage, 'bad')).toBeUndefined()
    expect(await readJson(storage, 'missing')).toBeUndefined()
    const failing = { ...storage, getItem: () => Promise.reject(new Error('quota')) }
    expect(await readJson(failing, 'good')).toBeUndefined()
  })
})
