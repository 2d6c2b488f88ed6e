export {
  BIP122_EVENTS,
  BIP122_METHODS,
  readBitcoinChainId,
  type WcBitcoinNetwork,
  type WcBitcoinOptions,
} from './bip122.js'
export type { WcNamespace } from './delegate.js'
export { EIP155_EVENTS, EIP155_METHODS, type WcEvmOptions } from './eip155.js'
export { USER_REJECTED_REQUEST, type WcErrorObject, WcRpcError } from './errors.js'
export { type PairingSource, pairOnDisplayUri } from './pair.js'
export { SOLANA_EVENTS, SOLANA_METHODS, type WcSolanaOptions } from './solana.js'
export type {
  ApprovalPolicy,
  WcApproveOptions,
  WcAuthRequest,
  WcPendingRequest,
  WcProposal,
  WcRequestLogEntry,
  WcRequestOutcome,
  WcWallet,
  WcWalletOptions,
} from './types.js'
export { createWcWallet } from './wallet.js'
