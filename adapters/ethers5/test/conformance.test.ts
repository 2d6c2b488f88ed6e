/** Core's conformance suite against this adapter, the real local chains and the real test wallet. */
import { formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import { evmConformanceSetup } from '@latchkey/evm-testkit'
import { expect, test } from 'vitest'
import { Ethers5Adapter } from '../src/index.js'
import { networks, RDNS } from './helpers.js'

test('the ethers5 adapter passes every check of the conformance suite', async () => {
  const report = await runConformanceSuite({
    name: 'ethers5',
    setup: evmConformanceSetup({
      networks,
      rdns: RDNS,
      async createAdapter(context) {
        const adapter = new Ethers5Adapter()
        await adapter.init(context)
        return adapter
      },
    }),
    connectorId: RDNS,
    networks,
    expectedAccountTypes: ['eoa', 'eoa'],
    amount: 1_234_567n,
  })
  expect(report.failed, formatConformanceReport(report)).toEqual([])
  expect(report.results.filter((r) => r.passed)).toHaveLength(8)
})
