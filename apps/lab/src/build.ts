import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build, type Metafile } from 'esbuild'

/** The lab's pages: route name -> entry file under src/pages. */
export const LAB_PAGES = {
  wagmi: 'wagmi.tsx',
  ethers: 'ethers.tsx',
  ethers5: 'ethers5.tsx',
  vanilla: 'vanilla.ts',
  solana: 'solana.tsx',
  bitcoin: 'bitcoin.tsx',
  multichain: 'multichain.tsx',
} as const

/** The pages of the EVM adapters (the others are /solana, /bitcoin and /multichain). */
export const EVM_PAGES = ['wagmi', 'ethers', 'ethers5', 'vanilla'] as const satisfies readonly LabPage[]

export type LabPage = keyof typeof LAB_PAGES

/** What {@link buildLab} writes next to the bundles, and {@link startLab} reads. */
export interface LabManifest {
  /** Whether the pages load the EVM test wallet (development and test builds). */
  dev: boolean
  /** Page -> its entry bundle under `assets/`. */
  pages: Record<LabPage, string>
}

export const MANIFEST_FILE = 'lab-manifest.json'
const WALLET_BOOT_FILE = 'lab-wallet.js'
const CHAIN_WALLET_BOOT_FILE = 'lab-chain-wallets.js'

const SOURCE = resolve(import.meta.dirname, '..', 'src', 'pages')

/** Where `npm run build` puts the pages, and where `startLab` looks by default. */
export const DEFAULT_OUT_DIR = resolve(import.meta.dirname, '..', 'dist', 'site')

/**
 * Bundles the pages with esbuild (ESM, code splitting: what pages share and the modal's views are chunks)
 * into `outDir/assets`, plus the wallet boot script in dev builds, and writes the manifest. `dev` (default true)
 * keeps the code readable and injects the test wallet; false minifies and leaves the wallet out.
 * Returns esbuild's metafile (inputs per output) for checks such as "no React in /vanilla".
 * @throws esbuild's build failure with its messages.
 */
export async function buildLab(options: { outDir?: string; dev?: boolean } = {}): Promise<{
  outDir: string
  manifest: LabManifest
  metafile: Metafile
}> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR)
  const dev = options.dev ?? true
  const assets = join(outDir, 'assets')
  await rm(outDir, { recursive: true, force: true })
  await mkdir(assets, { recursive: true })
  const common = {
    bundle: true,
    platform: 'browser' as const,
    target: 'es2022',
    jsx: 'automatic' as const,
    minify: !dev,
    sourcemap: dev ? ('linked' as const) : false,
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  }
  const pages = await build({
    ...common,
    entryPoints: Object.fromEntries(
      Object.entries(LAB_PAGES).map(([page, file]) => [page, join(SOURCE, file)]),
    ),
    outdir: assets,
    format: 'esm',
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
  })
  if (dev) {
    await build({
      ...common,
      entryPoints: [join(SOURCE, 'wallet-boot.ts')],
      outfile: join(assets, WALLET_BOOT_FILE),
      format: 'iife',
    })
    await build({
      ...common,
      entryPoints: [join(SOURCE, 'chain-wallet-boot.ts')],
      outfile: join(assets, CHAIN_WALLET_BOOT_FILE),
      format: 'iife',
    })
  }
  const manifest: LabManifest = {
    dev,
    pages: Object.fromEntries(Object.keys(LAB_PAGES).map((page) => [page, `${page}.js`])) as Record<
      LabPage,
      string
    >,
  }
  await writeFile(join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return { outDir, manifest, metafile: pages.metafile }
}
