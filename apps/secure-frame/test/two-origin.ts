/**
 * Two sites for a browser test: one static server whose pages open on 127.0.0.1 and embed what it serves on
 * localhost (the same port, another site, as the secure frame is in production), in an isolated page of the shared
 * Chromium. Browser code is bundled by esbuild as the frame's build does, unminified.
 */
import {
  type BrowserEntry,
  bundleForBrowser,
  connectBrowser,
  type IsolatedPage,
  newIsolatedPage,
  type StaticFiles,
  type StaticServer,
  serveStatic,
} from '@latchkey/browser'
import { inject } from 'vitest'

type Page = IsolatedPage['page']
type Frame = ReturnType<Page['mainFrame']>

export interface TwoOriginOptions {
  /** Files served as they are, by URL path: `{ '/page.html': '<!doctype html>…' }`. */
  files: StaticFiles
  /** Served bundled for the browser (one ES module), by URL path: `{ '/app.js': '/abs/path/entry.ts' }`. */
  bundles?: Record<string, BrowserEntry>
  /** The isolated page's context options, e.g. `{ viewport: { width: 1000, height: 720 } }`. */
  context?: Parameters<typeof newIsolatedPage>[1]
  /** The page's default timeout, ms. Default 10 000. */
  timeoutMs?: number
}

/** What went wrong in the page, for `toEqual({ pageErrors: [], outsideRequests: [] })`. */
interface PageProblems {
  /** Messages of the uncaught errors the page reported (`pageerror`). */
  pageErrors: string[]
  /** URLs the page tried to reach outside 127.0.0.1 / localhost (each was refused). */
  outsideRequests: string[]
}

export interface TwoOrigins {
  page: Page
  isolated: IsolatedPage
  server: StaticServer
  /** `http://127.0.0.1:<port>`: where the page opens. */
  pageOrigin: string
  /** `http://localhost:<port>`: the same server as another site, for what the page embeds. */
  frameOrigin: string
  /** The page's frame whose URL starts with `urlPrefix` (default {@link frameOrigin}); throws naming the frames. */
  frame(urlPrefix?: string): Frame
  /** Closes the page, the browser connection and the server, and answers what went wrong in the page. */
  close(): Promise<PageProblems>
}

/** The frame build's options (scripts/build-frame.mjs) but unminified, kept in memory. */
/**
 * Bundles and serves the files, connects to the shared browser and opens an isolated page (on about:blank: the test
 * navigates it, e.g. to `${pageOrigin}/page.html`). Whatever was opened is closed again if a step fails.
 */
export async function openTwoOrigins(options: TwoOriginOptions): Promise<TwoOrigins> {
  const files: StaticFiles = { ...options.files }
  for (const [path, entry] of Object.entries(options.bundles ?? {}))
    files[path] = await bundleForBrowser(entry)
  const server = await serveStatic(files)
  const closers: (() => Promise<void>)[] = [() => server.close()]
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close()
  }
  try {
    const browser = await connectBrowser(inject('browserWsEndpoint'))
    closers.push(() => browser.close())
    const isolated = await newIsolatedPage(browser, options.context)
    closers.push(() => isolated.close())
    isolated.page.setDefaultTimeout(options.timeoutMs ?? 10_000)
    const frameOrigin = `http://localhost:${server.port}`
    return {
      page: isolated.page,
      isolated,
      server,
      pageOrigin: `http://127.0.0.1:${server.port}`,
      frameOrigin,
      frame(urlPrefix = frameOrigin) {
        const frames = isolated.page.frames()
        const found = frames.find((candidate) => candidate.url().startsWith(urlPrefix))
        if (found) return found
        throw new Error(`no frame at ${urlPrefix}; frames: ${frames.map((each) => each.url()).join(', ')}`)
      },
      async close() {
        const problems = {
          pageErrors: isolated.pageErrors.map((error) => error.message),
          outsideRequests: [...isolated.outsideRequests],
        }
        await closeAll()
        return problems
      },
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}
