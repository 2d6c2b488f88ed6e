// Builds the self-contained IIFE browser bundle that defines globalThis.LatchkeyBitcoinTestWallet.
// Usage: node scripts/bundle.mjs [outfile]   (default dist/inject.global.js)
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outfile = process.argv[2] ?? `${root}dist/inject.global.js`

const result = await build({
  absWorkingDir: root,
  stdin: {
    contents:
      "import { createBitcoinTestWallet } from './src/wallet.ts'\nglobalThis.LatchkeyBitcoinTestWallet = { createBitcoinTestWallet }\n",
    resolveDir: root,
    sourcefile: 'inject.global.ts',
    loader: 'ts',
  },
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
})
const bytes = Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0)
console.log(`${outfile}: ${(bytes / 1024).toFixed(1)} kB`)
