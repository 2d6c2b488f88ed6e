export { type BrowserEntry, bundleForBrowser } from './bundle.js'
export { connectBrowser, type IsolatedPage, isOutsideUrl, newIsolatedPage } from './page.js'
export { type StaticFiles, type StaticServer, serveStatic } from './serve.js'
export {
  type BrowserServer,
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM_PATH,
  type LaunchBrowserServerOptions,
  launchBrowserServer,
} from './server.js'
export type { ProvidedBrowser } from './types.js'
