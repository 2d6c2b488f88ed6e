import { afterEach, describe, expect, test, vi } from 'vitest'
import { afterFirstPaint } from './idle.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('afterFirstPaint', () => {
  test('without a window (Node, SSR) it resolves at once', async () => {
    await expect(afterFirstPaint(undefined)).resolves.toBeUndefined()
  })

  test('on a page it waits for requestIdleCallback, giving it a 1 s timeout', async () => {
    let run: (() => void) | undefined
    const page = {
      requestIdleCallback: vi.fn((callback: () => void) => {
        run = callback
        return 1
      }),
    } as unknown as Window
    let done = false
    const waiting = afterFirstPaint(page).then(() => {
      done = true
    })
    await Promise.resolve()
    expect(done).toBe(false)
    expect(vi.mocked(page.requestIdleCallback).mock.calls[0]?.[1]).toEqual({ timeout: 1_000 })
    run?.()
    await waiting
    expect(done).toBe(true)
  })

  test('a page without requestIdleCallback (Safari) waits for the next task', async () => {
    vi.useFakeTimers()
    let done = false
    const waiting = afterFirstPaint(new EventTarget() as unknown as Window).then(() => {
      done = true
    })
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    await waiting
    expect(done).toBe(true)
  })
})
