/** The core's conformance suite against the ethers adapter, the real local chains and the real test wallet. */
import { formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import { evmConformanceSetup } from '@latchkey/evm-testkit'
import { expect, test } from 'vitest'
import { EthersAdapter } from '../src/index.js'
import { networks, WALLET_RDNS } from './support.js'

test('the ethers adapter passes every check of the conformance suite', async () => {
  const report = await runConformanceSuite({
    name: 'ethers',
    setup: evmConformanceSetup({
      networks,
      rdns: WALLET_RDNS,
      async createAdapter(context) {
        const adapter = new EthersAdapter()
        await adapter.init(context)
        return adapter
      },
    }),
    connectorId: WALLET_RDNS,
    networks,
    expectedAccountTypes: ['eoa', 'eoa'],
    amount: 1_234_567n,
  })
  expect(report.failed, formatConformanceReport(report)).toEqual([])
  expect(report.results.filter((r) => r.passed)).toHaveLength(8)
})
