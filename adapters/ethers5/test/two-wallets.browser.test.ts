/**
 * Two wallets in a real Chromium page: A sits on window.ethereum and announces itself, B only announces
 * itself. Choosing B connects B, B signs (verified in Node), and A is never asked anything.
 */
import { runTwoWalletScenario } from '@latchkey/evm-testkit'
import { expect, inject, test } from 'vitest'

test('choosing wallet B connects B, B signs, and wallet A is never asked', async () => {
  const report = await runTwoWalletScenario({
    browserWsEndpoint: inject('browserWsEndpoint'),
    entry: new URL('./browser/page.ts', import.meta.url).pathname,
    chain: inject('stack').evm.chains[0]!,
  })
  expect(report.connectors.map((c) => c.id)).toEqual([report.walletA.rdns, report.walletB.rdns])
  expect(report.addresses).toEqual([report.walletB.address])
  expect(report.signedByB).toBe(true)
  expect(report.extra).toEqual({ ethersSigner: report.walletB.address, balance: String(report.balanceB) })
  expect(report.walletA.requests).toEqual([])
  expect(report.walletB.requests).toEqual(expect.arrayContaining(['eth_requestAccounts', 'personal_sign']))
  expect([...report.outsideRequests, ...report.pageErrors]).toEqual([])
})
