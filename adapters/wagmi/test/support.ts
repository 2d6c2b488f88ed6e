/** Shared test setup: the local chains as Latchkey networks, viem clients on them, and fresh funded keys. */
import { type AdapterContext, type CaipNetwork, createMemoryStorage, withRpcUrl } from '@latchkey/core'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { fundedKeys, walletChainsOf } from '@latchkey/evm-testkit'
import { createTestWallet, type TestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { createPublicClient, http, type PublicClient } from 'viem'
import { inject } from 'vitest'
import { WagmiAdapter } from '../src/index.js'

export const stack: LocalStackInfo = inject('stack')
const [chainA, chainB] = stack.evm.chains
if (!chainA || !chainB) throw new Error('the test stack must run two EVM chains')

export const networks = [
  withRpcUrl(latchkeyLocal, chainA.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainB.rpcUrl),
] as const

export const walletChains = walletChainsOf(networks)

/** viem clients reading each network straight from the chain (the checks, independent of the adapter). */
export const clients: PublicClient[] = networks.map((n) =>
  createPublicClient({ transport: http(n.rpcUrls.default.http[0], { retryCount: 0 }) }),
)

/** A test wallet holding fresh funded keys, on both local chains unless told otherwise. */
export async function freshWallet(
  options: Partial<Parameters<typeof createTestWallet>[0]> = {},
): Promise<TestWallet> {
  return createTestWallet({
    name: 'Wagmi Test Wallet',
    rdns: 'dev.latchkey.wagmitest',
    privateKeys: await fundedKeys(networks),
    chains: walletChains,
    ...options,
  })
}

export { freshAddress as recipient } from '@latchkey/evm-testkit'

/** An initialised adapter with a wallet announced on its own discovery target. */
export async function setupAdapter(
  options: {
    wallet?: Partial<Parameters<typeof createTestWallet>[0]>
    adapter?: Partial<ConstructorParameters<typeof WagmiAdapter>[0]>
    context?: Partial<AdapterContext>
  } = {},
) {
  const wallet = await freshWallet(options.wallet)
  const discoveryTarget = new EventTarget()
  const stopAnnouncing = wallet.announce(discoveryTarget)
  const adapter = new WagmiAdapter({ networks, ...options.adapter })
  await adapter.init({
    networks: options.adapter?.networks ?? networks,
    options: {},
    storage: createMemoryStorage(),
    discoveryTarget,
    ...options.context,
  })
  const connectorId = wallet.info.rdns
  return {
    wallet,
    adapter,
    discoveryTarget,
    connectorId,
    connect: (network: CaipNetwork = networks[0]) => adapter.connect({ connectorId, network }),
    close() {
      adapter.destroy()
      stopAnnouncing()
    },
  }
}
