import type { SocialProvider } from '../../../adapter/embedded.js'
import type { RemoteFeatureEntry } from '../../../services/types.js'
import {
  CONNECT_METHODS_ORDER,
  type ConnectMethod,
  DEFAULT_FEATURES,
  type Features,
  type KitFeatures,
  type RemoteFeatureName,
  SOCIAL_PROVIDERS,
  WALLET_FEATURES_ORDER,
} from './features.js'

// How the features are decided (the host's, the remote configuration's, basic mode): the features controller's, which
// loads after the page's first paint; checking the host's option (`features.ts`) is needed at once.

/** The remote-gated features (SPEC §1). */
export const REMOTE_FEATURES = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
] as const satisfies readonly RemoteFeatureName[]

/** Default remote features (SPEC §9.12): one swap aggregator, two onramps, email, seven socials, activity, branding. */
export const DEFAULT_REMOTE_FEATURES = {
  swaps: ['1inch'],
  onramp: ['coinbase', 'meld'],
  email: true,
  socials: SOCIAL_PROVIDERS,
  activity: true,
  reownBranding: true,
} as const satisfies Pick<Features, RemoteFeatureName>

/** Connect-method order when a wallet is installed (SPEC §9.16). */
export const CONNECT_METHODS_ORDER_WITH_INSTALLED_WALLET: readonly ConnectMethod[] = [
  'wallet',
  'email',
  'social',
]

type RemoteValues = Pick<Features, RemoteFeatureName>

function listOrOff<T extends string>(value: readonly T[] | boolean | undefined, fallback: readonly T[]) {
  if (value === true) return fallback
  return Array.isArray(value) && value.length > 0 ? (value as readonly T[]) : false
}

const stringList = (config: unknown): string[] | undefined =>
  Array.isArray(config) ? config.filter((item): item is string => typeof item === 'string') : undefined

/** The remote-gated features as the remote configuration sets them; an entry it leaves out is off. */
function fromRemote(entries: readonly RemoteFeatureEntry[]): RemoteValues {
  const entry = (id: string) => entries.find((candidate) => candidate.id === id)
  const enabled = (id: string) => entry(id)?.isEnabled === true
  const list = <T extends string>(id: string, fallback: readonly T[], filter: (item: string) => boolean) => {
    if (!enabled(id)) return false as const
    const items = stringList(entry(id)?.config)
    return listOrOff(items ? (items.filter(filter) as T[]) : true, fallback)
  }
  const social = entry('social_login')
  // The social entry may carry 'email' among its providers, as the hosted service does.
  const emailInSocial = social?.isEnabled === true && (stringList(social.config) ?? []).includes('email')
  return {
    email: entry('email') ? enabled('email') : emailInSocial,
    socials: list('social_login', SOCIAL_PROVIDERS, (item) =>
      SOCIAL_PROVIDERS.includes(item as SocialProvider),
    ),
    swaps: list('swaps', DEFAULT_REMOTE_FEATURES.swaps, () => true),
    onramp: list('onramp', DEFAULT_REMOTE_FEATURES.onramp, () => true),
    activity: enabled('activity'),
    reownBranding: enabled('reown_branding'),
  }
}

/** The remote-gated features from the host's own settings; one the host did not set is off (SPEC §1). */
function fromLocal(local: KitFeatures): RemoteValues {
  return {
    email: local.email ?? false,
    socials: listOrOff(local.socials, SOCIAL_PROVIDERS),
    swaps: listOrOff(local.swaps, DEFAULT_REMOTE_FEATURES.swaps),
    onramp: listOrOff(local.onramp, DEFAULT_REMOTE_FEATURES.onramp),
    activity: local.activity ?? false,
    reownBranding: local.reownBranding ?? false,
  }
}

const OFF: RemoteValues = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
}

export interface ResolveFeaturesParams {
  local: KitFeatures
  /** The remote configuration; null when it could not be had. */
  remote: readonly RemoteFeatureEntry[] | null
  basic: boolean
}

/**
 * Merges the host's features with the remote configuration (SPEC §1, §9.12, §9.13): local defaults for
 * the local features; for the remote-gated ones, basic mode turns them all off, a remote configuration
 * wins over local settings (which are reported as ignored), and without one the host's own values apply.
 */
export function resolveFeatures({ local, remote, basic }: ResolveFeaturesParams): {
  features: Features
  ignored: RemoteFeatureName[]
} {
  const gated = basic ? OFF : remote ? fromRemote(remote) : fromLocal(local)
  const ignored = !basic && remote ? REMOTE_FEATURES.filter((name) => local[name] !== undefined) : []
  const features: Features = {
    ...DEFAULT_FEATURES,
    ...Object.fromEntries(
      Object.keys(DEFAULT_FEATURES).flatMap((key) => {
        const value = local[key as keyof typeof DEFAULT_FEATURES]
        return value === undefined ? [] : [[key, value]]
      }),
    ),
    ...gated,
    walletFeaturesOrder: local.walletFeaturesOrder ?? WALLET_FEATURES_ORDER,
    ...(local.connectMethodsOrder ? { connectMethodsOrder: local.connectMethodsOrder } : {}),
  }
  return { features, ignored }
}

/** The connect methods in display order: the host's, else wallet first when one is installed (SPEC §9.16). */
export function getConnectMethodsOrder(
  features: Pick<Features, 'connectMethodsOrder'>,
  hasInstalledWallet: boolean,
) {
  return (
    features.connectMethodsOrder ??
    (hasInstalledWallet ? CONNECT_METHODS_ORDER_WITH_INSTALLED_WALLET : CONNECT_METHODS_ORDER)
  )
}
