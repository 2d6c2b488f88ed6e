/**
 * The conformance suite's own test: it passes the reference adapter and fails each seeded fault, on the
 * check that fault breaks — all against the real local chains of the test stack and the real test wallet.
 */

import { evmConformanceSetup } from '@latchkey/evm-testkit'
import type { LocalStackInfo } from '@latchkey/stack'
import { describe, expect, inject, test } from 'vitest'
import { withRpcUrl } from '../src/index.js'
import { latchkeyLocal, latchkeyLocal2 } from '../src/networks/local.js'
import {
  type ConformanceOptions,
  formatConformanceReport,
  runConformanceSuite,
} from '../src/testing/index.js'
import { SEEDED_FAULTS } from './reference/faults.js'
import { ReferenceEvmAdapter } from './reference/reference-adapter.js'

const stack: LocalStackInfo = inject('stack')
const [chainA, chainB] = stack.evm.chains
if (!chainA || !chainB) throw new Error('the test stack must run two EVM chains')
const networks = [
  withRpcUrl(latchkeyLocal, chainA.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainB.rpcUrl),
] as const

function environmentFor(Adapter: typeof ReferenceEvmAdapter) {
  return evmConformanceSetup({
    networks,
    rdns: 'dev.latchkey.conformance',
    async createAdapter(context) {
      const adapter = new Adapter()
      await adapter.init(context)
      return adapter
    },
  })
}

const suiteOptions = (name: string, Adapter: typeof ReferenceEvmAdapter): ConformanceOptions => ({
  name,
  setup: environmentFor(Adapter),
  connectorId: 'dev.latchkey.conformance',
  networks,
  expectedAccountTypes: ['eoa', 'eoa'],
  amount: 1_234_567n,
})

describe.concurrent('the adapter conformance suite', () => {
  test('passes the reference adapter on every check', async () => {
    const report = await runConformanceSuite(suiteOptions('reference', ReferenceEvmAdapter))
    expect(report.results.map((r) => r.id)).toEqual([
      'connect',
      'send',
      'sign',
      'switch-network',
      'rejection',
      'events',
      'restore',
      'disconnect',
    ])
    expect(report.failed, formatConformanceReport(report)).toEqual([])
    expect(report.passed).toBe(true)
  })

  test.each(SEEDED_FAULTS)(
    'fails the adapter that $fault, on the $check check only',
    async ({ check, Adapter }) => {
      const report = await runConformanceSuite(suiteOptions(check, Adapter))
      expect(report.failed, formatConformanceReport(report)).toEqual([check])
      expect(report.passed).toBe(false)
      expect(report.results.find((r) => r.id === check)?.error).toBeTruthy()
    },
  )

  test('runs only the checks asked for', async () => {
    const report = await runConformanceSuite({
      ...suiteOptions('subset', ReferenceEvmAdapter),
      checks: ['sign'],
    })
    expect(report.results.map((r) => r.id)).toEqual(['sign'])
    expect(report.passed).toBe(true)
  })

  test('reports a setup that throws as a failed check, not a crash', async () => {
    const report = await runConformanceSuite({
      ...suiteOptions('broken setup', ReferenceEvmAdapter),
      checks: ['connect'],
      setup: async () => {
        throw new Error('no wallet here')
      },
    })
    expect(report.failed).toEqual(['connect'])
    expect(report.results[0]?.error).toBe('Error: no wallet here')
  })
})
