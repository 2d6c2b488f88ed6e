import type { SocialProvider } from '../../../adapter/embedded.js'
import {
  invalidOption,
  isRecord,
  optionalBoolean,
  optionalEnumList,
  optionalStringList,
} from '../options/option-checks.js'

export type ConnectMethod = 'wallet' | 'email' | 'social'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/** Every feature switch, resolved (SPEC §1, §9). */
export interface Features {
  receive: boolean
  send: boolean
  emailShowWallets: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  /** Remote-gated (SPEC §1): the project's remote configuration decides them when it can be had. */
  email: boolean
  socials: readonly SocialProvider[] | false
  swaps: readonly string[] | false
  onramp: readonly string[] | false
  activity: boolean
  reownBranding: boolean
  /** The host's order of connect methods, when it sets one (else {@link getConnectMethodsOrder} decides). */
  connectMethodsOrder?: readonly ConnectMethod[]
  walletFeaturesOrder: readonly WalletFeature[]
}

/** The host's `features` option: any subset; lists may also be given as true (the default list) or false. */
export type KitFeatures = Partial<
  Omit<Features, 'socials' | 'swaps' | 'onramp'> & {
    socials: readonly SocialProvider[] | boolean
    swaps: readonly string[] | boolean
    onramp: readonly string[] | boolean
  }
>

/** The features the remote project configuration gates (SPEC §1). */
/** The features a project's remote configuration decides (SPEC §1). */
export type RemoteFeatureName = 'email' | 'socials' | 'swaps' | 'onramp' | 'activity' | 'reownBranding'

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
]

/** Default local features (SPEC §9.13). */
export const DEFAULT_FEATURES = {
  receive: true,
  send: true,
  emailShowWallets: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
} as const

/** Wallet feature order (SPEC §9.15). */
export const WALLET_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']
/** Without an installed wallet the logins come first (not in the spec; AppKit's order). */
export const CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']

const BOOLEAN_FEATURES = [...Object.keys(DEFAULT_FEATURES), 'email', 'activity', 'reownBranding'] as const
const LIST_FEATURES = ['socials', 'swaps', 'onramp'] as const
const KNOWN = new Set<string>([
  ...BOOLEAN_FEATURES,
  ...LIST_FEATURES,
  'connectMethodsOrder',
  'walletFeaturesOrder',
])

/** Checks the host's `features` option. @throws LatchkeyError INVALID_OPTIONS naming the feature. */
export function validateFeatures(value: unknown): KitFeatures {
  if (value === undefined) return {}
  if (!isRecord(value)) throw invalidOption('features', 'an object', value)
  for (const key of Object.keys(value)) {
    if (!KNOWN.has(key)) throw invalidOption('features', `only the features ${[...KNOWN].join(', ')}`, key)
  }
  for (const key of BOOLEAN_FEATURES) optionalBoolean(`features.${key}`, value[key])
  for (const key of LIST_FEATURES) {
    const item = value[key]
    if (item === undefined || typeof item === 'boolean') continue
    if (key === 'socials') optionalEnumList(`features.${key}`, item, SOCIAL_PROVIDERS)
    else optionalStringList(`features.${key}`, item)
  }
  optionalEnumList('features.connectMethodsOrder', value.connectMethodsOrder, CONNECT_METHODS_ORDER)
  optionalEnumList('features.walletFeaturesOrder', value.walletFeaturesOrder, WALLET_FEATURES_ORDER)
  return value as KitFeatures
}
