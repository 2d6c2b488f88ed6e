/** The core's conformance suite against the wagmi adapter, the real local chains and the real test wallet. */
import { formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import { evmConformanceSetup } from '@latchkey/evm-testkit'
import { expect, test } from 'vitest'
import { WagmiAdapter } from '../src/index.js'
import { networks } from './support.js'

test('the wagmi adapter passes every conformance check', async () => {
  const report = await runConformanceSuite({
    name: 'adapter-wagmi',
    setup: evmConformanceSetup({
      networks,
      rdns: 'dev.latchkey.conformance',
      async createAdapter(context) {
        const adapter = new WagmiAdapter({ networks })
        await adapter.init(context)
        return adapter
      },
    }),
    connectorId: 'dev.latchkey.conformance',
    networks,
    expectedAccountTypes: ['eoa', 'eoa'],
    amount: 1_234_567n,
  })
  expect(report.failed, formatConformanceReport(report)).toEqual([])
  expect(report.results.filter((r) => r.passed)).toHaveLength(8)
})
