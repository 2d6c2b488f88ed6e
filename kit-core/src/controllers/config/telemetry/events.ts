import type { AccountType } from '../../../adapter/accounts.js'
import type { CaipNetworkId, ChainNamespace } from '../../../caip/caip.js'

/**
 * The events the kit tracks (SPEC §8 telemetry; the host's `subscribeEvents`). Each has a fixed name and
 * typed properties; controllers report theirs through the events controller's `track`.
 */
export type KitEvent =
  | { event: 'MODAL_OPEN'; properties: { connected: boolean } }
  | { event: 'MODAL_CLOSE'; properties: { connected: boolean } }
  | { event: 'MODAL_LOADED' }
  | { event: 'CONNECT_SUCCESS'; properties: { method: 'browser' | 'mobile' | 'qrcode'; name: string } }
  | { event: 'CONNECT_ERROR'; properties: { message: string } }
  | { event: 'DISCONNECT_SUCCESS'; properties: { namespace?: ChainNamespace } }
  | { event: 'DISCONNECT_ERROR'; properties: { message: string } }
  | {
      event: 'SELECT_WALLET'
      properties: { name: string; platform: 'mobile' | 'desktop' | 'browser' | 'web' | 'qrcode' }
    }
  | { event: 'CLICK_ALL_WALLETS' }
  | { event: 'CLICK_NETWORKS' }
  | { event: 'SWITCH_NETWORK'; properties: { network: CaipNetworkId } }
  | { event: 'SIWX_AUTH_SUCCESS'; properties: { network: CaipNetworkId; isSmartAccount: boolean } }
  | { event: 'SIWX_AUTH_ERROR'; properties: { network?: CaipNetworkId; message?: string } }
  | { event: 'CLICK_SIGN_SIWX_MESSAGE'; properties: { network: CaipNetworkId; isSmartAccount: boolean } }
  | { event: 'CLICK_CANCEL_SIWX'; properties: { network: CaipNetworkId; isSmartAccount: boolean } }
  | { event: 'SET_PREFERRED_ACCOUNT_TYPE'; properties: { accountType: AccountType; network: CaipNetworkId } }
  | {
      event: 'OPEN_SEND' | 'OPEN_SWAP' | 'OPEN_ONRAMP' | 'OPEN_ACTIVITY'
      properties?: { network?: CaipNetworkId }
    }
  | {
      /** SPEC §4 "Embedded events": a request to the embedded wallet, then its success or error. */
      event: 'EMBEDDED_WALLET'
      properties: { request: EmbeddedEventRequest; phase: 'request' | 'success' | 'error'; message?: string }
    }

/** The embedded wallet's requests that report events (SPEC §4 "Embedded events"). */
export type EmbeddedEventRequest =
  | 'CONNECT_EMAIL'
  | 'CONNECT_DEVICE'
  | 'CONNECT_OTP'
  | 'CONNECT_SOCIAL'
  | 'CONNECT_FARCASTER'
  | 'SIGN_OUT'
  | 'GET_USER'
  | 'SWITCH_NETWORK'
  | 'UPDATE_EMAIL'
  | 'UPDATE_EMAIL_PRIMARY_OTP'
  | 'UPDATE_EMAIL_SECONDARY_OTP'
  | 'SYNC_THEME'
  | 'SYNC_DAPP_DATA'
  | 'INIT_SMART_ACCOUNT'
  | 'SET_PREFERRED_ACCOUNT'

export type KitEventName = KitEvent['event']

/** What a subscriber gets: the event and when it happened (ms since the epoch). */
export interface TrackedEvent {
  timestamp: number
  data: KitEvent
}

/** Error reports sent to the service per sliding minute, at most (SPEC §8.8). */
export const ERROR_REPORTS_PER_MINUTE = 5
export const ERROR_REPORT_WINDOW_MS = 60_000
