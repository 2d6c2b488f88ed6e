/** The adapter under the headless kit, as a host runs it: every step of a visit, and two reloads. */
import { createKitCore, nodeEnvironment } from '@latchkey/core'
import { runKitRoundTrip } from '@latchkey/evm-testkit'
import { expect, test } from 'vitest'
import { Ethers5Adapter } from '../src/index.js'
import { networks } from './helpers.js'

test('connect, the wallet switching, the kit switching, sign, reload restores without a prompt, disconnect sticks', async () => {
  const report = await runKitRoundTrip({
    networks,
    createKit: ({ storage, window }) =>
      createKitCore({
        networks: [...networks],
        adapters: [new Ethers5Adapter()],
        storage,
        environment: nodeEnvironment({ window: window as unknown as Window }),
      }),
  })
  expect(report.problems).toEqual([])
  expect(report.afterReload.address).toBe(report.wallet.address)
})
