import { describe, expect, test, vi } from 'vitest'
import { lazyClient } from './lazy-client.js'

describe('lazyClient', () => {
  test('loads once, shared by the requests made while it loads', async () => {
    const load = vi.fn(async () => ({ id: 1 }))
    const get = lazyClient(load)
    const [a, b] = await Promise.all([get(), get()])
    expect(a).toBe(b)
    await get()
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('a failed load is not kept: the next request loads again', async () => {
    const load = vi
      .fn<() => Promise<{ id: number }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ id: 2 })
    const get = lazyClient(load)
    await expect(get()).rejects.toThrow('chunk failed')
    await expect(get()).resolves.toEqual({ id: 2 })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
