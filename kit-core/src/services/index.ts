export { DEFAULT_BALANCE, formatBalance } from './balance.js'
export { type BlockchainApiClientOptions, createBlockchainApiClient } from './blockchain-api.js'
export type { ServiceClientOptions } from './client-options.js'
export { ServiceDefaults } from './constants.js'
export { createProviderApiClient, type ProviderApiClientOptions } from './provider-api.js'
export { ANY_IMAGE_HOST, type ImagePolicy, isSafeImageUrl, isSafeWebLink } from './sanitize.js'
export {
  isNamespaceSupported,
  type NamespaceFeature,
  SUPPORTED_NAMESPACES,
} from './supported-namespaces.js'
export type * from './types.js'
