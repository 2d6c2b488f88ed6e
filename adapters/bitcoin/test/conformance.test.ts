/** The core's conformance suite against the Bitcoin adapter, the stack's two networks and the Bitcoin test wallet. */
import { createMemoryStorage } from '@latchkey/core'
import { formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import { expect, test } from 'vitest'
import {
  adapterFor,
  chainProbe,
  freshAddress,
  fundedKeys,
  networks,
  PROVIDER_ID,
  testWallet,
} from './support.js'

test('the bitcoin adapter passes every check of the conformance suite', async () => {
  const report = await runConformanceSuite({
    name: 'bitcoin',
    async setup() {
      const { wallet, discoveryTarget, unregister } = testWallet(await fundedKeys(2))
      const storage = createMemoryStorage()
      const createAdapter = () => adapterFor(discoveryTarget, storage)
      let account = 0
      return {
        adapter: await createAdapter(),
        probe: chainProbe,
        createAdapter,
        recipient: () => freshAddress(networks.find((n) => n.name === wallet.network.name)),
        cleanup: unregister,
        wallet: {
          setPolicy: (policy: 'approve' | 'reject') => wallet.setPolicy(policy),
          promptCount: () => wallet.prompts().length,
          switchAccount: () => {
            account = (account + 1) % 2
            wallet.switchAccount(account)
          },
          switchNetwork: (network: { name: string }) => wallet.switchNetwork(network.name),
          disconnect: () => wallet.disconnect(),
        },
      }
    },
    connectorId: PROVIDER_ID,
    networks,
    expectedAccountTypes: ['payment', 'ordinal'],
    amount: 123_456n,
  })
  expect(report.failed, formatConformanceReport(report)).toEqual([])
  expect(report.results.filter((r) => r.passed)).toHaveLength(8)
})
