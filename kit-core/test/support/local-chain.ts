/** Chain A of the test stack (anvil, chain id 31337), and fresh accounts funded on it. */
import type { LocalStackInfo } from '@latchkey/stack'
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { inject } from 'vitest'

const chainA = (inject('stack') as LocalStackInfo).evm.chains.find((chain) => chain.chainId === 31337)!

/** A test client on chain A, for anvil_* calls such as setBalance. */
export const anvil = createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl, { retryCount: 0 }) })

/** A fresh address holding `eth` on chain A (set with anvil_setBalance; no mnemonic account is touched). */
export async function fundedAddress(eth: string): Promise<`0x${string}`> {
  const address = privateKeyToAddress(generatePrivateKey())
  await anvil.setBalance({ address, value: parseEther(eth) })
  return address
}
