import { createPublicClient, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { createTestWallet, type TestWallet, type TestWalletOptions } from '../src/index.js'

/** The part of the local stack (tools/stack, `inject('stack')`) these tests use. */
interface LocalEvmChain {
  chainId: number
  name: string
  rpcUrl: string
}
interface LocalStackInfo {
  evm: {
    chains: LocalEvmChain[]
    mnemonic: string
    tokens: { LUSD: `0x${string}`; LKT: `0x${string}`; LUSDT: `0x${string}` }
  }
}

declare module 'vitest' {
  interface ProvidedContext {
    stack: LocalStackInfo
  }
}

/** The local stack started by the root global setup. */
export function stack(): LocalStackInfo {
  return inject('stack')
}

/** The two local chains (31337 and 31338). */
export function localChains(): [LocalEvmChain, LocalEvmChain] {
  const chains = stack().evm.chains
  const a = chains.find((chain) => chain.chainId === 31337)
  const b = chains.find((chain) => chain.chainId === 31338)
  if (!a || !b) throw new Error('the stack must serve chains 31337 and 31338')
  return [a, b]
}

/** A wallet on the local chains holding the given mnemonic indices (this package's tests use 5..7 only). */
export function walletWith(indices: number[], options: Partial<TestWalletOptions> = {}): TestWallet {
  const [a, b] = localChains()
  return createTestWallet({
    mnemonic: stack().evm.mnemonic,
    accountIndices: indices,
    chains: [
      { chainId: a.chainId, rpcUrl: a.rpcUrl, name: a.name },
      { chainId: b.chainId, rpcUrl: b.rpcUrl, name: b.name },
    ],
    ...options,
  })
}

/** A viem public client reading straight from a local chain (not through the wallet). */
export function chainClient(chainId: number): PublicClient {
  const chain = localChains().find((candidate) => candidate.chainId === chainId)
  if (!chain) throw new Error(`no local chain ${chainId}`)
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
}

/** A fresh address nobody else uses, so its balance is exactly what a test sent it. */
export function freshAddress(): `0x${string}` {
  return privateKeyToAccount(generatePrivateKey()).address
}

/** The rejection of a promise, or a failure if it resolved. */
export async function rejectionOf(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code: number; message: string }
  }
  throw new Error('expected the promise to reject')
}

/** Records the provider's events in order. */
export function recordEvents(wallet: TestWallet): { name: string; value: unknown }[] {
  const events: { name: string; value: unknown }[] = []
  for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const) {
    wallet.provider.on(name, (value: unknown) => {
      events.push({ name, value })
    })
  }
  return events
}
