// The conformance environment of an EVM adapter over the local chains: a probe that reads the chain with viem,
// fresh keys funded with anvil_setBalance, and the test wallet driven as a user would. Typed structurally, so
// this tool needs no @latchkey/core (core's own tests use it too).
import { createTestWallet, type TestWallet, type TestWalletOptions } from '@latchkey/evm-wallet'
import { createPublicClient, createTestClient, type Hex, http, type PublicClient, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { memoryStorage } from './storage.js'

/** The part of a CaipNetwork these helpers read. */
export interface LocalEvmNetwork {
  id: number | string
  caipNetworkId: `${string}:${string}`
  name: string
  rpcUrls: { default: { http: readonly string[] } }
}

const rpcUrlOf = (network: LocalEvmNetwork): string => {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.caipNetworkId} has no RPC URL`)
  return url
}

/** The test wallet's chain list for the networks. */
export function walletChainsOf(networks: readonly LocalEvmNetwork[]) {
  return networks.map((network) => ({
    chainId: Number(network.id),
    rpcUrl: rpcUrlOf(network),
    name: network.name,
  }))
}

/**
 * `count` fresh private keys holding `wei` on every network (anvil_setBalance), so no other test's transfers
 * touch the balances a test checks.
 */
export async function fundedKeys(
  networks: readonly LocalEvmNetwork[],
  count = 2,
  wei: bigint = 10n ** 20n,
): Promise<Hex[]> {
  const keys = Array.from({ length: count }, () => generatePrivateKey())
  for (const network of networks) {
    const anvil = createTestClient({ mode: 'anvil', transport: http(rpcUrlOf(network), { retryCount: 0 }) })
    for (const key of keys) await anvil.setBalance({ address: privateKeyToAddress(key), value: wei })
  }
  return keys
}

/** A fresh address nothing else sends to. */
export const freshAddress = (): `0x${string}` => privateKeyToAddress(generatePrivateKey())

/** The conformance suite's chain probe (core's ConformanceChainProbe), reading the chains with viem. */
export function createEvmProbe(networks: readonly LocalEvmNetwork[]) {
  const clients: PublicClient[] = networks.map((network) =>
    createPublicClient({ transport: http(rpcUrlOf(network), { retryCount: 0 }) }),
  )
  const clientOf = (network: { caipNetworkId: string }) => {
    const client = clients[networks.findIndex((n) => n.caipNetworkId === network.caipNetworkId)]
    if (!client) throw new Error(`${network.caipNetworkId} is not a local network of this probe`)
    return client
  }
  return {
    getBalance: (address: string, network: { caipNetworkId: string }) =>
      clientOf(network).getBalance({ address: address as `0x${string}` }),
    verifySignature: ({
      address,
      message,
      signature,
    }: {
      address: string
      message: string
      signature: string
    }) =>
      verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` }),
    async getTransaction(hash: string) {
      for (const client of clients) {
        const tx = await client.getTransaction({ hash: hash as `0x${string}` }).catch(() => undefined)
        if (!tx) continue
        const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
        return {
          from: tx.from,
          to: tx.to ?? '',
          value: tx.value,
          fee: receipt.gasUsed * receipt.effectiveGasPrice,
          caipNetworkId: `eip155:${tx.chainId}` as const,
        }
      }
      throw new Error(`transaction ${hash} is on none of the local chains`)
    },
  }
}

/** The conformance suite's wallet driver (core's ConformanceWalletDriver) over a test wallet. */
export function walletDriver(wallet: TestWallet) {
  let account = 0
  return {
    setPolicy: (policy: 'approve' | 'reject') => wallet.setPolicy(policy),
    promptCount: () => wallet.prompts().length,
    switchAccount: () => {
      account = (account + 1) % wallet.accounts.length
      wallet.switchAccount(account)
    },
    switchNetwork: (network: { id: number | string }) => wallet.switchChain(Number(network.id)),
    disconnect: () => wallet.disconnect(),
  }
}

/** What an adapter's `init` gets in a conformance environment (core's AdapterContext, structurally). */
export interface ConformanceAdapterContext<N extends LocalEvmNetwork> {
  networks: readonly N[]
  options: Record<string, never>
  storage: ReturnType<typeof memoryStorage>
  discoveryTarget: EventTarget
}

export interface EvmConformanceSetupOptions<N extends LocalEvmNetwork, A> {
  networks: readonly N[]
  /** A new, initialised adapter on the context (called again for each simulated reload). */
  createAdapter(context: ConformanceAdapterContext<N>): Promise<A>
  /** The test wallet's EIP-6963 rdns: the connector id the suite connects with. */
  rdns: string
  wallet?: Partial<TestWalletOptions>
}

/**
 * The `setup` of core's `runConformanceSuite` for an EVM adapter: each call makes a fresh world — a test wallet
 * holding two fresh funded keys and announcing itself on a discovery target of its own, a memory storage, and an
 * adapter — so checks never share state.
 */
export function evmConformanceSetup<N extends LocalEvmNetwork, A extends { destroy(): void }>(
  options: EvmConformanceSetupOptions<N, A>,
) {
  const probe = createEvmProbe(options.networks)
  return async () => {
    const wallet = createTestWallet({
      name: 'Conformance Wallet',
      rdns: options.rdns,
      privateKeys: await fundedKeys(options.networks),
      chains: walletChainsOf(options.networks),
      ...options.wallet,
    })
    const discoveryTarget = new EventTarget()
    const stopAnnouncing = wallet.announce(discoveryTarget)
    const context: ConformanceAdapterContext<N> = {
      networks: options.networks,
      options: {},
      storage: memoryStorage(),
      discoveryTarget,
    }
    const createAdapter = () => options.createAdapter(context)
    return {
      adapter: await createAdapter(),
      probe,
      createAdapter,
      recipient: freshAddress,
      cleanup: stopAnnouncing,
      wallet: walletDriver(wallet),
    }
  }
}
