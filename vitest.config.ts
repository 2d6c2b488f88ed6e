import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { reactAliases } from './tools/react18/src/index.js'

const SOURCES_AND_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts']
const WITH_TSX = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}']
const TESTS_ONLY = ['test/**/*.test.ts']
/** Type tests: checked by tsc, never run. */
const TYPE_TESTS = ['test/types/**/*.test-d.{ts,tsx}']
const NETWORK_GUARD = fileURLToPath(new URL('./tools/stack/src/network-guard-setup.ts', import.meta.url))

/**
 * A project of the run: a package's tests. The timeouts guard against a hang, they are not timing targets
 * (those live in benchmarks): browser and chain tests share two cores with the whole run, so a step that
 * takes 200 ms alone can take seconds under load. `typecheck` names the package's tsconfig that includes its
 * type tests ({@link TYPE_TESTS}): tsc checks that whole program once per run (an error outside the type tests
 * fails the run too), and each failing `expectTypeOf` or unused `@ts-expect-error` fails its test.
 */
const project = (
  name: string,
  root: string,
  include: string[] = SOURCES_AND_TESTS,
  extra: { env?: Record<string, string>; alias?: Record<string, string>; typecheck?: string } = {},
) => ({
  resolve: { alias: extra.alias ?? {} },
  test: {
    name,
    root,
    include,
    env: extra.env ?? {},
    typecheck: extra.typecheck
      ? { enabled: true, include: TYPE_TESTS, tsconfig: extra.typecheck }
      : { enabled: false },
    // Every test fails if it opens a socket or looks up a name outside 127.0.0.1 (tools/stack/src/network-guard.ts).
    setupFiles: [NETWORK_GUARD],
    // One worker process runs a project's files one after another and keeps its module cache: on two cores vitest
    // runs one worker, and a fresh process per file spent about 240 s of a 530 s run importing viem, the Solana and
    // WalletConnect libraries again for each of 170 files. Files must not rely on a fresh module state (stubbed
    // globals are unstubbed in afterEach; every client and kit a file makes is its own).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
  },
})

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
      project('core', './kit-core'),
      project('ui', './kit-ui', WITH_TSX),
      project('react', './kit-react', WITH_TSX, { typecheck: './tsconfig.json' }),
      // kit-react's hook and SSR tests again under React 18 (its other supported major): `react` and `react-dom`
      // resolve to tools/react18's, in Node here and in the test pages' bundles (LATCHKEY_REACT). Not its type
      // tests: the types are React 19's either way, `react` checks them.
      project('react-18', './kit-react', ['test/**/*.test.{ts,tsx}'], {
        env: { LATCHKEY_REACT: '18' },
        alias: reactAliases('18'),
      }),
      project('adapter-wagmi', './adapters/wagmi'),
      project('adapter-ethers', './adapters/ethers'),
      project('adapter-ethers5', './adapters/ethers5'),
      project('adapter-solana', './adapters/solana'),
      project('adapter-bitcoin', './adapters/bitcoin'),
      project('adapter-universal', './adapters/universal'),
      project('lab', './apps/lab', WITH_TSX),
      project('next-example', './apps/next-example', TESTS_ONLY),
      project('wallet-sim', './apps/wallet', TESTS_ONLY),
      project('local-ports', './tools/local-ports', TESTS_ONLY),
      project('evm-chains', './tools/evm-chains'),
      project('solana-chains', './tools/solana-chains'),
      project('bitcoin-chains', './tools/bitcoin-chains'),
      project('simulated-user', './tools/simulated-user', TESTS_ONLY),
      project('evm-wallet', './tools/evm-wallet'),
      project('solana-wallet', './tools/solana-wallet'),
      project('bitcoin-wallet', './tools/bitcoin-wallet'),
      project('wc-relay', './tools/wc-relay'),
      project('wc-wallet', './tools/wc-wallet'),
      project('browser', './tools/browser', TESTS_ONLY),
      project('services', './tools/services'),
      project('service-db', './tools/service-db', TESTS_ONLY),
      project('mail-sink', './tools/mail-sink', TESTS_ONLY),
      project('auth', './apps/auth', TESTS_ONLY),
      project('secure-frame', './apps/secure-frame', TESTS_ONLY),
      project('stack', './tools/stack'),
      project('start', './tools/start', TESTS_ONLY),
      project('checks', './tools/checks', TESTS_ONLY),
      project('pack-install', './tools/pack-install', TESTS_ONLY),
      project('react18', './tools/react18', TESTS_ONLY),
    ],
  },
})
