export {
  DEFAULT_TEST_MNEMONIC,
  DEFAULT_WALLET_ICON,
  DEFAULT_WALLET_NAME,
  DEFAULT_WALLET_RDNS,
} from './defaults.js'
export type { EIP6963ProviderInfo } from './eip6963.js'
export { ErrorCode, ProviderRpcError } from './errors.js'
export type {
  ApprovalPolicy,
  PendingRequest,
  RequestLogEntry,
  RequestOutcome,
  TestWallet,
  TestWalletChain,
  TestWalletOptions,
  TestWalletProvider,
  TestWalletToken,
  WatchedAsset,
} from './types.js'
export { createTestWallet } from './wallet.js'

/** The global the IIFE bundle defines: `globalThis.LatchkeyTestWallet`. */
export const INJECT_GLOBAL_NAME = 'LatchkeyTestWallet'

/**
 * Absolute file path of the self-contained browser bundle (`dist/inject.global.js`, built by the package's
 * build script). Evaluating it defines `globalThis.LatchkeyTestWallet = { createTestWallet }`; use it with
 * Playwright's `page.addInitScript({ path: injectScriptPath() })`, then create wallets in the page.
 */
export function injectScriptPath(): string {
  // Resolves from both dist/index.js and src/index.ts (tests) to <package>/dist/inject.global.js.
  const url = new URL('../dist/inject.global.js', import.meta.url)
  const path = decodeURIComponent(url.pathname)
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path
}
