import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  ADAPTER_LIBRARIES,
  BUDGETS,
  type ChunkFigures,
  formatBytes,
  HOST_BUILD_SETTINGS,
  type HostFigures,
  measureAdapterOwnCode,
  measureFrameClient,
  measureHost,
} from '../src/size-budgets.js'
import { findWorkspaceRoot } from '../src/workspace.js'

/**
 * The byte budgets of issue 9, on production bundles of the built packages (build first). Sizes are deterministic,
 * so an exceeded budget fails here with the figure; timings live in the benchmark (`npm run bench`).
 */
let host: HostFigures

beforeAll(async () => {
  host = await measureHost()
  const rows = [
    ['initial (core + ui)', host.initial],
    ['modal views', host.modalViews],
    ...Object.entries(host.panels).map(([name, chunk]) => [`panel ${name}`, chunk] as const),
    ['other lazy (WalletConnect)', host.otherLazy],
  ] as const
  console.info(
    rows
      .map(([name, chunk]) => `${name}: ${formatBytes(chunk.gzip)} gzip (${formatBytes(chunk.raw)} raw)`)
      .join('\n'),
  )
}, 120_000)

function within(name: string, chunk: ChunkFigures, budget: number): void {
  expect(
    chunk.gzip,
    `${name}: ${formatBytes(chunk.gzip)} gzip, over its budget of ${formatBytes(budget)}`,
  ).toBeLessThanOrEqual(budget)
}

const holds = (chunk: ChunkFigures, pattern: RegExp) => chunk.inputs.filter((input) => pattern.test(input))
const WALLETCONNECT =
  /node_modules\/@walletconnect\/|adapters\/universal\/|kit-core\/dist\/adapter\/walletconnect-connection/

describe('a host showing the button (createKit of @latchkey/ui)', () => {
  test(`the initial chunk (core + ui) is at most ${formatBytes(BUDGETS.initial)} gzip`, () => {
    // What it must hold, so that the figure measures the real thing: core's kit and the buttons.
    expect(holds(host.initial, /kit-core\/dist\/kit\/create-kit-core\.js$/)).toHaveLength(1)
    expect(holds(host.initial, /kit-ui\/dist\/elements\/button-dom\.js$/)).toHaveLength(1)
    // The service clients' code (HTTP with retries, answer checks) loads with their first request.
    expect(holds(host.initial, /kit-core\/dist\/services\/(provider|blockchain)-api-client\.js$/)).toEqual([])
    within('initial chunk', host.initial, BUDGETS.initial)
  })

  test('WalletConnect is never in the initial chunk, and is in the bundle as a lazy chunk', () => {
    expect(holds(host.initial, WALLETCONNECT)).toEqual([])
    expect(holds(host.modalViews, WALLETCONNECT)).toEqual([])
    expect(
      holds(host.otherLazy, /node_modules\/@walletconnect\/universal-provider\//).length,
    ).toBeGreaterThan(0)
  })

  test(`the modal views chunk is at most ${formatBytes(BUDGETS.modalViews)} gzip`, () => {
    expect(holds(host.modalViews, /kit-ui\/dist\/modal\/modal-app\.js$/)).toHaveLength(1)
    expect(holds(host.modalViews, /node_modules\/preact\/dist\//)).toHaveLength(1)
    within('modal views chunk', host.modalViews, BUDGETS.modalViews)
  })

  test(`each lazy feature panel is at most ${formatBytes(BUDGETS.featurePanel)} gzip`, () => {
    expect(Object.keys(host.panels)).toContain('views/receive/receive-view.js')
    for (const [name, panel] of Object.entries(host.panels))
      within(`panel ${name}`, panel, BUDGETS.featurePanel)
  })
})

describe("the embedded wallet's frame client", () => {
  test(`is at most ${formatBytes(BUDGETS.frameClient)} gzip, and in neither the initial chunk nor the modal's`, async () => {
    const client = await measureFrameClient()
    console.info(`frame client: ${formatBytes(client.gzip)} gzip (${formatBytes(client.raw)} raw)`)
    expect(holds(client, /kit-core\/dist\/embedded\/transport-client\.js$/)).toHaveLength(1)
    expect(holds(client, /kit-core\/dist\/embedded\/parse\.js$/)).toHaveLength(1)
    // The frame's side of the transport is a module of its own, which the kit's side never loads.
    expect(holds(client, /kit-core\/dist\/embedded\/transport-host\.js$/)).toEqual([])
    within('frame client', client, BUDGETS.frameClient)
    expect(holds(host.initial, /kit-core\/dist\/embedded/)).toEqual([])
    expect(holds(host.modalViews, /kit-core\/dist\/embedded/)).toEqual([])
  })
})

describe("each adapter's own code (its chain library and @latchkey/core left out)", () => {
  test.each(Object.keys(ADAPTER_LIBRARIES))(
    `%s is at most ${formatBytes(BUDGETS.adapterOwnCode)} gzip`,
    async (name) => {
      const own = await measureAdapterOwnCode(name)
      console.info(`${name} own code: ${formatBytes(own.gzip)} gzip (${formatBytes(own.raw)} raw)`)
      const folder = name.replace('@latchkey/adapter-', 'adapters/')
      // The adapter's own modules are there, and none of its chain libraries or of core.
      expect(holds(own, new RegExp(`${folder}/dist/`)).length).toBeGreaterThan(0)
      expect(holds(own, /kit-core\/dist\//)).toEqual([])
      within(`${name} own code`, own, BUDGETS.adapterOwnCode)
    },
  )
})

/**
 * The wagmi adapter's initial code: the chunk a host's page loads with `new WagmiAdapter(…)`, before the visitor's
 * first click or the restore of a remembered session. Signing, sending and reading the chain load with the first call
 * that needs them (writes.js, reads.js), as does viem's fallback transport of a chain with several URLs. Connecting
 * and switching stay in the page's code: loading them on the click made the click → connected time twice as long. Bundled like a host (esbuild, splitting), the libraries left
 * external so that what the initial code asks of them shows as its import lines.
 */
describe("the wagmi adapter's initial code", () => {
  const LAZY_MODULES = ['reads.js', 'writes.js', 'fallback.js']
  /** What only the lazy modules ask of each library (a tree-shaking bundler then leaves it out of the page). */
  const LAZY_IMPORTS: Readonly<Record<string, readonly string[]>> = {
    '@wagmi/core': ['signMessage', 'signTypedData', 'sendTransaction', 'writeContract'],
    viem: ['fallback', 'shouldThrow', 'formatUnits', 'HttpRequestError', 'TimeoutError'],
    'viem/actions': ['getBalance', 'readContract', 'verifyMessage', 'estimateGas'],
    '@latchkey/core/eip155': ['erc20Balance'],
  }
  let initial: { inputs: string[]; imports: Map<string, Set<string>> }
  let lazy: { inputs: string[]; imports: Map<string, Set<string>> }

  /** The names each output file imports from each external module (`import{a as b,c}from"viem"`). */
  function importedNames(code: string, into: Map<string, Set<string>>): void {
    for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      const names = into.get(match[2] as string) ?? new Set<string>()
      for (const part of (match[1] as string).split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]
        if (name) names.add(name)
      }
      into.set(match[2] as string, names)
    }
  }

  function describeFiles(files: readonly string[], meta: Metafile, texts: ReadonlyMap<string, string>) {
    const inputs = new Set<string>()
    const imports = new Map<string, Set<string>>()
    for (const file of files) {
      for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]?.inputs ?? {}))
        if (bytesInOutput > 0) inputs.add(input)
      importedNames(texts.get(file) ?? '', imports)
    }
    return { inputs: [...inputs], imports }
  }

  beforeAll(async () => {
    const result = await build({
      stdin: {
        contents: "export * from '@latchkey/adapter-wagmi'\n",
        resolveDir: findWorkspaceRoot(),
        sourcefile: 'host-entry.js',
        loader: 'js',
      },
      ...HOST_BUILD_SETTINGS,
      external: [
        '@latchkey/core',
        '@latchkey/core/*',
        ...(ADAPTER_LIBRARIES['@latchkey/adapter-wagmi'] ?? []),
      ],
    })
    const meta = result.metafile
    const texts = new Map(
      result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/out/') + 1), file.text]),
    )
    const entry = Object.entries(meta.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('host-entry.js'),
    )?.[0]
    if (!entry) throw new Error('esbuild emitted no entry chunk for the adapter')
    const closure = new Set<string>()
    const queue = [entry]
    while (queue.length > 0) {
      const file = queue.pop() as string
      if (closure.has(file)) continue
      closure.add(file)
      for (const record of meta.outputs[file]?.imports ?? [])
        if (record.kind === 'import-statement' && !record.external) queue.push(record.path)
    }
    const rest = Object.keys(meta.outputs).filter((file) => !closure.has(file) && !file.endsWith('.map'))
    initial = describeFiles([...closure], meta, texts)
    lazy = describeFiles(rest, meta, texts)
  }, 60_000)

  const own = (inputs: readonly string[]) =>
    inputs.flatMap((input) => /adapters\/wagmi\/dist\/(.+)$/.exec(input)?.[1] ?? []).sort()

  test('holds what construction, init, restore and disconnect run', () => {
    expect(own(initial.inputs)).toEqual(
      expect.arrayContaining([
        'wagmi-adapter.js',
        'chains.js',
        'transports.js',
        'connectors.js',
        'reported-connection.js',
        'wagmi-state.js',
      ]),
    )
    expect([...(initial.imports.get('@wagmi/core') ?? [])]).toEqual(
      expect.arrayContaining(['createConfig', 'watchConnection', 'getConnection', 'reconnect', 'disconnect']),
    )
  })

  test('leaves connect, switch, sign, send, reads, error mapping and the fallback transport to lazy chunks', () => {
    expect(own(initial.inputs).filter((file) => LAZY_MODULES.includes(file))).toEqual([])
    expect(own(lazy.inputs)).toEqual(expect.arrayContaining(LAZY_MODULES))
    for (const [library, names] of Object.entries(LAZY_IMPORTS)) {
      const asked = initial.imports.get(library) ?? new Set<string>()
      expect(
        names.filter((name) => asked.has(name)),
        `${library} in the initial code`,
      ).toEqual([])
      // The lazy chunks do ask for them: the names above are the ones the adapter uses.
      const lazyAsked = lazy.imports.get(library) ?? new Set<string>()
      expect(
        names.filter((name) => !lazyAsked.has(name)),
        `${library} in the lazy chunks`,
      ).toEqual([])
    }
  })
})
