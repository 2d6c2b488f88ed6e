import type { ChainNamespace } from '../caip/caip.js'

/**
 * Which namespaces each Blockchain API feature serves (SPEC §9 "Supported namespaces"). The balance client
 * reads it here; send, names, activity and onramp use the same table in their issues.
 */
export const SUPPORTED_NAMESPACES = {
  balance: ['eip155', 'solana'],
  send: ['eip155', 'solana'],
  names: ['eip155'],
  activity: ['eip155'],
  onramp: ['eip155', 'solana'],
} as const satisfies Record<string, readonly ChainNamespace[]>

/** A feature of {@link SUPPORTED_NAMESPACES}. */
export type NamespaceFeature = keyof typeof SUPPORTED_NAMESPACES

/** True when `feature` serves `namespace` (SPEC §9 "Supported namespaces"). */
export function isNamespaceSupported(feature: NamespaceFeature, namespace: string): boolean {
  return (SUPPORTED_NAMESPACES[feature] as readonly string[]).includes(namespace)
}
