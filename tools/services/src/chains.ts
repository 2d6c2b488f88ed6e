/** CAIP-2 ids the stand-in knows: the two local EVM chains, public chains that wallets list, Solana and Bitcoin. */
export const CHAIN_IDS = {
  local: 'eip155:31337',
  local2: 'eip155:31338',
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
  sepolia: 'eip155:11155111',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  bitcoin: 'bip122:000000000019d6689c085ae165831e93',
} as const

/**
 * What GET /v1/supported-chains answers: the networks the Blockchain API serves. The local chains (whose
 * balances are read live), Solana mainnet and Bitcoin mainnet (served with empty balances).
 */
export const SUPPORTED_CHAINS = {
  http: [CHAIN_IDS.local, CHAIN_IDS.local2, CHAIN_IDS.solana, CHAIN_IDS.bitcoin],
  ws: [CHAIN_IDS.local, CHAIN_IDS.local2],
} as const

/** The configured live networks: their CAIP-2 ids join what GET /v1/supported-chains answers. */
export interface LiveNetworkIds {
  evm: readonly string[]
  solana: readonly string[]
  bitcoin: readonly string[]
}

/**
 * What GET /v1/supported-chains answers for a server: {@link SUPPORTED_CHAINS}, then the EVM chains, Solana
 * clusters and Bitcoin networks it reads live (each id once; the EVM ones in `ws` too).
 */
export function supportedChains(live: LiveNetworkIds): { http: string[]; ws: string[] } {
  return {
    http: [...new Set<string>([...SUPPORTED_CHAINS.http, ...live.evm, ...live.solana, ...live.bitcoin])],
    ws: [...new Set<string>([...SUPPORTED_CHAINS.ws, ...live.evm])],
  }
}
