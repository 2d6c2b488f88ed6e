import { basename, join } from 'node:path'
import { type StaticServer, serveStatic } from '@latchkey/browser'
import { build } from 'esbuild'

/** A served page: its server, the paths of its JS files, and the path of the Receive panel's chunk. */
export interface ServedModalPage {
  site: StaticServer
  chunks: string[]
  receiveChunk: string
}

/**
 * Bundles the test page (ESM, code splitting so the modal's views and each feature panel are their own chunk)
 * and serves it on 127.0.0.1.
 */
export async function serveModalPage(): Promise<ServedModalPage> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'page/modal-page.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(import.meta.dirname, 'out'),
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
    entryNames: 'page',
  })
  const files: Record<string, string> = {
    '/index.html':
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Latchkey modal</title>' +
      '<body style="margin:0;background:#f4f5f7;font-family:system-ui;min-height:100vh">' +
      '<script type="module" src="/page.js"></script></body></html>',
  }
  for (const file of result.outputFiles) files[`/${basename(file.path)}`] = file.text
  // The Receive panel's chunk is the one file that renders its view (the test id is in no other module).
  const receive = result.outputFiles.filter((file) => file.text.includes('"receive-view"'))
  if (receive.length !== 1) throw new Error(`expected one Receive chunk, found ${receive.length}`)
  return {
    site: await serveStatic(files),
    chunks: Object.keys(files).filter((p) => p.endsWith('.js')),
    receiveChunk: `/${basename((receive[0] as { path: string }).path)}`,
  }
}
