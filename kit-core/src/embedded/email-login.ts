/**
 * The email login's steps (SPEC §4 "Email flow actions", §5, §9): an email, then `VERIFY_DEVICE` (the visitor approves
 * this browser from an email) or `VERIFY_OTP` (the code), then connected. Email login may not be triggered again
 * within 30 s of the last time: 'Please try again after {n} seconds', rounded up. A successful login stores the email,
 * marks email login used (the frame is then created at once on the next visit) and clears the last login time.
 * Each step reports its request, success or error (SPEC §4 "Embedded events").
 */
import type { EmbeddedAccountInfo, EmbeddedWalletProvider } from '../adapter/embedded.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import { createStore, type StateStore } from '../kit/store.js'

/** SPEC §9: the email-login cooldown. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** Where the login's facts are kept (the kit's storage keys). */
const EMAIL_LOGIN_KEYS = {
  email: StorageKeys.email,
  used: StorageKeys.emailLoginUsed,
  lastLoginTime: StorageKeys.lastEmailLoginTime,
} as const

export type EmailLoginStep = 'idle' | 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'connected'

export interface EmailLoginState {
  step: EmailLoginStep
  /** The address being logged in, then the account's. */
  email?: string
  loading: boolean
  /** The last step's error message, cleared by the next step. */
  error?: string
  /** The connected account, once the login succeeded. */
  account?: EmbeddedAccountInfo
}

/** The embedded events of the login (SPEC §4): each step's request, success or error. */
export interface EmailLoginEvent {
  event: 'CONNECT_EMAIL' | 'CONNECT_DEVICE' | 'CONNECT_OTP' | 'GET_USER'
  phase: 'request' | 'success' | 'error'
  message?: string
}

export interface EmailLoginDeps {
  provider: EmbeddedWalletProvider
  storage: {
    getString(key: string): Promise<string | undefined>
    setString(key: string, value: string): Promise<void>
    remove(key: string): Promise<void>
  }
  /** The chain the account is read on after the code. */
  chainId?: () => number | string | undefined
  onEvent?(event: EmailLoginEvent): void
  now?: () => number
}

export interface EmailLogin {
  readonly state: StateStore<EmailLoginState>
  /** Sends the code (or the device approval) to `email`. @throws the cooldown's message, or the frame's error. */
  connectEmail(email: string): Promise<'VERIFY_DEVICE' | 'VERIFY_OTP'>
  /** Waits until the visitor approved this browser from the email; the code follows. */
  connectDevice(): Promise<void>
  /** Logs in with the code and reads the account. */
  connectOtp(otp: string): Promise<EmbeddedAccountInfo>
  /** Seconds before email login may be triggered again (0: now), rounded up. */
  cooldownSeconds(): Promise<number>
  /** Back to the start (the login cache is the disconnect's to clear). */
  reset(): void
}

/** SPEC §5's message for a login triggered within the cooldown. */
export const cooldownMessage = (seconds: number) => `Please try again after ${seconds} seconds`

export function createEmailLogin(deps: EmailLoginDeps): EmailLogin {
  const now = deps.now ?? Date.now
  const state = createStore<EmailLoginState>({ step: 'idle', loading: false })

  /** Runs one step with its events, loading and error in the state. */
  const step = async <T>(event: EmailLoginEvent['event'], run: () => Promise<T>): Promise<T> => {
    deps.onEvent?.({ event, phase: 'request' })
    state.patch({ loading: true, error: undefined })
    try {
      const result = await run()
      deps.onEvent?.({ event, phase: 'success' })
      return result
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      deps.onEvent?.({ event, phase: 'error', message })
      state.patch({ error: message })
      throw error
    } finally {
      state.patch({ loading: false })
    }
  }

  const cooldownSeconds = async () => {
    const last = Number(await deps.storage.getString(EMAIL_LOGIN_KEYS.lastLoginTime))
    if (!Number.isFinite(last) || last <= 0) return 0
    const left = last + EMAIL_LOGIN_COOLDOWN_MS - now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  return {
    state,
    cooldownSeconds,
    async connectEmail(email) {
      const wait = await cooldownSeconds()
      if (wait > 0) {
        const message = cooldownMessage(wait)
        state.patch({ error: message })
        throw new Error(message)
      }
      const { action } = await step('CONNECT_EMAIL', () => deps.provider.connectEmail({ email }))
      await deps.storage.setString(EMAIL_LOGIN_KEYS.lastLoginTime, String(now()))
      const next = action === 'VERIFY_DEVICE' ? 'VERIFY_DEVICE' : 'VERIFY_OTP'
      state.patch({ step: next, email })
      return next
    },
    async connectDevice() {
      await step('CONNECT_DEVICE', () => deps.provider.connectDevice())
      state.patch({ step: 'VERIFY_OTP' })
    },
    async connectOtp(otp) {
      await step('CONNECT_OTP', () => deps.provider.connectOtp({ otp }))
      const chainId = deps.chainId?.()
      const account = await step('GET_USER', () =>
        deps.provider.getUser(chainId === undefined ? {} : { chainId }),
      )
      const email = account.email ?? state.get().email
      if (email) await deps.storage.setString(EMAIL_LOGIN_KEYS.email, email)
      await deps.storage.setString(EMAIL_LOGIN_KEYS.used, 'true')
      await deps.storage.remove(EMAIL_LOGIN_KEYS.lastLoginTime)
      state.patch({ step: 'connected', account, ...(email ? { email } : {}) })
      return account
    },
    reset() {
      state.set({ step: 'idle', loading: false })
    },
  }
}
