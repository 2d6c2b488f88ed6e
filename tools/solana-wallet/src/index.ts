import { fileURLToPath } from 'node:url'

export { SolanaWalletError, userRejected, WalletErrorCode } from './errors.js'
export {
  createMultichainTestWallet,
  type MultichainEvmWallet,
  type MultichainLogEntry,
  type MultichainNamespace,
  type MultichainPendingRequest,
  type MultichainTestWallet,
  type MultichainTestWalletOptions,
} from './multichain.js'
export type {
  ApprovalPolicy,
  PendingRequest,
  RequestLogEntry,
  SolanaStandardWallet,
  SolanaTestWalletOptions,
  SolanaWalletCluster,
} from './types.js'
export { clusterChainId, createSolanaTestWallet, type SolanaTestWallet } from './wallet.js'

/** The path of the browser bundle (`dist/inject.global.js`, defining `globalThis.LatchkeySolanaTestWallet`, with the multi-chain wallet). */
export function injectScriptPath(): string {
  return fileURLToPath(new URL('./inject.global.js', import.meta.url))
}
