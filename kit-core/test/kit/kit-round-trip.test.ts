/**
 * The testkit's kit round trip (which every EVM adapter's tests run) against the reference adapter: it passes a
 * correct adapter, and names the step a faulty one gets wrong.
 */
import { runKitRoundTrip } from '@latchkey/evm-testkit'
import type { LocalStackInfo } from '@latchkey/stack'
import { describe, expect, inject, test } from 'vitest'
import { createKitCore, nodeEnvironment, withRpcUrl } from '../../src/index.js'
import { latchkeyLocal, latchkeyLocal2 } from '../../src/networks/local.js'
import { SEEDED_FAULTS } from '../reference/faults.js'
import { ReferenceEvmAdapter } from '../reference/reference-adapter.js'

const [chainA, chainB] = (inject('stack') as LocalStackInfo).evm.chains
const networks = [
  withRpcUrl(latchkeyLocal, chainA!.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainB!.rpcUrl),
] as const

const roundTrip = (Adapter: typeof ReferenceEvmAdapter) =>
  runKitRoundTrip({
    networks,
    createKit: ({ storage, window }) =>
      createKitCore({
        networks: [...networks],
        adapters: [new Adapter()],
        storage,
        environment: nodeEnvironment({ window: window as unknown as Window }),
      }),
  })

describe('the kit round trip', () => {
  test('finds nothing wrong with the reference adapter', async () => {
    const report = await roundTrip(ReferenceEvmAdapter)
    expect(report.problems).toEqual([])
    expect(report.afterReload.prompts).toBe(0)
  })

  test('names the signature step when the adapter signs something else', async () => {
    const faulty = SEEDED_FAULTS.find((entry) => entry.check === 'sign')!.Adapter
    const report = await roundTrip(faulty)
    expect(report.problems).toHaveLength(1)
    expect(report.problems[0]).toMatch(/^the kit’s signature recovers to the wallet: saw "0x[0-9a-f]+"$/)
  })
})
