// The two-wallet scenario of the EVM adapters, in a real Chromium page: wallet A sits on window.ethereum and
// announces itself (EIP-6963), wallet B only announces itself; the page's adapter is asked to use B.
import { connectBrowser, newIsolatedPage, serveStatic } from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import { build } from 'esbuild'
import { createTestClient, http, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

/** What the page's `latchkeyTwoWallets` is given. */
export interface TwoWalletPageInput {
  rpcUrl: string
  chainId: number
  connectorId: string
  message: string
}

/** What the page's `latchkeyTwoWallets` answers, after connecting `connectorId` and signing `message`. */
export interface TwoWalletPageRun {
  /** The adapter's connectors after discovery. */
  connectors: { id: string; type: string; name: string }[]
  /** The connected accounts, active first. */
  addresses: string[]
  signature: string
  /** The address the adapter says signed. */
  signer: string
  /** Anything else the page read (e.g. a balance, the library signer's address), as text. */
  extra?: Record<string, string>
}

/**
 * A page module (bundled for the browser) sets `window.latchkeyTwoWallets` to a function of this type. It runs
 * the adapter on the page's own `window` as discovery target.
 */
export type TwoWalletPageFunction = (input: TwoWalletPageInput) => Promise<TwoWalletPageRun>

export interface TwoWalletReport extends TwoWalletPageRun {
  walletA: { rdns: string; address: string; requests: string[] }
  walletB: { rdns: string; address: string; requests: string[] }
  /** Whether the signature recovers to wallet B's address (checked in Node with viem). */
  signedByB: boolean
  /** Wallet B's funded balance, wei. */
  balanceB: bigint
  outsideRequests: string[]
  pageErrors: string[]
}

interface PageWindow {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  walletA: TestWallet
  walletB: TestWallet
  latchkeyTwoWallets?: TwoWalletPageFunction
}

const RDNS_A = 'dev.latchkey.wallet-a'
const RDNS_B = 'dev.latchkey.wallet-b'

/**
 * Runs the scenario: bundles `entry` (a page module that defines `window.latchkeyTwoWallets`) with esbuild for
 * the browser, serves it on 127.0.0.1, opens it in an isolated page of the shared Chromium with the two test
 * wallets injected, asks the page to choose wallet B, and reports what happened. Everything it opened is closed.
 */
export async function runTwoWalletScenario(options: {
  browserWsEndpoint: string
  /** Absolute path of the page module. */
  entry: string
  chain: { chainId: number; rpcUrl: string; name?: string }
  message?: string
}): Promise<TwoWalletReport> {
  const { chain } = options
  const message = options.message ?? 'Signed in the page by wallet B'
  const [keyA, keyB] = [generatePrivateKey(), generatePrivateKey()]
  const addressB = privateKeyToAddress(keyB)
  const balanceB = 7n * 10n ** 18n
  await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl, { retryCount: 0 }) }).setBalance({
    address: addressB,
    value: balanceB,
  })
  const bundle = await build({
    entryPoints: [options.entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  const site = await serveStatic({
    '/index.html':
      '<!doctype html><meta charset="utf-8"><title>two wallets</title><script type="module" src="/page.js"></script>',
    '/page.js': bundle.outputFiles[0]?.text ?? '',
  })
  const browser = await connectBrowser(options.browserWsEndpoint)
  try {
    const isolated = await newIsolatedPage(browser)
    const { page } = isolated
    await page.addInitScript({ path: injectScriptPath() })
    await page.addInitScript(
      ({ chain, keyA, keyB, RDNS_A, RDNS_B }) => {
        const w = window as unknown as PageWindow
        const make = (name: string, rdns: string, key: `0x${string}`) =>
          w.LatchkeyTestWallet.createTestWallet({ name, rdns, privateKeys: [key], chains: [chain] })
        w.walletA = make('Wallet A', RDNS_A, keyA)
        w.walletA.announce()
        w.walletA.injectAsWindowEthereum()
        w.walletB = make('Wallet B', RDNS_B, keyB)
        w.walletB.announce()
      },
      {
        chain: { chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name ?? 'Local' },
        keyA,
        keyB,
        RDNS_A,
        RDNS_B,
      },
    )
    await page.goto(`${site.url}/`)
    await page.waitForFunction(
      () => typeof (window as unknown as PageWindow).latchkeyTwoWallets === 'function',
    )
    const input: TwoWalletPageInput = {
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      connectorId: RDNS_B,
      message,
    }
    const run = await page.evaluate(
      (args) => (window as unknown as PageWindow).latchkeyTwoWallets!(args),
      input,
    )
    const logs = await page.evaluate(() => {
      const w = window as unknown as PageWindow
      return { a: w.walletA.log.map((entry) => entry.method), b: w.walletB.log.map((entry) => entry.method) }
    })
    const signedByB = await verifyMessage({
      address: addressB,
      message,
      signature: run.signature as `0x${string}`,
    }).catch(() => false)
    await isolated.close()
    return {
      ...run,
      walletA: { rdns: RDNS_A, address: privateKeyToAddress(keyA), requests: logs.a },
      walletB: { rdns: RDNS_B, address: addressB, requests: logs.b },
      signedByB,
      balanceB,
      outsideRequests: [...isolated.outsideRequests],
      pageErrors: isolated.pageErrors.map((error) => error.message),
    }
  } finally {
    await browser.close()
    await site.close()
  }
}
