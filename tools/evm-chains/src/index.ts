export {
  assertPortFree,
  isPortFree,
  LOCALHOST,
  LocalServiceError,
  PortInUseError,
  portFromEnv,
} from '@latchkey/local-ports'
export {
  DEPLOYER_ADDRESS,
  DEPLOYER_INDEX,
  DERIVATION_PATH_PREFIX,
  FUNDED_ACCOUNT_COUNT,
  FUNDED_ETH_BALANCE,
  FUNDED_TOKEN_BALANCE,
  getDeployerAccount,
  getTestAccount,
  getTestAccounts,
  TEST_MNEMONIC,
} from './accounts.js'
export {
  ANVIL_PATH_ENV,
  type AnvilExit,
  type AnvilInstance,
  type AnvilOptions,
  anvilPackageName,
  resolveAnvilBinary,
  startAnvil,
} from './anvil.js'
export {
  EVM_CHAIN_DEFAULTS,
  type EvmChainDefaults,
  type EvmChainInfo,
  type EvmChainOptions,
  type EvmChains,
  resolveEvmPorts,
  type StartEvmChainsOptions,
  startEvmChains,
} from './chains.js'
export { AnvilNotFoundError, AnvilStartError, EvmChainsError } from './errors.js'
export { type ProxiedRequest, type RpcFaultProxy, startRpcFaultProxy } from './fault-proxy.js'
export { type DeploySmartAccountOptions, deploySmartAccount, LatchkeySmartAccount } from './smart-account.js'
export {
  deployTokens,
  ERC20_ABI,
  type EvmTokenAddresses,
  LatchkeyTether,
  LatchkeyToken,
  LatchkeyUSD,
  LKT_ADDRESS,
  LUSD_ADDRESS,
  LUSDT_ADDRESS,
  localViemChain,
  TOKEN_ADDRESSES,
  TOKENS,
  type TokenInfo,
  type TokenSymbol,
  USDT_STYLE_ABI,
} from './tokens.js'
