/** Shared set-up of the adapter's tests: the local chains as networks, fresh funded keys, a test wallet. */
import { type AdapterContext, type CaipNetwork, createMemoryStorage, withRpcUrl } from '@latchkey/core'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { fundedKeys, walletChainsOf } from '@latchkey/evm-testkit'
import { createTestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { createPublicClient, http, type PublicClient } from 'viem'
import { inject } from 'vitest'
import { EthersAdapter, type EthersAdapterOptions } from '../src/index.js'

export const stack: LocalStackInfo = inject('stack')
function chainAt(index: number) {
  const chain = stack.evm.chains[index]
  if (!chain) throw new Error('the test stack must run two EVM chains')
  return chain
}
export const chainA = chainAt(0)

export const networks = [
  withRpcUrl(latchkeyLocal, chainA.rpcUrl),
  withRpcUrl(latchkeyLocal2, chainAt(1).rpcUrl),
] as const satisfies readonly CaipNetwork[]

export function rpcUrlOf(network: CaipNetwork): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  return url
}

export function clientOf(network: CaipNetwork): PublicClient {
  return createPublicClient({ transport: http(rpcUrlOf(network), { retryCount: 0 }) })
}

/** Fresh private keys funded with 100 ETH on both chains (no shared account's nonce moves). */
export const freshKeys = (count = 2) => fundedKeys(networks, count)

export const WALLET_RDNS = 'dev.latchkey.ethers-test'

/** A test wallet on both chains with `keys`, announced on a fresh EventTarget. */
export function testWallet(
  keys: `0x${string}`[],
  extra: Partial<Parameters<typeof createTestWallet>[0]> = {},
) {
  const wallet = createTestWallet({
    name: 'Ethers Test Wallet',
    rdns: WALLET_RDNS,
    privateKeys: keys,
    chains: walletChainsOf(networks),
    ...extra,
  })
  const discoveryTarget = new EventTarget()
  const stopAnnouncing = wallet.announce(discoveryTarget)
  return { wallet, discoveryTarget, stopAnnouncing }
}

/** An initialised adapter over `discoveryTarget`. */
export async function adapterFor(
  discoveryTarget: EventTarget | undefined,
  context: Partial<AdapterContext> = {},
  options: EthersAdapterOptions = {},
): Promise<EthersAdapter> {
  const adapter = new EthersAdapter(options)
  await adapter.init({
    networks,
    options: {},
    storage: createMemoryStorage(),
    discoveryTarget,
    ...context,
  })
  return adapter
}

/** A connected adapter with a fresh funded wallet of `keys` (default two fresh keys). */
export async function connected(keys?: `0x${string}`[], network: CaipNetwork = networks[0]) {
  const setup = testWallet(keys ?? (await freshKeys()))
  const adapter = await adapterFor(setup.discoveryTarget)
  const result = await adapter.connect({ connectorId: WALLET_RDNS, network })
  return { ...setup, adapter, result, address: result.accounts[0]!.address as `0x${string}` }
}
