import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { connectBrowser, type IsolatedPage, newIsolatedPage } from '@latchkey/browser'
import type { Metafile } from 'esbuild'
import { createPublicClient, http, type PublicClient } from 'viem'
import { expect, inject } from 'vitest'
import { buildLab, type LabConfig, type LabPage, type RunningLab, startLab } from '../src/index.js'
import { WALLET_KEY_KEY } from '../src/lab/wallet-settings.js'

/** The part of the local stack (tools/stack, `inject('stack')`) the lab's tests use. */
interface LocalStackInfo {
  evm: {
    chains: { chainId: number; name: string; rpcUrl: string }[]
    mnemonic: string
    tokens: { LUSD: `0x${string}`; LKT: `0x${string}`; LUSDT: `0x${string}` }
  }
  services: { url: string }
  relay: { url: string }
  /** The embedded wallet's secure frame page and the mail sink its codes go through. */
  frame: { url: string }
  mail: { url: string; smtpHost: string; smtpPort: number }
  solana: {
    clusters: { name: string; rpcUrl: string; wsUrl: string; genesisHash: string }[]
    mint: { address: string; decimals: number }
    keypairs: string[]
  }
  bitcoin: {
    networks: { name: string; network: 'regtest' | 'testnet'; esploraUrl: string }[]
    accounts: { index: number; payment: { addresses: Record<'regtest' | 'testnet', string> } }[]
  }
}

declare module 'vitest' {
  interface ProvidedContext {
    stack: LocalStackInfo
  }
}

export type Page = IsolatedPage['page']
export type Browser = Awaited<ReturnType<typeof connectBrowser>>

/** The local stack started by the root global setup. */
export function stack(): LocalStackInfo {
  return inject('stack')
}

/** A viem client reading a local chain directly (not through the page or the wallet). */
export function chainClient(chainId: number): PublicClient {
  const chain = stack().evm.chains.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`no local chain ${chainId}`)
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
}

/** The features whose panels are chunks of their own (kit-ui loads each on first use). */
export type ChunkedFeature = 'receive' | 'send' | 'email'

/** The module kit-ui imports lazily for each chunked feature (kit-ui/src/views/lazy-receive.tsx, lazy-send.tsx). */
const FEATURE_MODULES: Record<ChunkedFeature, RegExp> = {
  receive: /kit-ui\/(dist|src)\/views\/receive\/receive-view\.[jt]sx?$/,
  send: /kit-ui\/(dist|src)\/views\/send\/send-view\.[jt]sx?$/,
  // The embedded wallet's kit side (the frame, the login): core's chunk, loaded only where email login is used.
  email: /kit-core\/(dist|src)\/embedded\/kit-embedded\.[jt]s$/,
}

/** Each chunked feature's request paths (`/assets/chunk-….js`): the chunks only that feature's panel reaches. */
export type FeatureChunks = Record<ChunkedFeature, string[]>

/**
 * Reads the feature chunks from esbuild's metafile: the output whose entry point is the feature's lazily
 * imported module, and every chunk it imports statically that no other entry (a page, another lazy module)
 * reaches. @throws Error when a feature has no chunk (the panel is no longer split out).
 */
function featureChunksOf(metafile: Metafile, outDir: string): FeatureChunks {
  const outputs = metafile.outputs
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>()
    const stack = [start]
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue
      seen.add(next)
      for (const edge of outputs[next]?.imports ?? [])
        if (edge.kind === 'import-statement') stack.push(edge.path)
    }
    return seen
  }
  const toPath = (output: string) => `/${relative(outDir, resolve(output)).split('\\').join('/')}`
  const entries = Object.keys(outputs).filter((output) => outputs[output]?.entryPoint !== undefined)
  const result = {} as FeatureChunks
  for (const [feature, pattern] of Object.entries(FEATURE_MODULES) as [ChunkedFeature, RegExp][]) {
    const entry = entries.find((output) => pattern.test(outputs[output]?.entryPoint ?? ''))
    if (!entry) throw new Error(`The lab's build has no chunk for the ${feature} panel`)
    const shared = new Set(entries.filter((e) => e !== entry).flatMap((e) => [...reach(e)]))
    result[feature] = [...reach(entry)].filter((output) => !shared.has(output)).map(toPath)
  }
  return result
}

/**
 * Builds the lab into a temp folder and serves it on an ephemeral port with the stack's config, or `config` (e.g.
 * the stack's info pointing at a relay of the test's own: `{ ...stack(), relay: { url } }`).
 */
export async function serveLab(options: { config?: LabConfig } = {}): Promise<{
  lab: RunningLab
  browser: Browser
  featureChunks: FeatureChunks
  /** Serves the same build again with another config (a stack service moved or gone); stopped with the rest. */
  serveAgain(config: LabConfig): Promise<RunningLab>
  stop(): Promise<void>
}> {
  const outDir = await mkdtemp(join(tmpdir(), 'latchkey-lab-'))
  const { metafile } = await buildLab({ outDir, dev: true })
  const featureChunks = featureChunksOf(metafile, outDir)
  const lab = await startLab({ port: 0, config: options.config ?? stack(), pagesDir: outDir })
  const browser = await connectBrowser(inject('browserWsEndpoint'))
  const others: RunningLab[] = []
  return {
    lab,
    browser,
    featureChunks,
    async serveAgain(config) {
      const other = await startLab({ port: 0, config, pagesDir: outDir })
      others.push(other)
      return other
    },
    async stop() {
      await browser.close()
      await Promise.all([lab, ...others].map((each) => each.stop()))
      await rm(outDir, { recursive: true, force: true })
    },
  }
}

/** An isolated lab page and the path of every request it made to the lab's server, in order. */
export type LabPageHandle = IsolatedPage & { requests: string[] }

/**
 * Opens a lab page in a fresh context whose test wallet holds `key` (set in localStorage before every load, so a
 * reload keeps it). `query` is appended to the page's URL. Every request to the lab is logged in `requests`.
 */
export async function openLabPage(
  browser: Browser,
  lab: RunningLab,
  input: {
    page: LabPage
    key: `0x${string}`
    query?: string
    /** The route to open instead of the page's own (`strict-csp`: the wagmi page under a strict CSP). */
    route?: string
    /** The page's clock under the test's control (Playwright's `clock.install`, before the page loads). */
    clock?: boolean
    context?: Parameters<typeof newIsolatedPage>[1]
  },
): Promise<LabPageHandle> {
  const isolated = await newIsolatedPage(browser, {
    viewport: { width: 1100, height: 800 },
    ...input.context,
  })
  const requests: string[] = []
  isolated.page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === lab.url) requests.push(url.pathname)
  })
  // Init scripts run in every frame: the secure frame (another site, no third-party storage) is left alone.
  await isolated.page.addInitScript(
    ({ storageKey, key }) => {
      if (window === window.top) localStorage.setItem(storageKey, key)
    },
    {
      storageKey: WALLET_KEY_KEY,
      key: input.key,
    },
  )
  if (input.clock) await isolated.page.clock.install()
  await isolated.page.goto(`${lab.url}/${input.route ?? input.page}${input.query ?? ''}`)
  return { ...isolated, requests }
}

/** How often the page requested any of `chunks`. */
export function requestsOf(handle: LabPageHandle, chunks: readonly string[]): number {
  return handle.requests.filter((path) => chunks.includes(path)).length
}

/**
 * What every browser test asserts at its end: no request outside 127.0.0.1, no page error, and no chunk of a
 * feature panel the test did not open (`opened`), so never one of a disabled feature.
 */
export function expectClean(
  handle: LabPageHandle,
  featureChunks: FeatureChunks,
  opened: readonly ChunkedFeature[] = [],
): void {
  expect(handle.outsideRequests).toEqual([])
  expect(handle.pageErrors.map((e) => e.message)).toEqual([])
  for (const [feature, chunks] of Object.entries(featureChunks) as [ChunkedFeature, string[]][]) {
    if (!opened.includes(feature))
      expect({ feature, requested: requestsOf(handle, chunks) }).toEqual({ feature, requested: 0 })
  }
}

/** Opens the modal and connects the first test wallet through it. */
export async function connectThroughModal(page: Page, rdns = 'dev.latchkey.testwallet'): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${rdns}`).click()
  await page.getByTestId('modal').waitFor({ state: 'detached' })
}

/** The text of a lab test id, once it is not empty. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? ''
}

/**
 * Runs a lab action (its `lab-<action>` button) and waits for its result, or fails with the lab's error text;
 * `answer` runs between the click and the wait (a wallet asked to approve).
 */
export async function labAction(page: Page, action: string, answer?: () => Promise<void>): Promise<string> {
  await page.getByTestId(`lab-${action}`).click()
  await answer?.()
  await expect
    .poll(async () => {
      const error = page.getByTestId('lab-error')
      if ((await error.getAttribute('data-action')) === action) return `error: ${await error.textContent()}`
      return (await page.getByTestId('lab-result').getAttribute('data-action')) ?? ''
    })
    .toBe(action)
  return textOf(page, 'lab-result')
}
