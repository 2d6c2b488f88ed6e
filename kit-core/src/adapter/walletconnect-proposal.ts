import type { CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import type { CaipNetwork } from '../networks/define.js'
import { rpcUrlsFor } from '../networks/helpers.js'
import { type ProposalNamespace, WALLETCONNECT_NAMESPACE_DEFAULTS } from './walletconnect.js'

// Only what makes a WalletConnect proposal needs this (the WalletConnect chunks), not the connector list.

/**
 * What the kit proposes in one namespace: every network of it, the methods and events the adapters use, and an
 * `rpcMap` from the host's RPC URLs (custom ones first), so the SDK never reads a public RPC by accident.
 */
export function proposalNamespace(
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[],
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { url: string }[]>>,
): ProposalNamespace {
  const rpcMap: Record<string, string> = {}
  for (const network of networks) {
    const [url] = rpcUrlsFor(network, customRpcUrls)
    if (url) rpcMap[String(network.id)] = url
  }
  return {
    chains: networks.map((network) => network.caipNetworkId),
    methods: [...WALLETCONNECT_NAMESPACE_DEFAULTS[namespace].methods],
    events: [...WALLETCONNECT_NAMESPACE_DEFAULTS[namespace].events],
    rpcMap,
  }
}
