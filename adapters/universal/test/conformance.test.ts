// The core's conformance suite against the universal adapter on eip155, solana and bip122: the wallet is WalletKit
// (the WalletConnect test wallet) behind the local relay, holding fresh funded keys on the local chains.
import { createMemoryStorage } from '@latchkey/core'
import { type ConformanceOptions, formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import type { WcNamespace } from '@latchkey/wc-wallet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  closeProvider,
  fundedWcWallet,
  networksOf,
  newProvider,
  pairOnDisplayUri,
  probeOf,
  recipientOf,
  universalAdapter,
  until,
  wcDriver,
} from './support.js'

let relay: LocalRelay
beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterAll(async () => {
  await relay?.close()
})

function options(
  namespace: WcNamespace,
  amount: bigint,
  accountTypes: ConformanceOptions['expectedAccountTypes'],
) {
  const [first, second] = networksOf(namespace)
  if (!first || !second) throw new Error(`the stack must run two ${namespace} networks`)
  return {
    name: `UniversalAdapter (${namespace})`,
    connectorId: 'walletConnect',
    networks: [first, second] as const,
    expectedAccountTypes: accountTypes,
    amount,
    // Events cross the relay: listen a little longer for a duplicate than for an in-page wallet.
    settleMs: 600,
    async setup() {
      const wallet = await fundedWcWallet(relay.url, [namespace])
      const provider = await newProvider(relay.url, networksOf(namespace))
      const stopPairing = pairOnDisplayUri(wallet, provider)
      const storage = createMemoryStorage()
      // A reload keeps the provider's session (the SDK's storage) and the adapter's storage.
      let latest = await universalAdapter(namespace, provider, storage)
      const createAdapter = async () => {
        latest = await universalAdapter(namespace, provider, storage)
        return latest
      }
      const driver = wcDriver(wallet, namespace)
      return {
        adapter: latest,
        probe: probeOf(namespace),
        createAdapter,
        // Bitcoin addresses belong to one network: the recipient is on the network the adapter is on.
        recipient: () => recipientOf(namespace, latest.getNetwork() ?? first),
        wallet: {
          ...driver,
          // The user revokes the site in the wallet, and the page is reloaded after the relay delivered it.
          async disconnect() {
            await driver.disconnect()
            await until(() => provider.session === undefined, 'the provider to hear the wallet’s disconnect')
          },
        },
        async cleanup() {
          stopPairing()
          await wallet.close()
          await closeProvider(provider)
        },
      }
    },
  } satisfies ConformanceOptions
}

describe('UniversalAdapter conformance over WalletConnect', () => {
  test.each([
    ['eip155', 1_234_567_890n, ['eoa', 'eoa']],
    // Above the rent-exempt minimum (890,880 lamports): the recipient is a fresh account.
    ['solana', 1_234_567n, ['eoa', 'eoa']],
    ['bip122', 123_456n, ['payment', 'payment']],
  ] as const)('%s: passes every check of the suite', async (namespace, amount, types) => {
    const report = await runConformanceSuite(options(namespace, amount, types))
    expect(report.failed, formatConformanceReport(report)).toEqual([])
    expect(report.results.filter((r) => r.passed)).toHaveLength(8)
  })
})
