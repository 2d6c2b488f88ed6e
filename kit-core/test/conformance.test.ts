/**
 * The conformance suite's own test: it passes the reference adapter and fails each seeded fault, on the
 * check that fault breaks — all against the real local chains of the test stack and the real test wallet.
 */

import { createTestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { createPublicClient, createTestClient, http, type PublicClient, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { createMemoryStorage, latchkeyLocal, latchkeyLocal2, withRpcUrl } from '../src/index.js'
import {
  type ConformanceChainProbe,
  type ConformanceEnvironment,
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
const clients: PublicClient[] = networks.map((n) =>
  createPublicClient({ transport: http(n.rpcUrls.default.http[0], { retryCount: 0 }) }),
)

const probe: ConformanceChainProbe = {
  async getBalance(address, network) {
    return clients[networks.findIndex((n) => n.caipNetworkId === network.caipNetworkId)]!.getBalance({
      address: address as `0x${string}`,
    })
  },
  async verifySignature({ address, message, signature }) {
    return verifyMessage({
      address: address as `0x${string}`,
      message,
      signature: signature as `0x${string}`,
    })
  },
  async getTransaction(hash) {
    for (const client of clients) {
      const tx = await client.getTransaction({ hash: hash as `0x${string}` }).catch(() => undefined)
      if (!tx) continue
      const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
      return {
        from: tx.from,
        to: tx.to ?? '',
        value: tx.value,
        fee: receipt.gasUsed * receipt.effectiveGasPrice,
        caipNetworkId: `eip155:${tx.chainId}`,
      }
    }
    throw new Error(`transaction ${hash} is on none of the local chains`)
  },
}

/** Two fresh accounts funded on both chains, so no other test's transfers touch the balances checked. */
async function freshKeys(): Promise<`0x${string}`[]> {
  const keys = [generatePrivateKey(), generatePrivateKey()]
  for (const network of networks) {
    const anvil = createTestClient({
      mode: 'anvil',
      transport: http(network.rpcUrls.default.http[0], { retryCount: 0 }),
    })
    for (const key of keys) await anvil.setBalance({ address: privateKeyToAddress(key), value: 10n ** 20n })
  }
  return keys
}

function environmentFor(Adapter: typeof ReferenceEvmAdapter): () => Promise<ConformanceEnvironment> {
  return async () => {
    const wallet = createTestWallet({
      name: 'Conformance Wallet',
      rdns: 'dev.latchkey.conformance',
      privateKeys: await freshKeys(),
      chains: networks.map((n) => ({
        chainId: Number(n.id),
        rpcUrl: n.rpcUrls.default.http[0]!,
        name: n.name,
      })),
    })
    const discoveryTarget = new EventTarget()
    const stopAnnouncing = wallet.announce(discoveryTarget)
    const storage = createMemoryStorage()
    const createAdapter = async () => {
      const adapter = new Adapter()
      await adapter.init({ networks, options: {}, storage, discoveryTarget })
      return adapter
    }
    let account = 0
    return {
      adapter: await createAdapter(),
      probe,
      createAdapter,
      recipient: () => privateKeyToAddress(generatePrivateKey()),
      cleanup: stopAnnouncing,
      wallet: {
        setPolicy: (policy) => wallet.setPolicy(policy),
        promptCount: () => wallet.prompts().length,
        switchAccount: () => {
          account = (account + 1) % wallet.accounts.length
          wallet.switchAccount(account)
        },
        switchNetwork: (network) => wallet.switchChain(Number(network.id)),
        disconnect: () => wallet.disconnect(),
      },
    }
  }
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
