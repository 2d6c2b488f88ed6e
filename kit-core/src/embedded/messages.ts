/**
 * The messages the kit and the secure frame exchange (one postMessage each), as types. Every message's `type` is
 * `@latchkey/embedded/<NAME>`: the kit sends the request `<NAME>` with an `id`; the frame answers with `<NAME>_SUCCESS`
 * or `<NAME>_ERROR` carrying the same `id`. The frame also says that it is ready (`FRAME_READY`, no id) and when a
 * pending request waits for the visitor's approval in its UI (`FRAME_APPROVAL`, the request's id). The kit may abort a
 * pending request (`FRAME_ABORT`, its id, no answer): the frame drops its approval, shown or waiting its turn.
 * A message without data has no `payload` field; one with data has it (an object, even when all its fields are optional).
 */
import type { EmailLoginAction } from '../adapter/embedded.js'

/** The prefix of every message type. */
export const MESSAGE_PREFIX = '@latchkey/embedded/'

/** The frame's unsolicited message that it is up (again after a reload). */
export const FRAME_READY = '@latchkey/embedded/FRAME_READY'

/**
 * The frame's unsolicited message about a pending request that needs the visitor: `required` when its approval UI
 * waits to be shown (the kit makes the frame visible), `done` once the visitor approved or rejected (the kit hides it;
 * the request's own success or error follows). Carries the request's `id`.
 */
export const FRAME_APPROVAL = '@latchkey/embedded/FRAME_APPROVAL'

/**
 * The kit's message that it no longer waits for a pending request (the visitor left its approval, or closed the modal):
 * the frame ends the request's work, an approval shown or queued is dropped as rejected. Carries the request's `id`;
 * nothing answers it (the request's own error event follows and is ignored by the kit, which has settled it).
 */
export const FRAME_ABORT = '@latchkey/embedded/FRAME_ABORT'

/** The 22 requests, in the order of the protocol's table. */
export const REQUEST_NAMES = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'GET_SOCIAL_REDIRECT_URI',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
] as const

export type FrameRequestName = (typeof REQUEST_NAMES)[number]

/** A chain id as the frame speaks it: a number or a string. */
export type FrameChainId = number | string

/** The account types the embedded wallet has. */
export type FrameAccountType = 'eoa' | 'smartAccount'

/** The social logins the frame redirects to (Farcaster has requests of its own). */
export type FrameSocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** What the frame knows of its user. */
export interface FrameAccountInfo {
  email?: string
  address: string
  chainId: FrameChainId
  accounts?: { address: string; type: FrameAccountType }[]
  userName?: string
  preferredAccountType?: FrameAccountType
  smartAccountDeployed?: boolean
}

/** The dApp's metadata shown by the frame. */
export interface FrameDappMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** What each request carries (`undefined`: no payload). */
export interface FrameRequestPayloads {
  SWITCH_NETWORK: { chainId: FrameChainId }
  CONNECT_EMAIL: { email: string }
  CONNECT_DEVICE: undefined
  CONNECT_OTP: { otp: string }
  CONNECT_SOCIAL: { uri: string; preferredAccountType?: FrameAccountType; chainId?: FrameChainId }
  GET_FARCASTER_URI: undefined
  CONNECT_FARCASTER: undefined
  GET_USER: { chainId?: FrameChainId; preferredAccountType?: FrameAccountType }
  GET_SOCIAL_REDIRECT_URI: { provider: FrameSocialProvider }
  SIGN_OUT: undefined
  IS_CONNECTED: { token?: string }
  GET_CHAIN_ID: undefined
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined
  INIT_SMART_ACCOUNT: undefined
  SET_PREFERRED_ACCOUNT: { type: FrameAccountType }
  RPC_REQUEST: { method: string; params?: unknown[] | Record<string, unknown>; chainId?: FrameChainId }
  UPDATE_EMAIL: { email: string }
  UPDATE_EMAIL_PRIMARY_OTP: { otp: string }
  UPDATE_EMAIL_SECONDARY_OTP: { otp: string }
  SYNC_THEME: { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string | number> }
  SYNC_DAPP_DATA: { projectId: string; sdkVersion: string; sdkType?: string; metadata?: FrameDappMetadata }
  RELOAD: undefined
}

/** What each success answers (`undefined`: no payload). */
export interface FrameSuccessPayloads {
  SWITCH_NETWORK: { chainId: FrameChainId }
  CONNECT_EMAIL: { action: EmailLoginAction }
  CONNECT_DEVICE: undefined
  CONNECT_OTP: undefined
  CONNECT_SOCIAL: FrameAccountInfo
  GET_FARCASTER_URI: { url: string }
  CONNECT_FARCASTER: FrameAccountInfo
  GET_USER: FrameAccountInfo
  GET_SOCIAL_REDIRECT_URI: { uri: string }
  SIGN_OUT: undefined
  IS_CONNECTED: { isConnected: boolean }
  GET_CHAIN_ID: { chainId: FrameChainId }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: FrameChainId[] }
  INIT_SMART_ACCOUNT: { address: string; isDeployed: boolean }
  SET_PREFERRED_ACCOUNT: { type: FrameAccountType; address: string }
  RPC_REQUEST: { result: unknown }
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  UPDATE_EMAIL_PRIMARY_OTP: undefined
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: string }
  SYNC_THEME: undefined
  SYNC_DAPP_DATA: undefined
  RELOAD: undefined
}

/** What every error event carries: a message (the kit shows 'An error occurred' without one) and an optional code. */
export interface FrameErrorPayload {
  message?: string
  code?: number
}

type Envelope<T extends string, P> = P extends undefined
  ? { type: T; id: string }
  : { type: T; id: string; payload: P }

/** A request from the kit to the frame, discriminated by `type`. */
export type FrameRequest = {
  [K in FrameRequestName]: Envelope<`${typeof MESSAGE_PREFIX}${K}`, FrameRequestPayloads[K]>
}[FrameRequestName]

/** A success from the frame, discriminated by `type`. */
export type FrameSuccessEvent = {
  [K in FrameRequestName]: Envelope<`${typeof MESSAGE_PREFIX}${K}_SUCCESS`, FrameSuccessPayloads[K]>
}[FrameRequestName]

/** An error from the frame, discriminated by `type`. */
export type FrameErrorEvent = {
  [K in FrameRequestName]: Envelope<`${typeof MESSAGE_PREFIX}${K}_ERROR`, FrameErrorPayload>
}[FrameRequestName]

/** The frame's ready signal. */
export interface FrameReadyEvent {
  type: typeof FRAME_READY
}

/** Where a request's approval stands: waiting for the visitor in the frame's UI, or decided. */
export type FrameApprovalState = 'required' | 'done'

/** The frame's approval signal for one pending request. */
export interface FrameApprovalEvent {
  type: typeof FRAME_APPROVAL
  id: string
  payload: { state: FrameApprovalState }
}

/** Anything the frame sends the kit. */
export type FrameEvent = FrameSuccessEvent | FrameErrorEvent | FrameReadyEvent | FrameApprovalEvent

/** The kit's abort of one pending request. */
export interface FrameAbortMessage {
  type: typeof FRAME_ABORT
  id: string
}

/** Anything the kit sends the frame. */
export type FrameInbound = FrameRequest | FrameAbortMessage

/** A request's type string. */
export const requestType = <K extends FrameRequestName>(name: K): `${typeof MESSAGE_PREFIX}${K}` =>
  `${MESSAGE_PREFIX}${name}`

/** A request's success type string. */
export const successType = <K extends FrameRequestName>(name: K): `${typeof MESSAGE_PREFIX}${K}_SUCCESS` =>
  `${MESSAGE_PREFIX}${name}_SUCCESS`

/** A request's error type string. */
export const errorType = <K extends FrameRequestName>(name: K): `${typeof MESSAGE_PREFIX}${K}_ERROR` =>
  `${MESSAGE_PREFIX}${name}_ERROR`
