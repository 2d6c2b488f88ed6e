/** Fake timers for every test of the calling file, real ones restored after each. */
import { afterEach, beforeEach, vi } from 'vitest'

/** Call at the top of a test file; with `systemTime`, each test also starts at that date. */
export function useFakeTimersPerTest(systemTime?: Date): void {
  beforeEach(() => {
    vi.useFakeTimers()
    if (systemTime) vi.setSystemTime(systemTime)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
