import { defineConfig } from 'vitest/config'

/**
 * One vitest run for the whole workspace: a project per package, one global setup that starts the
 * local stack (on ephemeral ports) once for every project.
 */
export default defineConfig({
  test: {
    // CI also writes a JSON report, from which .ci/run prints its closing 'N passed, N failed' line.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    globalSetup: ['./tools/stack/src/global-setup.ts'],
    projects: [
      { test: { name: 'core', root: './kit-core', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      {
        test: {
          name: 'evm-chains',
          root: './tools/evm-chains',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'evm-wallet',
          root: './tools/evm-wallet',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      { test: { name: 'browser', root: './tools/browser', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'services',
          root: './tools/services',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      { test: { name: 'stack', root: './tools/stack', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'checks', root: './tools/checks', include: ['test/**/*.test.ts'] } },
    ],
  },
})
