export type { ServicesEvm, ServicesEvmChain, ServicesToken } from './balances.js'
export {
  readBitcoinCaipNetworkId,
  type ServicesBitcoin,
  type ServicesBitcoinNetwork,
} from './bitcoin.js'
export { CHAIN_IDS, SUPPORTED_CHAINS } from './chains.js'
export type { Fault, ProjectSettings, RecordedRequest, ServicesControl } from './control.js'
export {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_SERVICES_PORT,
  DEFAULT_SOCIALS,
  defaultRemoteFeatures,
  SERVICES_PORT_ENV,
} from './defaults.js'
export { DEFAULT_OVERSIZED_BYTES, DEFAULT_TRUNCATED_BYTES, MALFORMED_BODY } from './faults.js'
export { MAX_ENTRIES } from './listing.js'
export { type ServicesServer, type StartServicesOptions, startServicesServer } from './server.js'
export {
  type ServicesSolana,
  type ServicesSolanaCluster,
  type ServicesSolanaMint,
  solanaCaipNetworkId,
} from './solana.js'
export { FIXTURE_WALLET_IDS, fixtureWallets, generateWallets, type ListedWallet } from './wallets.js'
