import type { CaipNetworkId } from '../caip/caip.js'
import type { CaipNetwork } from './define.js'
import { defineNetwork } from './define.js'

/** A copy of a network whose default RPC is `rpcUrl` (e.g. a local chain on an ephemeral port). */
export function withRpcUrl<N extends CaipNetwork>(network: N, rpcUrl: string): N {
  return defineNetwork({ ...network, rpcUrls: { ...network.rpcUrls, default: { http: [rpcUrl] } } }) as N
}

/** Finds a network by CAIP-2 id, or by chain id within a namespace. */
export function findNetwork(
  networks: readonly CaipNetwork[],
  idOrCaipNetworkId: string | number,
): CaipNetwork | undefined {
  return networks.find((n) => n.caipNetworkId === idOrCaipNetworkId || n.id === idOrCaipNetworkId)
}

/**
 * The one place that picks a network's endpoints: the order to try them in, the host's custom RPC URLs first (SPEC §1
 * customRpcUrls), then `defaults` (the network's own `rpcUrls.default.http` unless an adapter knows better ones, as
 * the Bitcoin adapter does for public Esplora servers); duplicates and empty entries dropped.
 */
export function rpcUrlsFor(
  network: CaipNetwork,
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { url: string }[]>>,
  defaults: readonly (string | undefined)[] = network.rpcUrls.default.http,
): string[] {
  const custom = customRpcUrls?.[network.caipNetworkId]?.map((entry) => entry.url) ?? []
  return [...new Set([...custom, ...defaults].filter((url): url is string => Boolean(url)))]
}
