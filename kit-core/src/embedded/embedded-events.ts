/**
 * The embedded events (SPEC §4 "Embedded events"): each request to the embedded wallet that the spec names reports its
 * request, then its success or error, through the kit's events (`subscribeEvents`). A successful login or user fetch
 * also stores the email, marks email login used and clears the last login time (SPEC §4 "Secure frame").
 */
import type { EmbeddedAccountInfo, EmbeddedWalletProvider } from '../adapter/embedded.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import type { EmbeddedEventRequest } from '../controllers/config/telemetry/events.js'

/** The provider's methods that report events, and the request name each reports under. */
const REPORTED = {
  connectEmail: 'CONNECT_EMAIL',
  connectDevice: 'CONNECT_DEVICE',
  connectOtp: 'CONNECT_OTP',
  connectSocial: 'CONNECT_SOCIAL',
  connectFarcaster: 'CONNECT_FARCASTER',
  signOut: 'SIGN_OUT',
  getUser: 'GET_USER',
  switchNetwork: 'SWITCH_NETWORK',
  updateEmail: 'UPDATE_EMAIL',
  updateEmailPrimaryOtp: 'UPDATE_EMAIL_PRIMARY_OTP',
  updateEmailSecondaryOtp: 'UPDATE_EMAIL_SECONDARY_OTP',
  syncTheme: 'SYNC_THEME',
  syncDappData: 'SYNC_DAPP_DATA',
  initSmartAccount: 'INIT_SMART_ACCOUNT',
  setPreferredAccount: 'SET_PREFERRED_ACCOUNT',
} as const satisfies Partial<Record<keyof EmbeddedWalletProvider, EmbeddedEventRequest>>

/** The answers that say who is logged in (SPEC §4.23). */
const LOGGED_IN: ReadonlySet<keyof EmbeddedWalletProvider> = new Set([
  'getUser',
  'connectSocial',
  'connectFarcaster',
])

export interface EmbeddedEventsDeps {
  report(request: EmbeddedEventRequest, phase: 'request' | 'success' | 'error', message?: string): void
  storage: {
    setString(key: string, value: string): Promise<void>
    remove(key: string): Promise<void>
  }
  /** Each account answer (user fetch, social or Farcaster login). */
  onAccount?(account: EmbeddedAccountInfo): void
}

/** `provider` with the embedded events reported around the calls SPEC §4 names; the other calls pass through. */
export function withEmbeddedEvents(
  provider: EmbeddedWalletProvider,
  deps: EmbeddedEventsDeps,
): EmbeddedWalletProvider {
  const wrapped: Record<string, unknown> = {}
  for (const key of Object.keys(provider) as (keyof EmbeddedWalletProvider)[]) {
    const call = provider[key] as (...args: unknown[]) => Promise<unknown>
    const request = (REPORTED as Partial<Record<string, EmbeddedEventRequest>>)[key]
    wrapped[key] = async (...args: unknown[]) => {
      if (request) deps.report(request, 'request')
      try {
        const result = await call(...args)
        if (LOGGED_IN.has(key)) await loggedIn(result as EmbeddedAccountInfo, deps)
        if (request) deps.report(request, 'success')
        return result
      } catch (error) {
        if (request) deps.report(request, 'error', error instanceof Error ? error.message : String(error))
        throw error
      }
    }
  }
  return wrapped as unknown as EmbeddedWalletProvider
}

async function loggedIn(account: EmbeddedAccountInfo, deps: EmbeddedEventsDeps): Promise<void> {
  if (account.email) await deps.storage.setString(StorageKeys.email, account.email)
  await deps.storage.setString(StorageKeys.emailLoginUsed, 'true')
  await deps.storage.remove(StorageKeys.lastEmailLoginTime)
  deps.onAccount?.(account)
}
