// Production builds of the six apps with one Vite settings object, each into .apps/<app>/ with its index.html, and
// the check that every module of every build lies inside tools/bench. Vite (Rolldown) is what most dApps ship with;
// its tree shaking is what a user of each library gets.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import { build, type InlineConfig, type Rollup } from 'vite'
import type { AppSpec } from './apps.js'
import { APPS_DIR, BENCH_DIR } from './paths.js'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Where each app's generated index.html lives while Vite builds it (git-ignored). */
const HTML_DIR = join(BENCH_DIR, '.out', 'html')

/** The settings every app is built with; only `root`, `outDir` and RainbowKit's `alias` differ. */
export const SHARED_BUILD_OPTIONS = {
  configFile: false,
  envFile: false,
  logLevel: 'silent',
  base: './',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    emptyOutDir: true,
    chunkSizeWarningLimit: 100_000,
  },
} as const satisfies InlineConfig

/** Sizes of one emitted file as it would be served compressed: gzip level 9, brotli quality 11. */
export interface FileSize {
  raw: number
  gzip: number
  brotli: number
}

export interface AppBuild {
  app: AppSpec
  outDir: string
  /** Emitted JavaScript files by URL path (`/<app>/main.js`). */
  jsFiles: Map<string, FileSize>
  /** Emitted CSS files by URL path (RainbowKit's stylesheet); not counted in the JS figures. */
  cssFiles: Map<string, FileSize>
  /** Sum over every emitted .js file. */
  totalJs: FileSize
  /**
   * The initial chunks: the entry chunk and every chunk it imports statically, transitively (what index.html loads
   * before anything is imported on demand), as URL paths, and their sizes summed.
   */
  initialFiles: string[]
  initialJs: FileSize
  /**
   * The modules of the initial chunks (ids relative to tools/bench; Vite's and Rolldown's virtual modules as their
   * ids) and the length of each one's code in its chunk (Rolldown's renderedLength, before minification): what tells
   * whether a feature adds to the initial chunk.
   */
  initialModules: Record<string, number>
  /** Number of modules the build bundled. */
  inputCount: number
  buildMs: number
}

/** Thrown when a build reads a file outside tools/bench (the repo root's node_modules, a workspace folder). */
export class OutsideInputError extends Error {}

/**
 * Every module of a build must be a file inside tools/bench (its node_modules or its apps/); Vite's and Rolldown's
 * virtual modules (`\0…`) read no file. Returns the offending ids.
 */
export function modulesOutsideBench(output: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]): string[] {
  const outside = new Set<string>()
  for (const item of output) {
    if (item.type !== 'chunk') continue
    for (const id of item.moduleIds) {
      if (id.startsWith('\0') || !id.startsWith('/')) continue
      const path = id.split('?')[0] as string
      if (!resolve(path).startsWith(BENCH_DIR + sep)) outside.add(path)
    }
  }
  return [...outside]
}

async function sizeOf(bytes: Buffer): Promise<FileSize> {
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ])
  return { raw: bytes.length, gzip: gz.length, brotli: br.length }
}

/** The entry chunks and the chunks they import statically, transitively: their file names and modules. */
export function initialChunks(output: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]): {
  files: string[]
  modules: Record<string, number>
} {
  const chunks = new Map<string, Rollup.OutputChunk>()
  for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item)
  const seen = new Set<string>()
  const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
  while (queue.length > 0) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of chunks.get(file)?.imports ?? []) if (chunks.has(next)) queue.push(next)
  }
  const modules: Record<string, number> = {}
  for (const file of seen) {
    for (const [id, module] of Object.entries(chunks.get(file)?.modules ?? {})) {
      // Each app's generated index.html is a module too (.out/html/<app>/index.html): one name for every app's.
      const name = (id.startsWith('/') ? relative(BENCH_DIR, id.split('?')[0] as string) : id).replace(
        /^\.out\/html\/[^/]+\/index\.html$/,
        '.out/html/<app>/index.html',
      )
      modules[name] = (modules[name] ?? 0) + module.renderedLength
    }
  }
  return { files: [...seen].sort(), modules }
}

export function addSizes(sizes: Iterable<FileSize>): FileSize {
  const total = { raw: 0, gzip: 0, brotli: 0 }
  for (const size of sizes) {
    total.raw += size.raw
    total.gzip += size.gzip
    total.brotli += size.brotli
  }
  return total
}

/** The page Vite builds from: the run-time config (a classic script the bench's server writes), then the app. */
function indexHtml(app: AppSpec): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${app.label} · Latchkey bench</title>`,
    '<script src="/bench-config.js"></script>',
    `<script type="module" src="${join(BENCH_DIR, app.entry)}"></script>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await filesUnder(join(dir, entry.name), path)))
    else found.push(path)
  }
  return found
}

/** Builds one app into .apps/<app>/. @throws OutsideInputError, or Vite's failure. */
export async function buildApp(app: AppSpec): Promise<AppBuild> {
  const outDir = join(APPS_DIR, app.id)
  const htmlRoot = join(HTML_DIR, app.id)
  await rm(outDir, { recursive: true, force: true })
  await mkdir(htmlRoot, { recursive: true })
  await writeFile(join(htmlRoot, 'index.html'), indexHtml(app))
  const started = performance.now()
  const result = await build({
    ...SHARED_BUILD_OPTIONS,
    root: htmlRoot,
    build: { ...SHARED_BUILD_OPTIONS.build, outDir },
    ...(app.alias ? { resolve: { alias: app.alias } } : {}),
  })
  const buildMs = performance.now() - started
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
    'output' in each ? each.output : [],
  )
  const outside = modulesOutsideBench(outputs)
  if (outside.length > 0) {
    throw new OutsideInputError(
      `${app.id}: ${outside.length} module(s) lie outside tools/bench (the apps must resolve everything from ` +
        `tools/bench/node_modules): ${outside.slice(0, 10).join(', ')}${outside.length > 10 ? ', …' : ''}`,
    )
  }
  const modules = new Set(outputs.flatMap((item) => (item.type === 'chunk' ? item.moduleIds : [])))
  const jsFiles = new Map<string, FileSize>()
  const cssFiles = new Map<string, FileSize>()
  for (const file of (await filesUnder(outDir)).sort()) {
    const ext = extname(file)
    if (ext !== '.js' && ext !== '.css') continue
    const size = await sizeOf(await readFile(join(outDir, file)))
    ;(ext === '.js' ? jsFiles : cssFiles).set(`/${app.id}/${file}`, size)
  }
  const initial = initialChunks(outputs)
  const initialFiles = initial.files.map((file) => `/${app.id}/${file}`)
  return {
    app,
    outDir: relative(BENCH_DIR, outDir),
    jsFiles,
    cssFiles,
    totalJs: addSizes(jsFiles.values()),
    initialFiles,
    initialJs: addSizes(initialFiles.flatMap((path) => jsFiles.get(path) ?? [])),
    initialModules: initial.modules,
    inputCount: modules.size,
    buildMs,
  }
}
