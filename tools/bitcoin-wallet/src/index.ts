export { DEFAULT_PROVIDER_ID, DEFAULT_WALLET_ICON, DEFAULT_WALLET_NAME } from './defaults.js'
export { RpcErrorCode, WalletRpcError } from './errors.js'
export { DEFAULT_TEST_MNEMONIC } from './keys.js'
export { bip322MessageHash, bip322ToSpend, magicHash } from './signing.js'
export type {
  ApprovalPolicy,
  BitcoinNetworkKind,
  BitcoinTestWallet,
  BitcoinTestWalletOptions,
  BitcoinWalletAddress,
  BitcoinWalletKeys,
  BitcoinWalletNetwork,
  PendingRequest,
  RequestLogEntry,
  RequestOutcome,
  SatsConnectProvider,
} from './types.js'
export { createBitcoinTestWallet } from './wallet.js'

/** The global the IIFE bundle defines: `globalThis.LatchkeyBitcoinTestWallet`. */
export const INJECT_GLOBAL_NAME = 'LatchkeyBitcoinTestWallet'

/**
 * Absolute file path of the self-contained browser bundle (`dist/inject.global.js`, built by the build script).
 * Evaluating it defines `globalThis.LatchkeyBitcoinTestWallet = { createBitcoinTestWallet }`; use it with
 * Playwright's `page.addInitScript({ path: injectScriptPath() })`.
 */
export function injectScriptPath(): string {
  const url = new URL('../dist/inject.global.js', import.meta.url)
  const path = decodeURIComponent(url.pathname)
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path
}
