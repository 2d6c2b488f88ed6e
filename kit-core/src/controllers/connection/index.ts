export { type ChainController, type ChainControllerDeps, createChainController } from './chain-controller.js'
export type {
  AccountStatus,
  ChainState,
  ConnectedWalletInfo,
  NamespaceAccount,
  NamespaceState,
} from './chain-state.js'
export type { ConnectFlowDeps, ConnectOutcome } from './connect-flow.js'
export { type ConnectFlowController, createConnectFlowFacade } from './connect-flow-facade.js'
export {
  type ConnectionController,
  type ConnectionControllerDeps,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectionStore,
  createConnectionController,
  DISCONNECT_TIMEOUT_MS,
  RECENT_WALLETS_LIMIT,
  type RecentWallet,
  type WalletLink,
} from './connection-controller.js'
export { CONNECT_TIMEOUT_MS, PAIRING_TTL_MS } from './connection-types.js'
