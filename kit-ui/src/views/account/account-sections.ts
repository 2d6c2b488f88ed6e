import {
  type ChainNamespace,
  isNamespaceSupported,
  WALLET_FEATURES_ORDER,
  type WalletFeature,
} from '@latchkey/core'

/**
 * The wallet features this UI builds, in no particular order (the row follows the features' order): each has its entry
 * in the Account view's row (wallet-features-row.tsx) and its views, a chunk of their own.
 */
export const BUILT_WALLET_FEATURES = ['receive', 'send'] as const satisfies readonly WalletFeature[]

/** A wallet feature this UI builds. */
export type BuiltWalletFeature = (typeof BUILT_WALLET_FEATURES)[number]

/**
 * The namespaces each wallet feature serves (SPEC §9 "Supported namespaces"): receive everywhere, send and onramp on
 * eip155 and solana, swaps on eip155.
 */
const SERVES: Readonly<Record<WalletFeature, (namespace: ChainNamespace) => boolean>> = {
  onramp: (namespace) => isNamespaceSupported('onramp', namespace),
  swaps: (namespace) => namespace === 'eip155',
  receive: () => true,
  send: (namespace) => isNamespaceSupported('send', namespace),
}

const isBuilt = (feature: WalletFeature): feature is BuiltWalletFeature =>
  (BUILT_WALLET_FEATURES as readonly WalletFeature[]).includes(feature)

/**
 * The wallet features the Account view's row shows, in the features' order (SPEC §9.15: onramp, swaps, receive,
 * send, unless the host set another): those that are on, built in this UI and served on the active namespace.
 */
export function visibleWalletFeatures(params: {
  order?: readonly WalletFeature[]
  isEnabled(feature: WalletFeature): boolean
  namespace: ChainNamespace | undefined
}): BuiltWalletFeature[] {
  const { namespace } = params
  if (!namespace) return []
  const order = params.order ?? WALLET_FEATURES_ORDER
  return order.filter(
    (feature, index): feature is BuiltWalletFeature =>
      order.indexOf(feature) === index &&
      isBuilt(feature) &&
      params.isEnabled(feature) &&
      SERVES[feature](namespace),
  )
}

/** A tab of the Account view. */
export type AccountTab = 'tokens' | 'activity'

/**
 * The Account view's tabs on `namespace` (SPEC §9 "Supported namespaces"): Tokens where balances are served
 * (eip155, solana), Activity besides it where activity is (eip155) and the activity feature is on; none elsewhere.
 */
export function accountTabs(namespace: ChainNamespace | undefined, activityOn: boolean): AccountTab[] {
  if (!namespace || !isNamespaceSupported('balance', namespace)) return []
  return activityOn && isNamespaceSupported('activity', namespace) ? ['tokens', 'activity'] : ['tokens']
}
