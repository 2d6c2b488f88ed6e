export { isPortFree, LOCALHOST, LocalServiceError, PortInUseError, portFromEnv } from '@latchkey/local-ports'
export { decodeBase58, encodeBase58 } from './base58.js'
export {
  type LocalSolanaStack,
  resolveSolanaPorts,
  SOLANA_CLUSTER_DEFAULTS,
  type SolanaClusterInfo,
  type SolanaClusters,
  type SolanaMintInfo,
  type StartSolanaClustersOptions,
  startSolanaClusters,
} from './clusters.js'
export { RPC_ERROR, SolanaChainsError } from './errors.js'
export { LAMPORTS_PER_SIGNATURE } from './fees.js'
export {
  FUNDED_KEYPAIR_COUNT,
  FUNDED_LAMPORTS,
  FUNDED_TOKEN_AMOUNT,
  getMintAuthorityKeypair,
  getMintKeypair,
  getTestKeypair,
  getTestKeypairs,
  keypairSeedText,
} from './keypairs.js'
export { BLOCKHASH_VALIDITY_BLOCKS, MAX_AIRDROP_LAMPORTS, REPORTED_SOLANA_VERSION } from './rpc-methods.js'
export { MINT_DECIMALS } from './tokens.js'
