// The run-time configuration every app reads: the bench's static server serves /bench-config.js, a classic script
// that sets window.BENCH before the app's module runs. Nothing here is baked into a build.

/** One local EVM chain. */
export interface BenchChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** What /bench-config.js sets. */
export interface BenchConfig {
  /** The services stand-in's project: the 61-wallet fixture, or the 1,000-wallet listing (`?listing=scale`). */
  projectId: string
  /** The two local chains (31337, 31338). */
  chains: [BenchChain, BenchChain]
  /** The embedded wallet's secure frame page (`http://localhost:<port>/frame.html`), when the email backends run. */
  frameUrl?: string
}

declare global {
  interface Window {
    BENCH?: BenchConfig
  }
}

/** The page's config. @throws Error when /bench-config.js did not run. */
export function benchConfig(): BenchConfig {
  const config = window.BENCH
  if (!config) throw new Error('window.BENCH is missing: /bench-config.js did not load')
  return config
}

/** The app's element to render into. */
export function appRoot(): HTMLElement {
  const root = document.getElementById('app')
  if (!root) throw new Error('The page has no #app element')
  return root
}

/** The dApp metadata every modal is given. */
export function benchMetadata(name: string) {
  return { name, description: 'Latchkey benchmark app', url: location.origin, icons: [] as string[] }
}
