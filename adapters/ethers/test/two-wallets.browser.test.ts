/**
 * Two wallets in a real Chromium page: A sits on window.ethereum and announces itself, B only announces
 * itself. Choosing B gives B's address and B's signature, and A is never asked anything.
 */
import { runTwoWalletScenario } from '@latchkey/evm-testkit'
import { expect, inject, test } from 'vitest'

test('choosing wallet B: B’s address, B’s signature, and wallet A is never asked', async () => {
  const report = await runTwoWalletScenario({
    browserWsEndpoint: inject('browserWsEndpoint'),
    entry: new URL('./browser/page.ts', import.meta.url).pathname,
    chain: inject('stack').evm.chains[0]!,
  })
  expect(report.connectors.map((c) => `${c.type}:${c.id}`)).toEqual([
    `ANNOUNCED:${report.walletA.rdns}`,
    `ANNOUNCED:${report.walletB.rdns}`,
  ])
  expect(report.addresses).toEqual([report.walletB.address])
  expect(report.signer).toBe(report.walletB.address)
  expect(report.signedByB).toBe(true)
  expect(report.extra).toEqual({ ethersSigner: report.walletB.address, balance: String(report.balanceB) })
  expect(report.walletA.requests).toEqual([])
  expect(report.walletB.requests).toEqual(expect.arrayContaining(['eth_requestAccounts', 'personal_sign']))
  expect(report.outsideRequests).toEqual([])
  expect(report.pageErrors).toEqual([])
})
