/**
 * The schema of every secure frame message's payload, both directions. `null`: the message has no payload.
 */
import {
  bool,
  type Check,
  chainId,
  either,
  email,
  integer,
  isPlainObject,
  json,
  list,
  object,
  oneOf,
  record,
  text,
} from './checks.js'
import type { FrameRequestName } from './messages.js'

/** Message ids: 1 to 64 letters, digits, `_` or `-`. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** The social logins of the protocol (Farcaster has its own requests). */
export const FRAME_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/** Theme variables: at most this many entries. */
export const MAX_THEME_VARIABLES = 64

/** Most of the protocol's strings; URIs and URLs may be longer. */
const SHORT = 256
const LONG = 8192

const accountType = oneOf(['eoa', 'smartAccount'])
const otp = text(64, 1)
const address = text(128, 1)
const url = text(LONG, 1)

const rpcParams: Check = (value, path) =>
  Array.isArray(value) || isPlainObject(value) ? json(value, path) : `${path}: must be an array or an object`

const themeValue = either(
  text(SHORT),
  (value, path) => (typeof value === 'number' && Number.isFinite(value) ? undefined : path),
  'must be a string or a number',
)

const accountInfo = object(
  {
    email,
    address,
    chainId,
    accounts: list(object({ address, type: accountType }), 16),
    userName: text(SHORT),
    preferredAccountType: accountType,
    smartAccountDeployed: bool,
  },
  ['email', 'accounts', 'userName', 'preferredAccountType', 'smartAccountDeployed'],
)

/** The payload of each request (kit → frame). */
export const REQUEST_PAYLOADS: Readonly<Record<FrameRequestName, Check | null>> = {
  SWITCH_NETWORK: object({ chainId }),
  CONNECT_EMAIL: object({ email }),
  CONNECT_DEVICE: null,
  CONNECT_OTP: object({ otp }),
  CONNECT_SOCIAL: object({ uri: url, preferredAccountType: accountType, chainId }, [
    'preferredAccountType',
    'chainId',
  ]),
  GET_FARCASTER_URI: null,
  CONNECT_FARCASTER: null,
  GET_USER: object({ chainId, preferredAccountType: accountType }, ['chainId', 'preferredAccountType']),
  GET_SOCIAL_REDIRECT_URI: object({ provider: oneOf(FRAME_SOCIAL_PROVIDERS) }),
  SIGN_OUT: null,
  IS_CONNECTED: object({ token: text(LONG, 1) }, ['token']),
  GET_CHAIN_ID: null,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: null,
  INIT_SMART_ACCOUNT: null,
  SET_PREFERRED_ACCOUNT: object({ type: accountType }),
  RPC_REQUEST: object(
    { method: text(128, 1, /^[A-Za-z0-9_]+$/, 'must be letters, digits and _'), params: rpcParams, chainId },
    ['params', 'chainId'],
  ),
  UPDATE_EMAIL: object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: object({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: object({ otp }),
  SYNC_THEME: object(
    { themeMode: oneOf(['light', 'dark']), themeVariables: record(themeValue, MAX_THEME_VARIABLES) },
    ['themeMode', 'themeVariables'],
  ),
  SYNC_DAPP_DATA: object(
    {
      projectId: text(SHORT, 1),
      sdkVersion: text(SHORT, 1),
      sdkType: text(SHORT, 1),
      metadata: object({ name: text(SHORT), description: text(LONG), url, icons: list(url, 16) }),
    },
    ['sdkType', 'metadata'],
  ),
  RELOAD: null,
}

/** The payload of each success (frame → kit). */
export const SUCCESS_PAYLOADS: Readonly<Record<FrameRequestName, Check | null>> = {
  SWITCH_NETWORK: object({ chainId }),
  CONNECT_EMAIL: object({ action: oneOf(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  CONNECT_DEVICE: null,
  CONNECT_OTP: null,
  CONNECT_SOCIAL: accountInfo,
  GET_FARCASTER_URI: object({ url }),
  CONNECT_FARCASTER: accountInfo,
  GET_USER: accountInfo,
  GET_SOCIAL_REDIRECT_URI: object({ uri: url }),
  SIGN_OUT: null,
  IS_CONNECTED: object({ isConnected: bool }),
  GET_CHAIN_ID: object({ chainId }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: object({ smartAccountEnabledNetworks: list(chainId, 256) }),
  INIT_SMART_ACCOUNT: object({ address, isDeployed: bool }),
  SET_PREFERRED_ACCOUNT: object({ type: accountType, address }),
  RPC_REQUEST: object({ result: json }),
  UPDATE_EMAIL: object({ action: oneOf(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: null,
  UPDATE_EMAIL_SECONDARY_OTP: object({ newEmail: email }),
  SYNC_THEME: null,
  SYNC_DAPP_DATA: null,
  RELOAD: null,
}

/** The payload of every error event. */
export const ERROR_PAYLOAD: Check = object({ message: text(LONG), code: integer }, ['message', 'code'])

/** The payload of FRAME_APPROVAL. */
export const APPROVAL_PAYLOAD: Check = object({ state: oneOf(['required', 'done']) })
