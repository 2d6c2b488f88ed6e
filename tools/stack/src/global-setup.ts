// vitest globalSetup (declared in the root vitest.config.ts): one local stack on ephemeral ports for the
// whole run, handed to every project as `inject('stack')`.
import type { TestProject } from 'vitest/node'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Imported lazily: @latchkey/evm-chains resolves to its dist/, so a fresh checkout needs a build first,
  // and that deserves a clearer message than a resolver error.
  let startStack: typeof import('./index.js').startStack
  try {
    ;({ startStack } = await import('./index.js'))
  } catch (error) {
    throw new Error(
      'The local stack could not be loaded; build it first: npx nx run-many -t build -p @latchkey/evm-chains @latchkey/stack',
      { cause: error },
    )
  }
  const stack = await startStack({ ephemeral: true })
  project.provide('stack', stack.info)
  return async () => {
    await stack.stop()
  }
}
