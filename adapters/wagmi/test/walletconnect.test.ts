// The adapter's walletConnect connector with a phone wallet (WalletKit) through the local relay: pair, sign, send,
// switch chain through the wallet, restore after a reload without a prompt, disconnect on both sides.
import { createWalletConnectProvider } from '@latchkey/adapter-universal'
import type { CaipNetwork } from '@latchkey/core'
import { runWalletConnectScenario, walletConnectScenarioProblems } from '@latchkey/evm-testkit'
import type { LocalStackInfo } from '@latchkey/stack'
import { expect, inject, test } from 'vitest'
import { WagmiAdapter } from '../src/index.js'
import { networks } from './support.js'

// The SDKs' test-run switch: without it WalletKit asks the internet for a Verify attestation on every request.
process.env.IS_VITEST = 'true'

const stack: LocalStackInfo = inject('stack')
const pair: readonly [CaipNetwork, CaipNetwork] = networks

test('connects a phone wallet over WalletConnect, signs, sends, switches, restores and disconnects', async () => {
  const report = await runWalletConnectScenario({
    name: 'WagmiAdapter',
    relayUrl: stack.relay.url,
    networks: pair,
    createProvider: createWalletConnectProvider,
    async createAdapter(context) {
      const adapter = new WagmiAdapter({ networks })
      await adapter.init(context)
      return adapter
    },
  })
  expect(walletConnectScenarioProblems(report, pair)).toEqual([])
})
