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
