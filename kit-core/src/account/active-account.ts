import type { CaipAddress, ChainNamespace } from '../caip/caip.js'
import type { ChainState, NamespaceAccount } from '../controllers/connection/chain-state.js'
import type { CaipNetwork } from '../networks/define.js'

/** The connected account of the active namespace, with its network. */
export interface ActiveAccount {
  namespace: ChainNamespace
  network: CaipNetwork
  account: NamespaceAccount
  address: string
  caipAddress: CaipAddress
}

/**
 * The active namespace's connected account, read from the namespace's own entry (the state's `activeCaipAddress` and
 * `activeCaipNetwork` follow it a moment later); undefined while none is connected.
 */
export function activeAccountOf(state: ChainState): ActiveAccount | undefined {
  const namespace = state.activeNamespace
  const entry = namespace ? state.namespaces[namespace] : undefined
  const account = entry?.account
  const network = entry?.caipNetwork
  if (!namespace || !network || account?.status !== 'connected' || !account.address || !account.caipAddress)
    return undefined
  return { namespace, network, account, address: account.address, caipAddress: account.caipAddress }
}
