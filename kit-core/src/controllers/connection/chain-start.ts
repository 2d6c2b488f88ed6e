import { type ChainNamespace, parseCaipAddress } from '../../caip/caip.js'
import type { KitInitialState } from '../../kit/initial-state.js'
import type { CaipNetwork } from '../../networks/define.js'
import { type ChainState, EMPTY_ACCOUNT, type NamespaceState } from './chain-state.js'

function namespacesOf(networks: readonly CaipNetwork[]): ChainNamespace[] {
  return [...new Set(networks.map((n) => n.chainNamespace))]
}

/**
 * The chain state a kit starts in: each namespace on its first network, the first network active, no account; with
 * `remembered`, those accounts shown reconnecting (a malformed id, or one of a network the kit does not serve, is
 * left out) and the remembered active namespace leading when it is shown.
 */
export function startingState(networks: readonly CaipNetwork[], remembered?: KitInitialState): ChainState {
  const namespaces: Partial<Record<ChainNamespace, NamespaceState>> = {}
  for (const namespace of namespacesOf(networks)) {
    const own = networks.filter((n) => n.chainNamespace === namespace)
    namespaces[namespace] = {
      networks: own,
      caipNetwork: own[0],
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
      account: EMPTY_ACCOUNT,
    }
  }
  const first = networks[0]
  const state: ChainState = { activeNamespace: first?.chainNamespace, activeCaipNetwork: first, namespaces }
  return remembered ? withRemembered(state, remembered) : state
}

function withRemembered(state: ChainState, remembered: KitInitialState): ChainState {
  const namespaces = { ...state.namespaces }
  for (const caipAddress of Object.values(remembered.accounts)) {
    let parsed: ReturnType<typeof parseCaipAddress>
    try {
      parsed = parseCaipAddress(String(caipAddress))
    } catch {
      continue
    }
    const { namespace, address, caipNetworkId } = parsed
    const entry = namespaces[namespace as ChainNamespace]
    const network = entry?.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!entry || !network) continue
    namespaces[namespace as ChainNamespace] = {
      ...entry,
      caipNetwork: network,
      account: { ...EMPTY_ACCOUNT, address, caipAddress, allAccounts: [], status: 'connecting' },
    }
  }
  const active = namespaces[remembered.activeNamespace]
  if (active?.account.status !== 'connecting') return { ...state, namespaces }
  return {
    activeNamespace: remembered.activeNamespace,
    activeCaipNetwork: active.caipNetwork,
    activeCaipAddress: active.account.caipAddress,
    namespaces,
  }
}
