export {
  ACCOUNT_TYPES,
  type AccountType,
  type AdapterAccount,
  type AdapterType,
  DEFAULT_ACCOUNT_TYPES,
} from './accounts.js'
export type {
  AdapterContext,
  AdapterEventName,
  AdapterEvents,
  AdapterOptions,
  BalanceResult,
  BalanceService,
  ChainAdapter,
  ConnectParams,
  ConnectResult,
  EstimateGasParams,
  GetBalanceParams,
  SendTransactionParams,
  SendTransactionResult,
  SignableMessage,
  SignMessageParams,
  SignMessageResult,
  SignPsbtParams,
  SignPsbtResult,
  SignTransactionParams,
  SignTransactionResult,
  SignTypedDataParams,
  SplTransferParams,
  SwitchNetworkParams,
  SwitchNetworkResult,
  VerifyMessageParams,
  WalletAsset,
  WalletCapabilities,
  WriteContractParams,
} from './adapter.js'
export { balanceFromService } from './balance.js'
export {
  CONNECTOR_TYPES,
  type Connector,
  ConnectorIds,
  type ConnectorType,
} from './connectors.js'
export type {
  EmailLoginAction,
  EmbeddedAccountInfo,
  EmbeddedAccountType,
  EmbeddedWalletProvider,
  SocialProvider,
} from './embedded.js'
export { createMemoryStorage, type KitStorage, prefixStorage, readJson } from './storage.js'
export {
  type AppMetadata,
  malformedWalletAnswer,
  type ProposalNamespace,
  type SessionNamespace,
  type SessionSignInRequest,
  type WalletConnectAuth,
  type WalletConnectEvents,
  type WalletConnectProvider,
  type WalletConnectSession,
  walletConnectConnector,
  walletResultObject,
} from './walletconnect.js'
export { proposalNamespace, WALLETCONNECT_NAMESPACE_DEFAULTS } from './walletconnect-proposal.js'
