import { getAddress } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { DEPLOYER_ADDRESS, EVM_CHAIN_DEFAULTS, TEST_MNEMONIC, TOKEN_ADDRESSES, TOKENS } from '../src/index.js'
import { publicClientFor } from './helpers.js'

const stack = inject('stack')
const chains = stack.evm.chains

describe('the shared local chains (global setup)', () => {
  it('are two, named, on 127.0.0.1', () => {
    expect(chains.map((chain) => [chain.chainId, chain.name])).toEqual([
      [31337, 'Latchkey Local'],
      [31338, 'Latchkey Local 2'],
    ])
    for (const chain of chains) expect(chain.rpcUrl).toBe(`http://127.0.0.1:${chain.port}`)
    expect(stack.evm.mnemonic).toBe(TEST_MNEMONIC)
  })

  it('answer eth_chainId 31337 and 31338', async () => {
    const ids = await Promise.all(chains.map((chain) => publicClientFor(chain).getChainId()))
    expect(ids).toEqual([31337, 31338])
    expect(ids[0]).not.toBe(ids[1])
    expect(ids).toEqual(EVM_CHAIN_DEFAULTS.map((defaults) => defaults.chainId))
  })

  it('run on ephemeral ports, not the fixed ones `npm start` uses', () => {
    expect(chains.map((chain) => chain.port)).not.toContain(8545)
    expect(chains.map((chain) => chain.port)).not.toContain(8546)
  })

  it('hand out the token address constants', () => {
    expect(stack.evm.tokens).toEqual(TOKEN_ADDRESSES)
    expect(new Set(Object.values(TOKEN_ADDRESSES)).size).toBe(3)
  })

  it.each(chains.map((chain) => [chain.name, chain] as const))(
    'have the deployer’s first three transactions create the tokens at the constant addresses on %s',
    async (_name, chain) => {
      const client = publicClientFor(chain)
      expect(await client.getTransactionCount({ address: DEPLOYER_ADDRESS })).toBeGreaterThanOrEqual(3)
      const created: string[] = []
      for (const blockNumber of [1n, 2n, 3n]) {
        const block = await client.getBlock({ blockNumber, includeTransactions: true })
        for (const transaction of block.transactions) {
          if (getAddress(transaction.from) !== DEPLOYER_ADDRESS) continue
          const receipt = await client.getTransactionReceipt({ hash: transaction.hash })
          expect(receipt.status).toBe('success')
          if (receipt.contractAddress) created.push(getAddress(receipt.contractAddress))
        }
      }
      expect(created).toEqual([TOKEN_ADDRESSES.LUSD, TOKEN_ADDRESSES.LKT, TOKEN_ADDRESSES.LUSDT])
    },
  )

  it.each(chains.map((chain) => [chain.name, chain] as const))(
    'have the three tokens with their name, symbol, decimals and supply on %s',
    async (_name, chain) => {
      const client = publicClientFor(chain)
      for (const token of Object.values(TOKENS)) {
        const code = await client.getCode({ address: token.address })
        expect(code?.length ?? 0).toBeGreaterThan(2)
        const read = <T>(functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
          client.readContract({ address: token.address, abi: token.abi, functionName }) as Promise<T>
        expect(await read<string>('name')).toBe(token.name)
        expect(await read<string>('symbol')).toBe(token.symbol)
        expect(await read<number>('decimals')).toBe(token.decimals)
        // Transfers never change the supply: 1,000,000 whole tokens for each of accounts 0..9.
        expect(await read<bigint>('totalSupply')).toBe(10n * 1_000_000n * 10n ** BigInt(token.decimals))
      }
    },
  )
})
