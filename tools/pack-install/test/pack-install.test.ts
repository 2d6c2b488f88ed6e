// "Install only what you use": the Latchkey packages as npm would publish them (`npm pack` of the built
// workspaces), installed into empty folders as a host installs them, offline (the tarballs and npm's cache only,
// see src/offline-install.ts). Each host app must not pull in what it does not use (no WalletConnect SDK without
// @latchkey/adapter-universal, no viem or wagmi beside ethers), must build with Vite from its own node_modules, and
// must connect the EVM test wallet in Chromium. WalletConnect left on without its package says which package to
// install, on the page and in the console.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  connectBrowser,
  type IsolatedPage,
  newIsolatedPage,
  type StaticServer,
  serveStatic,
} from '@latchkey/browser'
import { type createTestWallet, injectScriptPath, type TestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AppConfig } from '../apps/app-config.js'
import { ACCOUNT_TEST_ID } from '../apps/app-config.js'
import { type BuiltApp, buildApp } from '../src/build-app.js'
import {
  installOffline,
  listInstalled,
  npmCacheDir,
  type PackedPackage,
  planTree,
  writeAppManifests,
} from '../src/offline-install.js'
import { packWorkspaces } from '../src/pack.js'

type Page = IsolatedPage['page']
type TestWindow = Window & {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  wallet: TestWallet
}

const WORKSPACE_ROOT = join(import.meta.dirname, '..', '..', '..')
const APPS = join(import.meta.dirname, '..', 'apps')
/** The workspaces packed once for both hosts. */
const PACKED_WORKSPACES = ['kit-core', 'kit-ui', 'kit-react', 'adapters/ethers', 'adapters/wagmi']
const WALLETCONNECT_PACKAGE = '@latchkey/adapter-universal'
/** What the test wallet announces itself as (EIP-6963): the Connect row is `wallet-<rdns>`. */
const RDNS = 'dev.latchkey.pack-install'
/** Test accounts of this file's own (they only connect). */
const ACCOUNT_INDEX = { 'ui-ethers': 30, 'react-wagmi': 31 } as const

const stack = inject('stack') as LocalStackInfo
const { chains } = stack.evm

/** Package names (as `name@version`) that a host must not find installed. */
const matching = (installed: readonly string[], patterns: readonly RegExp[]) =>
  installed.filter((pkg) => patterns.some((pattern) => pattern.test(pkg)))
const WALLETCONNECT_SDKS = [/^@walletconnect\//, /^@reown\//, /^@solana\//, /^@latchkey\/adapter-universal@/]
const EVM_LIBRARIES_BUT_ETHERS = [/^viem@/, /^wagmi@/, /^@wagmi\//]

let temp: string
let packed: PackedPackage[]
let cache: string
let browser: Awaited<ReturnType<typeof connectBrowser>>
const opened: { isolated: IsolatedPage; consoleErrors: string[] }[] = []

/** A host app: what it installs and which entry it builds. */
interface HostApp {
  id: keyof typeof ACCOUNT_INDEX
  /** What the host names in its package.json (as the READMEs' `npm install` lines do). */
  dependencies: string[]
  /** Its entry in apps/ (which imports apps/app-config.ts). */
  entry: string
}

/** The host's folder: its offline install, the packages that landed, its Vite build, served on 127.0.0.1. */
interface InstalledApp {
  installed: string[]
  built: BuiltApp
  site: StaticServer
}

/** The host without React: kit-ui's README's install line. */
const UI_ETHERS: HostApp = {
  id: 'ui-ethers',
  dependencies: ['@latchkey/core', '@latchkey/ui', '@latchkey/adapter-ethers', 'ethers'],
  entry: 'ui-ethers/main.ts',
}
/** The React host on wagmi: the adapter's peers named by the host, as npm would install them anyway. */
const REACT_WAGMI: HostApp = {
  id: 'react-wagmi',
  dependencies: [
    '@latchkey/core',
    '@latchkey/ui',
    '@latchkey/react',
    '@latchkey/adapter-wagmi',
    '@wagmi/core',
    'viem',
    'react',
    'react-dom',
  ],
  entry: 'react-wagmi/main.tsx',
}

/**
 * Each host's install and build, started together as soon as the packages are packed: the second host installs
 * while the first one's browser tests run. Each describe awaits its own (and reports its failure).
 */
const installs = new Map<HostApp['id'], Promise<InstalledApp>>()

function installed(app: HostApp): Promise<InstalledApp> {
  const install = installs.get(app.id)
  if (!install) throw new Error(`${app.id} was not installed: the packing failed`)
  return install
}

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'latchkey-pack-install-'))
  const started = performance.now()
  ;[packed, cache, browser] = await Promise.all([
    packWorkspaces({
      workspaceRoot: WORKSPACE_ROOT,
      workspaces: PACKED_WORKSPACES,
      destination: join(temp, 'packs'),
    }),
    npmCacheDir(WORKSPACE_ROOT),
    connectBrowser(inject('browserWsEndpoint')),
  ])
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`packed ${packed.length} packages in ${seconds} s; installs read npm's cache at ${cache}`)
  for (const app of [UI_ETHERS, REACT_WAGMI]) {
    const install = installAndBuild(app)
    // Awaited by the host's describe; until then a failure must not count as an unhandled rejection.
    install.catch(() => undefined)
    installs.set(app.id, install)
  }
})
afterEach(async () => {
  const pages = opened.splice(0)
  for (const { isolated } of pages) await isolated.close()
  // Every page stayed on 127.0.0.1 and threw nothing.
  expect(pages.flatMap(({ isolated }) => isolated.outsideRequests)).toEqual([])
  expect(pages.flatMap(({ isolated }) => isolated.pageErrors.map((error) => error.message))).toEqual([])
})
afterAll(async () => {
  for (const install of installs.values())
    await install.then(
      (host) => host.site.close(),
      () => undefined,
    )
  await browser?.close()
  if (temp) await rm(temp, { recursive: true, force: true })
})

async function installAndBuild(app: HostApp): Promise<InstalledApp> {
  const dir = join(temp, app.id)
  await mkdir(dir)
  const started = performance.now()
  const tree = planTree({ workspaceRoot: WORKSPACE_ROOT, packed, names: app.dependencies })
  writeAppManifests(dir, tree, app.dependencies)
  await installOffline(dir, cache)
  const installedAt = performance.now()
  const installed = listInstalled(dir)
  const built = await buildApp(dir, { from: APPS, files: [app.entry, 'app-config.ts'] })
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`
  console.log(
    `${app.id}: installed offline in ${seconds(started, installedAt)}, built in ${seconds(installedAt, performance.now())}; ` +
      `${installed.length} packages landed: ${installed.join(', ')}`,
  )
  return { installed, built, site: await serveStatic(built.outDir) }
}

/** Opens the built app with the EVM test wallet announced; `walletConnect` is the host's enableWalletConnect. */
async function openApp(
  app: HostApp,
  site: StaticServer,
  walletConnect: boolean,
): Promise<{ page: Page; consoleErrors: string[] }> {
  const isolated = await newIsolatedPage(browser, { viewport: { width: 900, height: 720 } })
  const consoleErrors: string[] = []
  opened.push({ isolated, consoleErrors })
  const { page } = isolated
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.addInitScript({ path: injectScriptPath() })
  const config: AppConfig = {
    chains: chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    walletConnect,
    relayUrl: stack.relay.url,
  }
  await page.addInitScript(
    ({ config, rdns, index }) => {
      window.appConfig = config
      const w = window as unknown as TestWindow
      w.wallet = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey Test Wallet',
        rdns,
        accountIndices: [index],
        chains: config.chains,
      })
      w.wallet.announce()
    },
    { config, rdns: RDNS, index: ACCOUNT_INDEX[app.id] },
  )
  await page.goto(`${site.url}/`)
  return { page, consoleErrors }
}

/** Opens the modal and connects the test wallet; the app's own line then shows the wallet's address. */
async function connectTestWallet(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${RDNS}`).click()
  const address = await page.evaluate(() => (window as unknown as TestWindow).wallet.address)
  await expect
    .poll(async () => (await page.getByTestId(ACCOUNT_TEST_ID).textContent())?.toLowerCase())
    .toBe(address.toLowerCase())
}

/** WalletConnect is on, its package is not installed: its row opens a view naming the package; the console says so. */
async function expectWalletConnectNamesPackage(page: Page, consoleErrors: string[]): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-walletConnect').click()
  const notice = page.getByTestId('wc-not-installed')
  await expect.poll(() => notice.textContent()).toContain(`npm install ${WALLETCONNECT_PACKAGE}`)
  expect(await notice.textContent()).toContain('WalletConnect is not installed')
  await expect
    .poll(() => consoleErrors.filter((text) => text.includes(`${WALLETCONNECT_PACKAGE} is not installed`)))
    .toHaveLength(1)
  // No retry: trying again cannot install a package.
  expect(await page.getByTestId('wc-retry').count()).toBe(0)
}

describe('core + ui + adapter-ethers + ethers, no React, no WalletConnect package', () => {
  const app = UI_ETHERS
  let host: InstalledApp
  beforeAll(async () => {
    host = await installed(app)
  })

  it('installs offline with no viem, wagmi, WalletConnect or Solana package', () => {
    expect(host.installed.map((pkg) => pkg.replace(/@[^@]+$/, ''))).toEqual(
      expect.arrayContaining(['@latchkey/core', '@latchkey/ui', '@latchkey/adapter-ethers', 'ethers']),
    )
    expect(matching(host.installed, [...WALLETCONNECT_SDKS, ...EVM_LIBRARIES_BUT_ETHERS])).toEqual([])
  })

  it("builds with Vite; ui's import() of the WalletConnect package becomes Vite's stand-in for a missing optional peer", () => {
    expect(host.built.moduleIds).toContain(`__vite-optional-peer-dep:${WALLETCONNECT_PACKAGE}:@latchkey/ui`)
  })

  it('connects the EVM test wallet in Chromium', async () => {
    const { page } = await openApp(app, host.site, true)
    await connectTestWallet(page)
  })

  it('WalletConnect left on (the default): its row says to install @latchkey/adapter-universal', async () => {
    const { page, consoleErrors } = await openApp(app, host.site, true)
    await expectWalletConnectNamesPackage(page, consoleErrors)
  })

  it('WalletConnect off: Connect lists the browser wallet and no WalletConnect row', async () => {
    const { page } = await openApp(app, host.site, false)
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).waitFor()
    expect(await page.getByTestId('wallet-walletConnect').count()).toBe(0)
  })
})

describe('core + ui + react + adapter-wagmi with its peers, no WalletConnect package', () => {
  const app = REACT_WAGMI
  let host: InstalledApp
  beforeAll(async () => {
    host = await installed(app)
  })

  it('installs offline with no WalletConnect or Solana package', () => {
    expect(host.installed.map((pkg) => pkg.replace(/@[^@]+$/, ''))).toEqual(
      expect.arrayContaining(['@latchkey/react', '@latchkey/adapter-wagmi', '@wagmi/core', 'viem', 'react']),
    )
    expect(matching(host.installed, WALLETCONNECT_SDKS)).toEqual([])
  })

  it('builds with Vite and connects the EVM test wallet in Chromium (React hooks see the account)', async () => {
    const { page } = await openApp(app, host.site, true)
    await connectTestWallet(page)
  })

  it('WalletConnect left on (the default): its row says to install @latchkey/adapter-universal', async () => {
    const { page, consoleErrors } = await openApp(app, host.site, true)
    await expectWalletConnectNamesPackage(page, consoleErrors)
  })
})
