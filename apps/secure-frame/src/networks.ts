/**
 * The networks the frame signs on when its operator names none (SPEC §9: about 24 eip155 chains plus three Solana
 * clusters), with each chain's public RPC URL as viem's chain definitions give it. An operator lists their own
 * (`networks` in the configuration), their RPC providers' URLs first; the local stack puts its chains before these.
 */
import {
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  aurora,
  avalanche,
  base,
  baseSepolia,
  blast,
  bsc,
  type Chain,
  celo,
  fantom,
  gnosis,
  linea,
  mainnet,
  mantle,
  moonbeam,
  optimism,
  optimismSepolia,
  polygon,
  polygonZkEvm,
  scroll,
  sepolia,
  zksync,
  zora,
} from 'viem/chains'
import type { FrameNetwork } from './frame/config.js'

const EVM_CHAINS: readonly Chain[] = [
  mainnet,
  optimism,
  bsc,
  gnosis,
  polygon,
  fantom,
  zksync,
  moonbeam,
  mantle,
  base,
  arbitrum,
  arbitrumNova,
  celo,
  avalanche,
  linea,
  blast,
  scroll,
  zora,
  aurora,
  polygonZkEvm,
  sepolia,
  baseSepolia,
  optimismSepolia,
  arbitrumSepolia,
]

/** Solana's three clusters: CAIP-2 ids are the first 32 characters of each genesis hash. */
const SOLANA_CLUSTERS: readonly FrameNetwork[] = [
  {
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
  },
  {
    caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet',
    rpcUrl: 'https://api.devnet.solana.com',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
  },
  {
    caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    name: 'Solana Testnet',
    rpcUrl: 'https://api.testnet.solana.com',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
  },
]

/** SPEC §9's frame networks: 24 eip155 chains, then the three Solana clusters. */
export const DEFAULT_FRAME_NETWORKS: readonly FrameNetwork[] = [
  ...EVM_CHAINS.map((chain) => ({
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    rpcUrl: chain.rpcUrls.default.http[0] as string,
    nativeSymbol: chain.nativeCurrency.symbol,
    nativeDecimals: chain.nativeCurrency.decimals,
  })),
  ...SOLANA_CLUSTERS,
]
