import type { createTestWallet } from './wallet.js'

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

/** What {@link addTestWalletToPage} puts in a page. */
export interface PageWalletOptions {
  name: string
  rdns: string
  /** The account index of the wallet's mnemonic (each test file keeps its own). */
  accountIndex: number
  chains: readonly { chainId: number; name: string; rpcUrl: string }[]
  /**
   * The wallet grants the site on every load (as a wallet that remembers a site does) unless the page's localStorage
   * holds '1' under this key (the site revoked). Without it, the site starts ungranted.
   */
  revokedKey?: string
}

/**
 * Gives a page (Playwright's, or anything with its `addInitScript`) the test wallet from its first script, on every
 * load: the inject bundle, then `window.wallet`, created and announced (EIP-6963).
 */
export async function addTestWalletToPage(
  page: { addInitScript(script: unknown, arg?: unknown): Promise<unknown> },
  options: PageWalletOptions,
): Promise<void> {
  await page.addInitScript({ path: injectScriptPath() })
  await page.addInitScript((o: PageWalletOptions) => {
    const scope = globalThis as unknown as {
      LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
      wallet: ReturnType<typeof createTestWallet>
      localStorage: { getItem(key: string): string | null }
    }
    const wallet = scope.LatchkeyTestWallet.createTestWallet({
      name: o.name,
      rdns: o.rdns,
      accountIndices: [o.accountIndex],
      chains: o.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name })),
    })
    scope.wallet = wallet
    if (o.revokedKey !== undefined && scope.localStorage.getItem(o.revokedKey) !== '1') wallet.connect()
    wallet.announce()
  }, options)
}
