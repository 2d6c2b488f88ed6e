// vitest globalSetup (declared in the root vitest.config.ts): one local stack on ephemeral ports and one
// headless Chromium for the whole run, handed to every project as `inject('stack')` and
// `inject('browserWsEndpoint')`.
import type { TestProject } from 'vitest/node'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Imported lazily: @latchkey/evm-chains and @latchkey/browser resolve to their dist/, so a fresh checkout
  // needs a build first, and that deserves a clearer message than a resolver error.
  let startStack: typeof import('./index.js').startStack
  let launchBrowserServer: typeof import('@latchkey/browser').launchBrowserServer
  try {
    ;({ startStack } = await import('./index.js'))
    ;({ launchBrowserServer } = await import('@latchkey/browser'))
  } catch (error) {
    throw new Error(
      'The local stack could not be loaded; build it first: npx nx run-many -t build -p @latchkey/stack @latchkey/browser',
      { cause: error },
    )
  }
  // Side by side (Chromium launches in 0.15-0.4 s). A missing Chromium fails the run, after stopping what started.
  const [stack, browser] = await Promise.allSettled([startStack({ ephemeral: true }), launchBrowserServer()])
  if (stack.status === 'rejected' || browser.status === 'rejected') {
    await Promise.allSettled([
      stack.status === 'fulfilled' ? stack.value.stop() : undefined,
      browser.status === 'fulfilled' ? browser.value.close() : undefined,
    ])
    throw stack.status === 'rejected' ? stack.reason : (browser as PromiseRejectedResult).reason
  }
  project.provide('stack', stack.value.info)
  project.provide('browserWsEndpoint', browser.value.wsEndpoint)
  return async () => {
    await Promise.all([stack.value.stop(), browser.value.close()])
  }
}
