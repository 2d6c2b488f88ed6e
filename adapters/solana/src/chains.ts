import { type CaipNetwork, type CaipNetworkId, solana, solanaDevnet, solanaTestnet } from '@latchkey/core'

/**
 * Wallet Standard names the public clusters by name (`solana:mainnet`), where the kit names every cluster by
 * CAIP-2 (`solana:` + the first 32 characters of the genesis hash). Both spellings mean the same cluster.
 */
const NAMED_CHAINS: ReadonlyMap<string, string> = new Map([
  [solana.caipNetworkId, 'solana:mainnet'],
  [solanaDevnet.caipNetworkId, 'solana:devnet'],
  [solanaTestnet.caipNetworkId, 'solana:testnet'],
])

/** The Wallet Standard chain ids a network may go by: its CAIP-2 id, and its name for a public cluster. */
export function walletChainsOf(network: Pick<CaipNetwork, 'caipNetworkId'>): string[] {
  const named = NAMED_CHAINS.get(network.caipNetworkId)
  return named ? [named, network.caipNetworkId] : [network.caipNetworkId]
}

/**
 * The chain id to hand a wallet for a network: the one the wallet itself lists when it lists one of the
 * network's spellings, else the name for a public cluster, else the CAIP-2 id.
 */
export function walletChainFor(network: Pick<CaipNetwork, 'caipNetworkId'>, walletChains: readonly string[]) {
  const spellings = walletChainsOf(network)
  return spellings.find((chain) => walletChains.includes(chain)) ?? (spellings[0] as `${string}:${string}`)
}

/** Whether a wallet that lists `walletChains` says it serves the network. */
export function walletServes(network: Pick<CaipNetwork, 'caipNetworkId'>, walletChains: readonly string[]) {
  return walletChainsOf(network).some((chain) => walletChains.includes(chain))
}

/** The network among `networks` a wallet's chain id names, if any. */
export function networkOfWalletChain<N extends Pick<CaipNetwork, 'caipNetworkId'>>(
  networks: readonly N[],
  chain: string,
): N | undefined {
  return networks.find((network) => walletChainsOf(network).includes(chain))
}

/** The CAIP-2 id a wallet's chain id stands for (`solana:mainnet` → the mainnet genesis id). */
export function caipIdOfWalletChain(chain: string): CaipNetworkId {
  for (const [caip, named] of NAMED_CHAINS) if (named === chain) return caip as CaipNetworkId
  return chain as CaipNetworkId
}
