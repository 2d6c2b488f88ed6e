export {
  bitcoin,
  bitcoinTestnet,
  mainnet,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  soneium,
  soneiumMinato,
} from './catalogue.js'
export {
  type BlockExplorer,
  type CaipNetwork,
  defineNetwork,
  isUnsupportedNetwork,
  type NativeCurrency,
  type NetworkDefinition,
  type RpcUrlSet,
  UNSUPPORTED_NETWORK_NAME,
  unsupportedNetwork,
} from './define.js'
export { findNetwork, rpcUrlsFor, withRpcUrl } from './helpers.js'
