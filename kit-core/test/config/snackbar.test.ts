import { describe, expect, test, vi } from 'vitest'
import {
  createSnackbarController,
  SNACKBAR_AUTO_CLOSE_MS,
  SNACKBAR_REOPEN_DELAY_MS,
} from '../../src/controllers/config/index.js'
import { useFakeTimersPerTest } from '../support/fake-timers.js'

useFakeTimersPerTest()

describe('snackbar', () => {
  test('[§4.33] when open, closes and reopens with the new message after 150 ms', () => {
    expect(SNACKBAR_REOPEN_DELAY_MS).toBe(150)
    const snackbar = createSnackbarController()
    snackbar.showLoading('Authenticating...')
    expect(snackbar.state.get()).toMatchObject({
      open: true,
      message: 'Authenticating...',
      variant: 'loading',
    })

    snackbar.showSuccess('Signed in')
    expect(snackbar.state.get()).toMatchObject({ open: false, message: 'Authenticating...' })
    vi.advanceTimersByTime(149)
    expect(snackbar.state.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snackbar.state.get()).toMatchObject({ open: true, message: 'Signed in', variant: 'success' })
  })

  test('[§4.33] a closed snackbar opens at once; the last message wins when several arrive', () => {
    const snackbar = createSnackbarController()
    snackbar.showError(new Error('Signature declined'))
    expect(snackbar.state.get()).toMatchObject({
      open: true,
      message: 'Signature declined',
      variant: 'error',
    })
    snackbar.showSuccess('first')
    snackbar.showSuccess('second')
    vi.advanceTimersByTime(SNACKBAR_REOPEN_DELAY_MS)
    expect(snackbar.state.get()).toMatchObject({ open: true, message: 'second' })
  })

  test('success and error close themselves after 2.2 s; loading stays', () => {
    expect(SNACKBAR_AUTO_CLOSE_MS).toBe(2200)
    const snackbar = createSnackbarController()
    snackbar.showSuccess('Copied')
    expect(snackbar.state.get().autoClose).toBe(true)
    vi.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 1)
    expect(snackbar.state.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(snackbar.state.get().open).toBe(false)

    snackbar.showLoading('Authenticating...')
    expect(snackbar.state.get().autoClose).toBe(false)
    vi.advanceTimersByTime(60_000)
    expect(snackbar.state.get().open).toBe(true)
    snackbar.hide()
    expect(snackbar.state.get().open).toBe(false)
  })

  test('an auto-close timer of a replaced message does not close the new one early', () => {
    const snackbar = createSnackbarController()
    snackbar.showSuccess('one')
    vi.advanceTimersByTime(2000)
    snackbar.show('two', { variant: 'error' })
    vi.advanceTimersByTime(SNACKBAR_REOPEN_DELAY_MS + 300)
    expect(snackbar.state.get()).toMatchObject({ open: true, message: 'two' })
    vi.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS)
    expect(snackbar.state.get().open).toBe(false)
  })

  test('carries an svg icon, and hide drops a message waiting to reopen', () => {
    const snackbar = createSnackbarController()
    snackbar.showSvg('Link copied', { icon: 'copy', iconColor: 'accent-100' })
    expect(snackbar.state.get().svg).toEqual({ icon: 'copy', iconColor: 'accent-100' })
    snackbar.showSuccess('next')
    snackbar.hide()
    vi.advanceTimersByTime(1000)
    expect(snackbar.state.get()).toMatchObject({ open: false, message: 'Link copied' })
    snackbar.dispose()
  })
})
