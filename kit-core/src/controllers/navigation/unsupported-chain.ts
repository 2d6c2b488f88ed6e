import { type CaipNetwork, isUnsupportedNetwork } from '../../networks/define.js'

// A module of its own: the page watches for an unsupported network from the start; the switch rules load later.

/** What decides whether UnsupportedChain shows (SPEC §2). */
export interface UnsupportedChainInput {
  /** The active network; the `unsupportedNetwork` stand-in (`Unknown Network`) when the wallet is on a chain the host did not configure. */
  activeNetwork: Pick<CaipNetwork, 'name'> | undefined
  /** The host's enableNetworkSwitch (default true). */
  enableNetworkSwitch?: boolean
  /** The host's allowUnsupportedChain (default false). */
  allowUnsupportedChain?: boolean
  /** The connection is a basic (WalletConnect-only) one. */
  basic?: boolean
}

/**
 * True when UnsupportedChain is to be shown (SPEC §2): the active network is unsupported, network
 * switching is enabled, unsupported chains are not allowed and the connection is not basic.
 */
export function shouldShowUnsupportedChain(input: UnsupportedChainInput): boolean {
  return (
    input.activeNetwork !== undefined &&
    isUnsupportedNetwork(input.activeNetwork) &&
    (input.enableNetworkSwitch ?? true) &&
    !(input.allowUnsupportedChain ?? false) &&
    !(input.basic ?? false)
  )
}
