import { basename, join } from 'node:path'
import { type StaticServer, serveStatic } from '@latchkey/browser'
import { build } from 'esbuild'

/** A served page: its server, the paths of its JS files, and the paths of the feature panels' chunks. */
export interface ServedModalPage {
  site: StaticServer
  chunks: string[]
  receiveChunk: string
  /** The Account view's Tokens panel. */
  tokensChunk: string
  /** The Account view's Activity panel. */
  activityChunk: string
  /** The Send views (the form and its preview). */
  sendChunk: string
}

/** The one output file holding `marker` (a test id only that panel's module renders). */
function chunkWith(files: readonly { path: string; text: string }[], marker: string, name: string): string {
  const found = files.filter((file) => file.text.includes(marker))
  if (found.length !== 1) throw new Error(`expected one ${name} chunk, found ${found.length}`)
  return `/${basename((found[0] as { path: string }).path)}`
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
  // Each panel's chunk is the one file that renders its view (the test ids are in no other module).
  return {
    site: await serveStatic(files),
    chunks: Object.keys(files).filter((p) => p.endsWith('.js')),
    receiveChunk: chunkWith(result.outputFiles, '"receive-view"', 'Receive'),
    tokensChunk: chunkWith(result.outputFiles, '"account-tokens-empty"', 'Tokens'),
    activityChunk: chunkWith(result.outputFiles, '"activity-item"', 'Activity'),
    sendChunk: chunkWith(result.outputFiles, '"send-view"', 'Send'),
  }
}
