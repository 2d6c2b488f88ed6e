/**
 * Two wallets in a real Chromium: A sits on window.ethereum and announces itself, B only announces itself.
 * Choosing B connects B (in the adapter and in its wagmi config), signs with B, and leaves wallet A untouched.
 */
import { runTwoWalletScenario } from '@latchkey/evm-testkit'
import { expect, inject, test } from 'vitest'

test('choosing wallet B connects B, signs with B, and leaves wallet A untouched', async () => {
  const report = await runTwoWalletScenario({
    browserWsEndpoint: inject('browserWsEndpoint'),
    entry: new URL('./page.ts', import.meta.url).pathname,
    chain: inject('stack').evm.chains[0]!,
  })
  expect(report.connectors).toEqual([
    { id: report.walletA.rdns, type: 'ANNOUNCED', name: 'Wallet A' },
    { id: report.walletB.rdns, type: 'ANNOUNCED', name: 'Wallet B' },
  ])
  expect(report.addresses).toEqual([report.walletB.address])
  expect(report.signer).toBe(report.walletB.address)
  expect(report.signedByB).toBe(true)
  expect(report.extra).toEqual({ wagmiAccount: report.walletB.address })
  expect(report.walletA.requests).toEqual([])
  expect(report.outsideRequests).toEqual([])
  expect(report.pageErrors).toEqual([])
})
