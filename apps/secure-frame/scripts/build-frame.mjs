// Bundles the frame's browser code (src/frame/main.ts and what it imports) into dist/public/frame.js.
import { build } from 'esbuild'

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
  logLevel: 'warning',
})
