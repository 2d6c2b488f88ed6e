export { NATIVE_PLACEHOLDERS } from './assets.js'
export type { ServicesEvm, ServicesEvmChain, ServicesToken } from './balances.js'
export {
  readBitcoinCaipNetworkId,
  type ServicesBitcoin,
  type ServicesBitcoinNetwork,
} from './bitcoin.js'
export { CHAIN_IDS, SUPPORTED_CHAINS } from './chains.js'
// The Blockchain API contract (also `@latchkey/services/contract`, which loads nothing else).
export {
  type CheckOptions,
  type ContractEndpoint,
  contractProblems,
  MALFORMED_ANSWERS,
  type MalformedAnswer,
  type MalformedOutcome,
  transactionProblems,
  VALID_ANSWERS,
  type ValidAnswer,
} from './contract/index.js'
export type { Fault, ProjectSettings, RecordedRequest, ServicesControl } from './control.js'
export type { ServicesDatabaseOptions } from './database.js'
export {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_SERVICES_PORT,
  DEFAULT_SOCIALS,
  defaultRemoteFeatures,
  SERVICES_DATA_DIR_ENV,
  SERVICES_DATABASE_URL_ENV,
  SERVICES_PORT_ENV,
} from './defaults.js'
export { DEFAULT_OVERSIZED_BYTES, DEFAULT_TRUNCATED_BYTES, MALFORMED_BODY } from './faults.js'
export { HISTORY_PAGE_SIZE } from './history.js'
export { DEFAULT_POLL_MS } from './indexer.js'
export { MAX_ENTRIES } from './listing.js'
export { type ServicesServer, type StartServicesOptions, startServicesServer } from './server.js'
export {
  type ServicesSolana,
  type ServicesSolanaCluster,
  type ServicesSolanaMint,
  solanaCaipNetworkId,
} from './solana.js'
export { FIXTURE_WALLET_IDS, fixtureWallets, generateWallets, type ListedWallet } from './wallets.js'
