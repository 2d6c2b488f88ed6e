import type { CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import type { CaipNetwork } from '../networks/define.js'
import { rpcUrlsFor } from '../networks/helpers.js'
import type { ProposalNamespace } from './walletconnect.js'

// Only what makes a WalletConnect proposal needs this (the WalletConnect chunks), not the connector list.

/**
 * What the kit asks a WalletConnect wallet for in each namespace: the RPC methods the adapters send and the
 * events they follow (the method names of each chain's WalletConnect RPC reference).
 */
export const WALLETCONNECT_NAMESPACE_DEFAULTS: Readonly<
  Record<ChainNamespace, { readonly methods: readonly string[]; readonly events: readonly string[] }>
> = Object.freeze({
  eip155: {
    methods: [
      'personal_sign',
      'eth_sign',
      'eth_signTypedData',
      'eth_signTypedData_v4',
      'eth_signTransaction',
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'eth_accounts',
      'eth_requestAccounts',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_showCallsStatus',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
      'wallet_watchAsset',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    methods: [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
      'solana_getAccounts',
      'solana_requestAccounts',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  bip122: {
    methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'],
    events: ['bip122_addressesChanged', 'accountsChanged', 'chainChanged'],
  },
  polkadot: {
    methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
  cosmos: {
    methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
    events: ['chainChanged', 'accountsChanged'],
  },
})

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
