import type { ConnectorType } from '../../adapter/connectors.js'
import type { ChainNamespace } from '../../caip/caip.js'
import type { CaipNetwork } from '../../networks/define.js'
import type { SwitchActiveChainViewParams, SwitchNetworkViewParams } from './views.js'

/** What the network-switch decision reads (SPEC §2). */
export interface NetworkSwitchInput {
  /** The network the user picked. */
  target: CaipNetwork
  /** The active network, if any. */
  active?: CaipNetwork
  /** Always show the SwitchNetwork confirmation (e.g. `open({ namespace })` moving to another namespace). */
  forceConfirmation?: boolean
  /** The type of the connector connected on the active namespace, if any. */
  connectorType?: ConnectorType
  /** The namespaces that have a connected account. */
  connectedNamespaces: readonly ChainNamespace[]
}

/** The view a network switch shows; undefined when nothing is to be done. */
export type NetworkSwitchDecision =
  | { view: 'SwitchNetwork'; params: SwitchNetworkViewParams }
  | { view: 'SwitchActiveChain'; params: SwitchActiveChainViewParams }
  | undefined

/** The namespaces the embedded (email/social) wallet serves (SPEC §1). */
const EMBEDDED_WALLET_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/**
 * Which view a network switch shows (SPEC §2): nothing when the target is already active; SwitchNetwork
 * when confirmation is forced, or the connected wallet is the email/social one and serves the target's
 * namespace; SwitchActiveChain when an account is connected on the active namespace but none on the
 * target's; else SwitchNetwork.
 */
export function decideNetworkSwitch(input: NetworkSwitchInput): NetworkSwitchDecision {
  const { target, active, connectedNamespaces } = input
  if (active && active.caipNetworkId === target.caipNetworkId) return undefined
  const embedded = input.connectorType === 'AUTH' || input.connectorType === 'ID_AUTH'
  if (input.forceConfirmation || (embedded && EMBEDDED_WALLET_NAMESPACES.includes(target.chainNamespace))) {
    return { view: 'SwitchNetwork', params: { network: target } }
  }
  const connectedHere = active !== undefined && connectedNamespaces.includes(active.chainNamespace)
  if (connectedHere && !connectedNamespaces.includes(target.chainNamespace)) {
    return {
      view: 'SwitchActiveChain',
      params: {
        switchToChain: target.chainNamespace,
        network: target,
        navigateTo: 'Connect',
        navigateWithReplace: true,
      },
    }
  }
  return { view: 'SwitchNetwork', params: { network: target } }
}
