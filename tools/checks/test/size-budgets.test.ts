import { beforeAll, describe, expect, test } from 'vitest'
import {
  ADAPTER_LIBRARIES,
  BUDGETS,
  type ChunkFigures,
  formatBytes,
  type HostFigures,
  measureAdapterOwnCode,
  measureHost,
} from '../src/size-budgets.js'

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
