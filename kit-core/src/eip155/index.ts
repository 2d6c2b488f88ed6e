// EIP-1193 / EIP-6963 wallet logic shared by the EVM adapters (protocol code, no chain library).
export {
  ERC20_ABI,
  ERC1271_ABI,
  ERC1271_MAGIC_VALUE,
  erc20AbiFor,
  erc20Balance,
  USDT_ABI,
  USDT_CONTRACTS,
} from './abi.js'
export { parseChainId, toHexChainId } from './chain-id.js'
export {
  type CustomEvmWallet,
  checkCustomEvmWallets,
  type EvmWalletSources,
  evmConnectors,
  injectedProviderOf,
} from './connectors.js'
export {
  type AnnouncedWallet,
  createEip6963Discovery,
  type Eip6963Discovery,
  type Eip6963Info,
  readAnnouncement,
} from './discovery.js'
export { type EmbeddedEip1193Provider, embeddedEip1193Provider } from './embedded.js'
export {
  addEthereumChainParameter,
  type Eip1193Provider,
  isEip1193Provider,
  requestWallet,
  signerAmong,
  switchEthereumChain,
} from './provider.js'
export { Eip1193Session, type Eip1193SessionOptions } from './session.js'
export { requestWalletAssets, requestWalletCapabilities } from './wallet-requests.js'
export {
  type WalletConnectEip1193Provider,
  walletConnectEip1193Provider,
} from './walletconnect.js'
