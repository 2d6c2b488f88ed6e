import type { Connector } from '../../adapter/connectors.js'
import type { WalletListing } from '../../services/types.js'

/** A wallet the user connected recently, as the connection controller keeps it (SPEC §3 "Recent wallet"). */
export interface RecentWalletRef {
  id: string
  rdns?: string | null
  name?: string
}

/** A wallet the host excluded, as the listing describes it: hidden wherever its rdns or name shows up. */
export interface ExcludedWallet {
  rdns?: string | null
  name: string
}

/** A wallet of a list, marked when a connector of this page already reaches it. */
export interface ListedWallet extends WalletListing {
  installed?: boolean
}

/**
 * One entry of the merged connector list. A wallet present on several namespaces is one MULTI_CHAIN entry
 * whose `connectors` holds each namespace's own connector; the embedded wallet is one AUTH entry; WalletConnect
 * is one WALLET_CONNECT entry. `id`, `name`, `imageUrl`, `chain` of a merged entry are those of its first
 * member.
 */
export interface ConnectorEntry extends Connector {
  /** Each namespace's connector, for MULTI_CHAIN, AUTH and merged WalletConnect entries. */
  connectors?: readonly Connector[]
}
