import * as Messages from '../../../errors/messages.js'
import { createStore, type StateStore } from '../../../kit/store.js'

export type SnackbarVariant = 'success' | 'error' | 'loading'

/** An icon the snackbar shows instead of its variant's (an icon name of the UI, and its colour). */
export interface SnackbarSvg {
  icon: string
  iconColor: string
}

/** SPEC §3 "Snackbar". */
export interface SnackbarState {
  message: string
  variant: SnackbarVariant
  svg: SnackbarSvg | undefined
  open: boolean
  autoClose: boolean
}

export interface SnackbarShowOptions {
  variant?: SnackbarVariant
  svg?: SnackbarSvg
  /** Default: true for success and error, false for loading (a loading message stays until replaced). */
  autoClose?: boolean
}

/** When a snackbar is already open, a new message waits this long after closing it (SPEC §4, §9). */
export const SNACKBAR_REOPEN_DELAY_MS = 150
/**
 * How long an auto-closing snackbar stays open. Not in the spec: 2.2 s reads a short message comfortably
 * and is gone before the user's next action.
 */
export const SNACKBAR_AUTO_CLOSE_MS = 2200

const INITIAL: SnackbarState = {
  message: '',
  variant: 'success',
  svg: undefined,
  open: false,
  autoClose: true,
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error
  if (error instanceof Error) return error.message
  return Messages.somethingWentWrong
}

/**
 * The snackbar (SPEC §4.33): one message at a time. Showing a message while one is open closes it and
 * opens the new one after {@link SNACKBAR_REOPEN_DELAY_MS}; success and error messages close themselves
 * after {@link SNACKBAR_AUTO_CLOSE_MS}.
 */
export function createSnackbarController() {
  const state: StateStore<SnackbarState> = createStore(INITIAL)
  let reopenTimer: ReturnType<typeof setTimeout> | undefined
  let closeTimer: ReturnType<typeof setTimeout> | undefined

  function clearTimers(): void {
    clearTimeout(reopenTimer)
    clearTimeout(closeTimer)
    reopenTimer = undefined
    closeTimer = undefined
  }

  function open(message: string, options: SnackbarShowOptions): void {
    const variant = options.variant ?? 'success'
    const autoClose = options.autoClose ?? variant !== 'loading'
    state.set({ message, variant, svg: options.svg, open: true, autoClose })
    if (autoClose) closeTimer = setTimeout(hide, SNACKBAR_AUTO_CLOSE_MS)
  }

  function show(message: string, options: SnackbarShowOptions = {}): void {
    const wasOpen = state.get().open
    clearTimers()
    if (!wasOpen) {
      open(message, options)
      return
    }
    state.patch({ open: false })
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined
      open(message, options)
    }, SNACKBAR_REOPEN_DELAY_MS)
  }

  /** Closes the snackbar (and drops a message waiting to reopen). */
  function hide(): void {
    clearTimers()
    state.patch({ open: false })
  }

  return {
    state,
    /** Shows `message` with the given variant, icon and auto-close. */
    show,
    hide,
    showSuccess: (message: string) => show(message, { variant: 'success' }),
    /** Shows an error: a string, or an Error's message. */
    showError: (error: unknown) => show(messageOf(error), { variant: 'error' }),
    showLoading: (message: string, options: { autoClose?: boolean } = {}) =>
      show(message, { variant: 'loading', ...options }),
    showSvg: (message: string, svg: SnackbarSvg) => show(message, { variant: 'success', svg }),
    /** Cancels pending timers (the kit is going away). */
    dispose: clearTimers,
  }
}

/** What {@link createSnackbarController} returns. */
export type SnackbarController = ReturnType<typeof createSnackbarController>
