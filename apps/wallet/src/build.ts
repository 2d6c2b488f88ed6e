import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build, type Plugin } from 'esbuild'

/** What {@link buildWalletSim} writes next to the bundle, and `startWalletSim` reads. */
export interface WalletSimManifest {
  /** Whether the bundle is readable with a source map (development and test builds) or minified. */
  dev: boolean
  /** The page's bundle under `assets/`. */
  entry: string
}

export const MANIFEST_FILE = 'wallet-manifest.json'
const ENTRY_FILE = 'wallet.js'

/** The page's entry: it reads the embedded config and mounts the wallet's interface. */
const ENTRY = resolve(import.meta.dirname, '..', 'src', 'main.tsx')

/** Where `npm run build` puts the page, and where `startWalletSim` looks by default. */
export const DEFAULT_OUT_DIR = resolve(import.meta.dirname, '..', 'dist', 'site')

/**
 * `@latchkey/solana-wallet`'s entry imports `node:url` for `injectScriptPath()`, which the page never calls: the
 * bundle gets a stand-in that throws if it ever were.
 */
const nodeUrlStandIn: Plugin = {
  name: 'wallet-sim-node-url',
  setup(context) {
    context.onResolve({ filter: /^node:url$/ }, () => ({
      path: 'node:url',
      namespace: 'wallet-sim-stand-in',
    }))
    context.onLoad({ filter: /.*/, namespace: 'wallet-sim-stand-in' }, () => ({
      contents:
        "export function fileURLToPath() { throw new Error('node:url is not available in the wallet simulator page') }",
      loader: 'js',
    }))
  },
}

/**
 * Bundles the page with esbuild (one ESM file: WalletKit, the test wallets, Preact) into `outDir/assets` and writes
 * the manifest. `dev` (default true) keeps the code readable with a linked source map; false minifies.
 * @throws esbuild's build failure with its messages.
 */
export async function buildWalletSim(
  options: { outDir?: string; dev?: boolean } = {},
): Promise<{ outDir: string; manifest: WalletSimManifest }> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR)
  const dev = options.dev ?? true
  const assets = join(outDir, 'assets')
  await rm(outDir, { recursive: true, force: true })
  await mkdir(assets, { recursive: true })
  await build({
    entryPoints: [ENTRY],
    outfile: join(assets, ENTRY_FILE),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    plugins: [nodeUrlStandIn],
  })
  const manifest: WalletSimManifest = { dev, entry: ENTRY_FILE }
  await writeFile(join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return { outDir, manifest }
}
