import type { CaipNetwork } from '@latchkey/core'

/** A network's image: the host's `chainImages` (by chain id or CAIP-2 id) first, then the network's own. */
export function networkImage(
  chainImages: Readonly<Record<string, string>>,
  network: CaipNetwork | undefined,
): string | undefined {
  if (!network) return undefined
  return (
    chainImages[network.caipNetworkId] ??
    chainImages[String(network.id)] ??
    network.assets?.imageUrl ??
    undefined
  )
}
