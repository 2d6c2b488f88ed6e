/**
 * Shared setup of this package's tests: the local chains of the test stack as networks, fresh keys funded
 * with anvil's setBalance (never the shared mnemonic accounts), and a test wallet announced on an
 * EventTarget with an adapter initialised on it.
 */
import { type CaipNetwork, createMemoryStorage, type KitStorage, withRpcUrl } from '@latchkey/core'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { fundedKeys, walletChainsOf } from '@latchkey/evm-testkit'
import { createTestWallet, type TestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { createPublicClient, http, type PublicClient } from 'viem'
import { inject } from 'vitest'
import { Ethers5Adapter, type Ethers5AdapterOptions } from '../src/index.js'

export const stack: LocalStackInfo = inject('stack')
const [chainA, chainB] = stack.evm.chains
if (!chainA || !chainB) throw new Error('the test stack must run two EVM chains')
export const networks = [
  withRpcUrl(latchkeyLocal, chainA.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainB.rpcUrl),
] as const

/** The RPC URL of a network of {@link networks}. */
export function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  return url
}

/** A viem client reading a network straight from the chain (the check, independent of the adapter). */
export function chainClient(network: CaipNetwork): PublicClient {
  return createPublicClient({ transport: http(rpcUrlOf(network), { retryCount: 0 }) })
}

/** Fresh private keys holding 100 ETH on both local chains. */
export const freshKeys = (count = 1) => fundedKeys(networks, count)

export { freshAddress } from '@latchkey/evm-testkit'

export const RDNS = 'dev.latchkey.ethers5-test'

export interface Setup {
  adapter: Ethers5Adapter
  wallet: TestWallet
  storage: KitStorage
  discoveryTarget: EventTarget
  cleanup(): void
}

/** A test wallet with fresh funded keys, announced on its own EventTarget, and an initialised adapter. */
export async function setup(
  options: {
    keys?: `0x${string}`[]
    adapter?: Ethers5AdapterOptions
    networks?: readonly CaipNetwork[]
    context?: Partial<Parameters<Ethers5Adapter['init']>[0]>
    wallet?: Partial<Parameters<typeof createTestWallet>[0]>
  } = {},
): Promise<Setup> {
  const wallet = createTestWallet({
    name: 'Ethers5 Test Wallet',
    rdns: RDNS,
    privateKeys: options.keys ?? (await freshKeys(2)),
    chains: walletChainsOf(networks),
    ...options.wallet,
  })
  const discoveryTarget = new EventTarget()
  const stopAnnouncing = wallet.announce(discoveryTarget)
  const storage = createMemoryStorage()
  const adapter = new Ethers5Adapter(options.adapter)
  await adapter.init({
    networks: options.networks ?? networks,
    options: {},
    storage,
    discoveryTarget,
    ...options.context,
  })
  return {
    adapter,
    wallet,
    storage,
    discoveryTarget,
    cleanup() {
      adapter.destroy()
      stopAnnouncing()
    },
  }
}
