import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type IsolatedPage, newIsolatedPage, type StaticServer, serveStatic } from '@latchkey/browser'
import { addTestWalletToPage } from '@latchkey/evm-wallet'
import { reactAliases, reactUnderTest } from '@latchkey/react18'
import { build } from 'esbuild'

/**
 * npm installs `@wagmi/core` once per workspace package that names it (it is a peer with optional peers of its
 * own), so wagmi's copy and the adapter's would both be bundled; an app installs one. Both resolve to wagmi's here.
 */
function oneWagmiCore(): Record<string, string> {
  const wagmi = createRequire(createRequire(import.meta.url).resolve('wagmi'))
  return { '@wagmi/core': dirname(wagmi.resolve('@wagmi/core/package.json')) }
}

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
    alias: { ...reactAliases(reactUnderTest()), ...oneWagmiCore() },
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
    entryNames: 'page',
  })
  const files: Record<string, string> = {}
  for (const file of result.outputFiles) files[`/${basename(file.path)}`] = file.text
  return files
}

/**
 * Bundles a test page's server half for Node with the React of this run and imports it: in the react-18 project the
 * libraries that import React themselves (wagmi, react-query, use-sync-external-store) must get React 18 too, which
 * Node's own resolution (from the workspace root, React 19) would not give them.
 */
export async function importServerBundle<Module>(entry: string): Promise<Module> {
  const folder = await mkdtemp(join(tmpdir(), 'latchkey-ssr-'))
  const outfile = join(folder, 'server.mjs')
  try {
    await build({
      entryPoints: [join(import.meta.dirname, 'page', entry)],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      jsx: 'automatic',
      alias: { ...reactAliases(reactUnderTest()), ...oneWagmiCore() },
      define: { 'process.env.NODE_ENV': '"development"' },
      // CommonJS parts of the bundle (use-sync-external-store) call require for React: give them one.
      banner: {
        js: "import { createRequire as __latchkeyRequire } from 'node:module'; const require = __latchkeyRequire(import.meta.url);",
      },
      logLevel: 'silent',
    })
    return (await import(pathToFileURL(outfile).href)) as Module
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
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

/**
 * A server-rendering HTTP server for the returning-visitor tests: `/` answers `render(cookie)` (the request's Cookie
 * header; the body's HTML, with `page.js` after it), every other path a file of `files` (the page's bundle).
 */
export async function serveRendered(
  files: Record<string, string>,
  render: (cookie: string) => string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path !== '/') {
      // A chunk may be empty text: it is served all the same.
      const file = files[path]
      response.writeHead(file === undefined ? 404 : 200, { 'content-type': 'text/javascript; charset=utf-8' })
      response.end(file ?? '')
      return
    }
    const body = render(request.headers.cookie ?? '')
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Latchkey SSR</title><body>' +
        `${body}<script type="module" src="/page.js"></script></body></html>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** JSON for a `<script type="application/json">` element (no `<` that could end it). */
export const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')

/**
 * A page with the EVM test wallet, which grants the site on each load until `revokedKey` is set in its
 * localStorage; its console problems are collected, and each step that waits names itself when it gives up.
 */
export async function openWalletPage(
  browser: Parameters<typeof newIsolatedPage>[0],
  wallet: Parameters<typeof addTestWalletToPage>[1],
): Promise<{ isolated: IsolatedPage; problems: string[] }> {
  const isolated = await newIsolatedPage(browser)
  const problems = consoleProblems(isolated.page)
  isolated.page.setDefaultTimeout(10_000)
  await addTestWalletToPage(isolated.page, wallet)
  return { isolated, problems }
}

/** Loads `url` (or reloads the page) and returns the server's HTML once the page says it hydrated. */
export async function loadHydrated(isolated: IsolatedPage, url: string, reload: boolean): Promise<string> {
  const { page } = isolated
  const response = reload ? await page.reload() : await page.goto(url)
  const html = (await response?.text()) ?? ''
  await page
    .waitForFunction(() => (window as { hydrated?: boolean }).hydrated === true)
    .catch((error: unknown) => {
      throw new Error(`the page did not hydrate: ${String(error)}\n${isolated.diagnose()}`)
    })
  return html
}
