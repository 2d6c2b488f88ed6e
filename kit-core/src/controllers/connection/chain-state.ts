import type { AccountType } from '../../adapter/accounts.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import type { CaipNetwork } from '../../networks/define.js'

/** An account's connection status (SPEC §3 "Account per namespace"). */
export type AccountStatus = 'connecting' | 'connected' | 'disconnected'

/** The connected wallet as the UI shows it. Name and icon come from the wallet: hostile, render as text. */
export interface ConnectedWalletInfo {
  name: string
  icon?: string
  identifier?: string
  social?: string
}

/** The account of one namespace (SPEC §3). */
export interface NamespaceAccount {
  caipAddress?: CaipAddress
  address?: string
  /** Display balance (default '0.00') and its symbol. */
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  user?: { email?: string; username?: string }
  smartAccountDeployed?: boolean
  allAccounts: readonly { address: string; type: AccountType }[]
  addressLabels: Readonly<Record<string, string>>
  preferredAccountType?: AccountType
  socialProvider?: string
  farcasterUrl?: string
  connectedWalletInfo?: ConnectedWalletInfo
  currentTab?: number
  status: AccountStatus
}

/** Networks and account of one namespace (SPEC §3 "Network state"). */
export interface NamespaceState {
  /** The host's networks of this namespace (the requested networks). */
  networks: readonly CaipNetwork[]
  /** The namespace's current network. */
  caipNetwork?: CaipNetwork
  /** Networks the connected wallet approved (a WalletConnect session's chains); undefined = not limited. */
  approvedCaipNetworkIds?: readonly CaipNetworkId[]
  /** True when the wallet accepts any network (injected wallets that add chains on request). */
  supportsAllNetworks: boolean
  /** Chain ids where smart accounts are enabled. */
  smartAccountEnabledNetworks: readonly number[]
  /** The connector the namespace is connected through. */
  connectorId?: string
  account: NamespaceAccount
}

export interface ChainState {
  activeNamespace?: ChainNamespace
  activeCaipNetwork?: CaipNetwork
  activeCaipAddress?: CaipAddress
  namespaces: Readonly<Partial<Record<ChainNamespace, NamespaceState>>>
}

export const EMPTY_ACCOUNT: NamespaceAccount = Object.freeze({
  allAccounts: [],
  addressLabels: {},
  status: 'disconnected',
})
