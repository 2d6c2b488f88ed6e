// Builds the self-contained IIFE browser bundle that defines globalThis.LatchkeyTestWallet.
// Usage: node scripts/bundle.mjs [outfile]   (default dist/inject.global.js; the tests build to a temp dir)
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outfile = process.argv[2] ?? `${root}dist/inject.global.js`

const result = await build({
  absWorkingDir: root,
  // The entry: define the global, nothing else.
  stdin: {
    contents:
      "import { createTestWallet } from './src/wallet.ts'\nglobalThis.LatchkeyTestWallet = { createTestWallet }\n",
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
