import { basename, join } from 'node:path'
import { type IsolatedPage, type StaticServer, serveStatic } from '@latchkey/browser'
import { reactAliases, reactUnderTest } from '@latchkey/react18'
import { build } from 'esbuild'

/**
 * Bundles a test page (React's development build, so it reports hydration mismatches) to files to serve, with
 * the React of this run (18 in the react-18 project).
 */
export async function bundlePage(entry: string): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'page', entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(import.meta.dirname, 'out'),
    write: false,
    jsx: 'automatic',
    alias: reactAliases(reactUnderTest()),
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
    entryNames: 'page',
  })
  const files: Record<string, string> = {}
  for (const file of result.outputFiles) files[`/${basename(file.path)}`] = file.text
  return files
}

/** Serves a page whose body is `body` with the bundle of `entry`. */
export async function servePage(entry: string, body = ''): Promise<StaticServer> {
  const files = await bundlePage(entry)
  files['/index.html'] =
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Latchkey React</title>' +
    `<body>${body}<script type="module" src="/page.js"></script></body></html>`
  return serveStatic(files)
}

/**
 * Collects the page's console errors and warnings (React reports hydration mismatches and uncached snapshots
 * there), leaving out the kit's own notices (prefixed '[latchkey]', such as the missing project id).
 */
export function consoleProblems(page: IsolatedPage['page']): string[] {
  const seen: string[] = []
  page.on('console', (message) => {
    const kind = message.type()
    if ((kind === 'error' || kind === 'warning') && !message.text().startsWith('[latchkey]'))
      seen.push(message.text())
  })
  return seen
}
