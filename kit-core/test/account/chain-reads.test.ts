// The account data's direct chain reads against the local chains: the host's ERC-20 (and USDT-style LUSDT) by
// eth_call, the SPL test mint by getTokenAccountsByOwner, and the marks the chain watch compares.
import type { LocalStackInfo } from '@latchkey/stack'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { createChainReads } from '../../src/account/chain-reads.js'
import { defineNetwork, formatUnits } from '../../src/index.js'
import { anvil, fundedAddress } from '../support/local-chain.js'

const stack = inject('stack') as LocalStackInfo
const chainA = stack.evm.chains.find((chain) => chain.chainId === 31337)!
const cluster = stack.solana.clusters[0]!
const evm = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Chain A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chainA.rpcUrl] } },
})
const sol = defineNetwork({
  id: cluster.genesisHash.slice(0, 32),
  chainNamespace: 'solana',
  name: 'Cluster',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [cluster.rpcUrl] } },
})
const reads = createChainReads({ rpcUrl: (network) => network.rpcUrls.default.http[0] })
// Account 8 holds 1,000,000 of each test token from the tokens' deployment (no test sends them from it).
const holder = mnemonicToAccount(stack.evm.mnemonic, { addressIndex: 8 }).address

describe('chain reads', () => {
  it("reads the host's ERC-20 and the USDT-style token by eth_call: name, symbol, decimals and amount", async () => {
    for (const symbol of ['LUSD', 'LUSDT'] as const) {
      const token = await reads.hostToken(evm, holder, { address: stack.evm.tokens[symbol] }, formatUnits)
      expect(token).toMatchObject({
        symbol,
        chainId: 'eip155:31337',
        address: `eip155:31337:${stack.evm.tokens[symbol]}`,
        quantity: { decimals: '6' },
      })
      expect(Number(token?.quantity.numeric)).toBeGreaterThan(0)
    }
  })

  it('reads the SPL test mint held by a funded keypair', async () => {
    const owner = stack.solana.keypairs[3] as string
    const token = await reads.hostToken(sol, owner, { address: stack.solana.mint.address }, formatUnits)
    expect(token).toMatchObject({ quantity: { decimals: String(stack.solana.mint.decimals) } })
    expect(Number(token?.quantity.numeric)).toBeGreaterThan(0)
  })

  it('an account holding none of the SPL mint has no row', async () => {
    const token = await reads.hostToken(
      sol,
      'Vote111111111111111111111111111111111111111',
      { address: stack.solana.mint.address },
      formatUnits,
    )
    expect(token).toBeUndefined()
  })

  it('the mark moves with a new block and with the account’s balance', async () => {
    const address = await fundedAddress('1')
    const before = await reads.mark(evm, address)
    await anvil.setBalance({ address, value: 2n })
    await anvil.mine({ blocks: 1 })
    const after = await reads.mark(evm, address)
    expect(after.head).not.toBe(before.head)
    expect(after.account).not.toBe(before.account)
  })
})
