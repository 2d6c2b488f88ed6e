// Bundles the frame's browser code (src/frame/main.ts and what it imports) into dist/public/frame.js.
import { createRequire } from 'node:module'
import { build } from 'esbuild'

// The @solana/kit packages each carry their own copy of the shared @solana/* modules (the root holds another version):
// every import of them resolves to @solana/kit's copies, the same version, so the frame ships each once.
const fromKit = createRequire(createRequire(import.meta.url).resolve('@solana/kit'))
const SHARED = ['errors', 'codecs-core', 'codecs-data-structures', 'codecs-numbers', 'codecs-strings']
const alias = Object.fromEntries(
  SHARED.map((name) => {
    const entry = fromKit.resolve(`@solana/${name}`)
    return [`@solana/${name}`, entry.slice(0, entry.lastIndexOf('/dist/'))]
  }),
)

await build({
  entryPoints: [new URL('../src/frame/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/public/frame.js', import.meta.url).pathname,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias,
  logLevel: 'warning',
})
