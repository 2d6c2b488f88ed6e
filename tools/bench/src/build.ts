// Production builds of the six apps with one esbuild settings object, each into .apps/<app>/ with an index.html,
// and the check that every input of every build lies inside tools/bench.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { extname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import { type BuildOptions, build, type Metafile } from 'esbuild'
import type { AppSpec } from './apps.js'
import { APPS_DIR, BENCH_DIR } from './paths.js'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** The settings every app is built with; only `entryPoints`, `outdir` and RainbowKit's `alias` differ. */
export const SHARED_BUILD_OPTIONS = {
  absWorkingDir: BENCH_DIR,
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  target: 'es2022',
  platform: 'browser',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  legalComments: 'none',
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  assetNames: 'asset-[hash]',
  metafile: true,
  logLevel: 'silent',
  // The apps' own sources are compiled with esbuild's defaults, not any tsconfig up the tree.
  tsconfigRaw: {},
} as const satisfies BuildOptions

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
  /** Number of inputs esbuild read. */
  inputCount: number
  buildMs: number
}

/** Thrown when a build reads a file outside tools/bench (the repo root's node_modules, a workspace folder). */
export class OutsideInputError extends Error {}

/**
 * Every input of a metafile must be a file inside tools/bench (its node_modules or its apps/). Returns the
 * offending paths, relative to tools/bench.
 */
export function inputsOutsideBench(metafile: Metafile): string[] {
  const outside: string[] = []
  for (const input of Object.keys(metafile.inputs)) {
    // A module disabled by a package's `browser` field (`(disabled):crypto`) reads no file.
    const path = input.replace(/^\(disabled\):/, '')
    if (path !== input && !path.includes('/')) continue
    const absolute = resolve(BENCH_DIR, path)
    if (!absolute.startsWith(BENCH_DIR + sep)) outside.push(input)
  }
  return outside
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

export function addSizes(sizes: Iterable<FileSize>): FileSize {
  const total = { raw: 0, gzip: 0, brotli: 0 }
  for (const size of sizes) {
    total.raw += size.raw
    total.gzip += size.gzip
    total.brotli += size.brotli
  }
  return total
}

function indexHtml(app: AppSpec, css: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${app.label} · Latchkey bench</title>`,
    ...css.map((file) => `<link rel="stylesheet" href="./${file}">`),
    // Run-time config (chains, project id): a classic script the bench's server writes, read by main.js.
    '<script src="/bench-config.js"></script>',
    '<script type="module" src="./main.js"></script>',
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

/** Builds one app into .apps/<app>/. @throws OutsideInputError, or esbuild's failure. */
export async function buildApp(app: AppSpec): Promise<AppBuild> {
  const outDir = join(APPS_DIR, app.id)
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const started = performance.now()
  const result = await build({
    ...SHARED_BUILD_OPTIONS,
    entryPoints: { main: join(BENCH_DIR, app.entry) },
    outdir: outDir,
    ...(app.alias ? { alias: app.alias } : {}),
  })
  const buildMs = performance.now() - started
  const outside = inputsOutsideBench(result.metafile)
  if (outside.length > 0) {
    throw new OutsideInputError(
      `${app.id}: ${outside.length} build input(s) lie outside tools/bench (the apps must resolve everything from ` +
        `tools/bench/node_modules): ${outside.slice(0, 10).join(', ')}${outside.length > 10 ? ', …' : ''}`,
    )
  }
  const files = await readdir(outDir)
  const css = files.filter((file) => extname(file) === '.css')
  await writeFile(join(outDir, 'index.html'), indexHtml(app, css))
  const jsFiles = new Map<string, FileSize>()
  const cssFiles = new Map<string, FileSize>()
  for (const file of files.sort()) {
    const ext = extname(file)
    if (ext !== '.js' && ext !== '.css') continue
    const size = await sizeOf(await readFile(join(outDir, file)))
    ;(ext === '.js' ? jsFiles : cssFiles).set(`/${app.id}/${file}`, size)
  }
  return {
    app,
    outDir: relative(BENCH_DIR, outDir),
    jsFiles,
    cssFiles,
    totalJs: addSizes(jsFiles.values()),
    inputCount: Object.keys(result.metafile.inputs).length,
    buildMs,
  }
}
