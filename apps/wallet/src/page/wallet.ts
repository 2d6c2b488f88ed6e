// Starts the simulator's wallet in the page: tools/wc-wallet (WalletKit on the local relay, answering through the
// repository's EVM, Solana and Bitcoin test wallets) with the keys and chains of the embedded config.
import { createWcWallet, type WcNamespace, type WcWallet } from '@latchkey/wc-wallet'
import { base64 } from '@scure/base'
import type { WalletSimConfig } from '../config.js'

/** The namespaces the simulator holds keys for, in the order it shows them. */
export const NAMESPACES: readonly WcNamespace[] = ['eip155', 'solana', 'bip122']

export const NAMESPACE_TITLES: Readonly<Record<WcNamespace, string>> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
}

/** The SDK's storage prefix in the page's IndexedDB: fixed, so a reload restores the sessions. */
const STORAGE_PREFIX = 'latchkey-wallet-sim'

/** Creates the wallet and resolves once it is set up (the SDK opens its relay socket at the first pairing). `auto`: answer everything at once ('approve'). */
export function startWallet(config: WalletSimConfig, auto: boolean): Promise<WcWallet> {
  return createWcWallet({
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    metadata: {
      name: 'Latchkey Wallet Simulator',
      description: 'A phone wallet, simulated: WalletKit on the local chains',
      url: location.origin,
      icons: [],
    },
    evm: {
      mnemonic: config.evm.mnemonic,
      accountIndices: config.evm.accountIndices,
      chains: config.evm.chains,
    },
    solana: {
      secretKeys: config.solana.secretKeys.map((key) => base64.decode(key)),
      clusters: config.solana.clusters,
    },
    bitcoin: {
      mnemonic: config.bitcoin.mnemonic,
      accountIndices: config.bitcoin.accountIndices,
      networks: config.bitcoin.networks,
    },
    policy: auto ? 'approve' : 'hold',
    storagePrefix: STORAGE_PREFIX,
  })
}

/** A name for every chain the wallet knows (CAIP-2 id → the config's name). */
export function chainNames(wallet: WcWallet, config: WalletSimConfig): Map<string, string> {
  const names = new Map<string, string>()
  for (const chain of config.evm.chains) names.set(`eip155:${chain.chainId}`, chain.name)
  for (const cluster of config.solana.clusters)
    names.set(`solana:${cluster.genesisHash.slice(0, 32)}`, cluster.name)
  // The Bitcoin ids are read from each network's block 0 at start, in the config's order.
  const bitcoin = wallet.chains.filter((chainId) => chainId.startsWith('bip122:'))
  config.bitcoin.networks.forEach((network, index) => {
    const chainId = bitcoin[index]
    if (chainId) names.set(chainId, network.name)
  })
  return names
}

/** Per chain, the wallet's addresses in key order (as `switchAccount` counts them), read before any switch. */
export function keyOrder(wallet: WcWallet): Map<string, string[]> {
  const order = new Map<string, string[]>()
  for (const chainId of wallet.chains) {
    order.set(
      chainId,
      wallet.accounts(chainId).map((account) => account.slice(chainId.length + 1)),
    )
  }
  return order
}
