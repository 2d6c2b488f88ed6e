import { gzipSync } from 'node:zlib'
import { build, type Metafile, type OutputFile } from 'esbuild'
import { findWorkspaceRoot } from './workspace.js'

/**
 * Byte budgets of what a host ships (issue 9). Everything is bundled the way a host's production build would:
 * esbuild, ESM with code splitting, minified, for browsers, every dependency bundled (Preact included). A chunk's
 * size is the gzip (level 9) of its files put together, as a bundler emitting that chunk as one file would ship it.
 * Deterministic: same sources, same bytes.
 */
export const BUDGETS = {
  /**
   * The initial chunk of a host that shows the button: `createKit` of @latchkey/ui with core. It follows the figure,
   * with a little room: 35.8 kB after issue 18's first trims, 37.3 kB after issue 19 (constructed stylesheets, the
   * local-image and listing-identity checks) and the late controllers' loader and module splits. esbuild assigns a
   * file to the chunks of every entry that reaches it through an import, used or not, and the button reaches core's
   * index, which re-exports the late controllers: here they stay in the initial chunk, where Vite's Rolldown (the
   * bench) leaves them in chunks of their own, 6.9 kB gzip less over the session (137.0 -> 130.1 kB). 37.55 kB once
   * the RPC transports stopped sending writes twice (issue 20): core's transports reach this chunk the same way.
   * Issue 22 raised it by 100 B: its raw bytes are below the figure before it (106,539 B against 106,701 B, every
   * module of this chunk the same size or smaller), but the gzip of the files put together moves with the order of
   * their content-hash names, and the commit before it measured 38,026 B with issue 22's UI (between 37,979 and
   * 38,090 B after, as builds reorder the names). Issue 23 raised it by 150 B: 196 B raw more (kit.controllers.send's
   * getter and the resetSendState hook in create-kit-core, 108 B; the two Send view names, 13 B; the rest is the
   * imports between chunks), 38,110 B measured. The send controller and form are chunks of their own; keccak stays out
   * of this chunk only because the root's `isAddress` wraps `validators/evm-address.ts` instead of re-exporting it.
   * Issue 27 (email login) added 815 B raw of hooks and moved the HTTP client and its retries from core's root to
   * `@latchkey/core/rpc` (3,975 B raw less than before it: 102,628 B), and the files are now put together in the order
   * of the modules they hold, not of their hashed names, so the figure no longer moves by some 300 B between builds of
   * the same sources: 36,339 B, against 37,784 B for the commit before issue 27 measured the same way.
   */
  initial: 36_600,
  /** The modal's views: the chunk the modal loads when it first opens. */
  modalViews: 30_000,
  /** Each feature panel loaded on first use (Receive, and the panels of later issues). */
  featurePanel: 10_000,
  /** The Account view's Tokens panel (issue 22): a chunk requested when the Account view first shows its tokens. */
  accountTokensPanel: 10_000,
  /** The Account view's Activity panel (issue 22): a chunk requested only when the Activity tab first opens. */
  accountActivityPanel: 10_000,
  /** Each adapter's own code, its chain library and @latchkey/core left out. */
  adapterOwnCode: 15_000,
  /**
   * The embedded wallet's frame client (issue 25): the frame's life on the page (`createSecureFrame`, issue 27), the
   * kit's side of the frame transport, the strict parsers of the protocol and the EmbeddedWalletProvider over it, all
   * of `@latchkey/core/embedded` the kit loads when the secure frame is first needed. Never in the initial chunk.
   */
  frameClient: 8_000,
} as const

/**
 * The feature panels a host's bundle must hold as chunks of their own, by module, with each one's budget: a panel
 * folded into the modal's chunk (or gone) fails the measurement instead of passing unmeasured.
 */
const FEATURE_PANELS: Readonly<Record<string, number>> = {
  'views/receive/receive-view.js': BUDGETS.featurePanel,
  'views/send/send-view.js': BUDGETS.featurePanel,
  'views/account/tokens-view.js': BUDGETS.accountTokensPanel,
  'views/account/activity-view.js': BUDGETS.accountActivityPanel,
}

/** The chain libraries of each adapter: left out of its own code's figure (the host owns or shares them). */
export const ADAPTER_LIBRARIES: Readonly<Record<string, readonly string[]>> = {
  '@latchkey/adapter-wagmi': ['@wagmi/*', 'viem', 'viem/*'],
  '@latchkey/adapter-ethers': ['ethers'],
  '@latchkey/adapter-ethers5': ['ethers5'],
  '@latchkey/adapter-solana': ['@solana/*', 'buffer', 'buffer/', '@wallet-standard/*'],
  '@latchkey/adapter-bitcoin': ['bitcoinjs-lib', '@bitcoinerlab/*', '@wallet-standard/*'],
  '@latchkey/adapter-universal': ['@walletconnect/*', 'viem', 'viem/*', '@noble/*', '@scure/*'],
}

/** One measured chunk: its files (as emitted), the inputs they hold, and their sizes. */
export interface ChunkFigures {
  files: string[]
  inputs: string[]
  raw: number
  gzip: number
}

/** The chunks of a host using the button. */
export interface HostFigures {
  initial: ChunkFigures
  modalViews: ChunkFigures
  /** Each lazily loaded feature panel, by its module (e.g. `views/receive/receive-view.js`). */
  panels: Record<string, ChunkFigures>
  /** Every other lazily loaded chunk (the WalletConnect provider and what it loads). */
  otherLazy: ChunkFigures
}

/** How the budgets bundle: as a host's production build would (esbuild, splitting, minified, for browsers). */
export const HOST_BUILD_SETTINGS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  platform: 'browser',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  outdir: 'out',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const

function figures(
  files: readonly string[],
  outputs: ReadonlyMap<string, OutputFile>,
  meta: Metafile,
): ChunkFigures {
  // In the order of the modules each file holds: the files' names carry content hashes, and an order that follows them
  // moves the gzip figure by a few hundred bytes between builds of the same sources.
  const modulesOf = (file: string) =>
    Object.keys(meta.outputs[file]?.inputs ?? {})
      .sort()
      .join('\n')
  const sorted = [...files].sort((a, b) => modulesOf(a).localeCompare(modulesOf(b)) || a.localeCompare(b))
  const bytes = Buffer.concat(sorted.map((file) => Buffer.from((outputs.get(file) as OutputFile).contents)))
  const inputs = new Set<string>()
  for (const file of sorted)
    for (const input of Object.keys(meta.outputs[file]?.inputs ?? {})) inputs.add(input)
  return {
    files: sorted,
    inputs: [...inputs].sort(),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  }
}

/** The file and every file it imports statically, transitively, minus `exclude`. */
function staticClosure(meta: Metafile, file: string, exclude: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>()
  const queue = [file]
  while (queue.length > 0) {
    const next = queue.pop() as string
    if (seen.has(next) || exclude.has(next)) continue
    seen.add(next)
    for (const record of meta.outputs[next]?.imports ?? [])
      if (record.kind === 'import-statement' && !record.external) queue.push(record.path)
  }
  return [...seen]
}

/** Runs esbuild on `contents` as an entry module resolved from the workspace root. */
async function bundle(contents: string, external: readonly string[] = []) {
  const result = await build({
    ...HOST_BUILD_SETTINGS,
    stdin: { contents, resolveDir: findWorkspaceRoot(), sourcefile: 'host-entry.js', loader: 'js' },
    external: [...external],
  })
  const outputs = new Map(result.outputFiles.map((file) => [relativeOut(file.path), file]))
  return { meta: result.metafile, outputs }
}

function relativeOut(path: string): string {
  const at = path.lastIndexOf('/out/')
  return at === -1 ? path : path.slice(at + 1)
}

/** Bundles a host that imports `createKit` from @latchkey/ui and splits its output into the budgeted chunks. */
export async function measureHost(): Promise<HostFigures> {
  const { meta, outputs } = await bundle(
    `import { createKit } from '@latchkey/ui'\nglobalThis.latchkeyCreateKit = createKit\n`,
  )
  const entry = Object.entries(meta.outputs).find(
    ([, output]) => output.entryPoint === '<stdin>' || output.entryPoint === 'host-entry.js',
  )?.[0]
  if (!entry) throw new Error('esbuild emitted no entry chunk for the host')
  const initialFiles = staticClosure(meta, entry)
  const initial = new Set(initialFiles)
  const lazyEntries = Object.entries(meta.outputs).filter(
    ([file, output]) => output.entryPoint !== undefined && file !== entry && !file.endsWith('.map'),
  )
  const modalEntry = lazyEntries.find(([, output]) =>
    output.entryPoint?.endsWith('kit-ui/dist/modal/modal-host.js'),
  )
  if (!modalEntry) throw new Error('no lazily loaded modal chunk (kit-ui/dist/modal/modal-host.js)')
  const modalFiles = staticClosure(meta, modalEntry[0], initial)
  const shown = new Set([...initialFiles, ...modalFiles])
  const panels: Record<string, ChunkFigures> = {}
  for (const [file, output] of lazyEntries) {
    const at = output.entryPoint?.indexOf('kit-ui/dist/views/') ?? -1
    if (at === -1 || !output.entryPoint) continue
    panels[output.entryPoint.slice(at + 'kit-ui/dist/'.length)] = figures(
      staticClosure(meta, file, shown),
      outputs,
      meta,
    )
  }
  const missing = Object.keys(FEATURE_PANELS).filter((name) => !panels[name])
  if (missing.length > 0)
    throw new Error(`no lazily loaded chunk for the feature panels ${missing.join(', ')}`)
  const counted = new Set([...shown, ...Object.values(panels).flatMap((panel) => panel.files)])
  const rest = Object.keys(meta.outputs).filter((file) => !counted.has(file) && !file.endsWith('.map'))
  return {
    initial: figures(initialFiles, outputs, meta),
    modalViews: figures(modalFiles, outputs, meta),
    panels,
    otherLazy: figures(rest, outputs, meta),
  }
}

/** Bundles everything an adapter package exports, its chain libraries and @latchkey/core external. */
export async function measureAdapterOwnCode(packageName: string): Promise<ChunkFigures> {
  const libraries = ADAPTER_LIBRARIES[packageName]
  if (!libraries) throw new Error(`No chain libraries listed for ${packageName}`)
  const { meta, outputs } = await bundle(`export * from '${packageName}'\n`, [
    '@latchkey/core',
    '@latchkey/core/*',
    ...libraries,
  ])
  const files = Object.keys(meta.outputs).filter((file) => !file.endsWith('.map'))
  return figures(files, outputs, meta)
}

/**
 * Bundles what the kit loads for the secure frame: its life on the page (`createSecureFrame`), the client side of the
 * transport and the provider over it.
 */
export async function measureFrameClient(): Promise<ChunkFigures> {
  const { meta, outputs } = await bundle(
    `import { createSecureFrame } from '@latchkey/core/embedded'\n` +
      'globalThis.latchkeyFrameClient = createSecureFrame\n',
  )
  const files = Object.keys(meta.outputs).filter((file) => !file.endsWith('.map'))
  return figures(files, outputs, meta)
}

/** `12,345 B` — budgets and figures in the failure messages. */
export function formatBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} B`
}
