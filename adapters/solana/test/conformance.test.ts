// The core's conformance suite against the stack's two local Solana clusters and the Solana test wallet.
import { type ConformanceOptions, formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import type { LocalStackInfo } from '@latchkey/stack'
import { describe, expect, inject, test } from 'vitest'
import { localSolanaNetwork, solanaSetup, WALLET_NAME } from './support.js'

const stack: LocalStackInfo = inject('stack')
const clusters = stack.solana.clusters
const [a, b] = clusters
if (!a || !b) throw new Error('the test stack must run two Solana clusters')
const networks = [localSolanaNetwork(a), localSolanaNetwork(b)] as const

const options: ConformanceOptions = {
  name: 'SolanaAdapter',
  setup: solanaSetup(networks, clusters),
  connectorId: WALLET_NAME,
  networks,
  expectedAccountTypes: ['eoa'],
  // Above the rent-exempt minimum (890,880 lamports), as the recipient is a fresh account.
  amount: 1_234_567n,
}

describe('SolanaAdapter conformance', () => {
  test('passes every check of the conformance suite (an adapter-side switch asks the wallet nothing)', async () => {
    const report = await runConformanceSuite(options)
    expect(report.failed, formatConformanceReport(report)).toEqual([])
    expect(report.results.filter((r) => r.passed)).toHaveLength(8)
  })
})
