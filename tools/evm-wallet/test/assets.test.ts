import { describe, expect, it } from 'vitest'
import { chainClient, localChains, rejectionOf, stack, walletWith } from './helpers.js'

// Reads only; mnemonic index 7's balances are whatever they are now, read back from the chain.
const HOLDER = 7

describe('wallet_getAssets (EIP-7811)', () => {
  it('reports the native balance and the configured ERC-20s, read live from each chain', async () => {
    const [a, b] = localChains()
    const { LUSD, LUSDT } = stack().evm.tokens
    const wallet = walletWith([HOLDER], {
      connected: true,
      tokens: [
        { chainId: a.chainId, address: LUSD, name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 },
        { chainId: b.chainId, address: LUSDT, name: 'Latchkey Tether', symbol: 'LUSDT', decimals: 6 },
      ],
    })
    const answer = (await wallet.provider.request({
      method: 'wallet_getAssets',
      params: [{ account: wallet.address, chainFilter: ['0x7a69'] }],
    } as never)) as Record<string, { address: string; type: string; balance: string; metadata: unknown }[]>
    expect(Object.keys(answer)).toEqual(['0x7a69'])
    const [native, lusd] = answer['0x7a69'] ?? []
    const client = chainClient(a.chainId)
    expect(native).toEqual({
      address: 'native',
      type: 'native',
      balance: `0x${(await client.getBalance({ address: wallet.address })).toString(16)}`,
      metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    })
    expect(lusd?.address).toBe(LUSD)
    expect(lusd?.type).toBe('erc20')
    expect(BigInt(lusd?.balance ?? '0x0')).toBeGreaterThan(0n)
    expect(lusd?.metadata).toEqual({ name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 })

    const all = (await wallet.provider.request({
      method: 'wallet_getAssets',
      params: [{ account: wallet.address }],
    } as never)) as Record<string, unknown[]>
    expect(Object.keys(all).sort()).toEqual(['0x7a69', '0x7a6a'])
    expect(all['0x7a6a']).toHaveLength(2)
    expect(wallet.prompts()).toEqual([])
  })

  it('refuses an account the site may not see (4100) and bad parameters (-32602)', async () => {
    const wallet = walletWith([HOLDER])
    const notConnected = await rejectionOf(
      wallet.provider.request({ method: 'wallet_getAssets', params: [{ account: wallet.address }] } as never),
    )
    expect(notConnected.code).toBe(4100)
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    const bad = await rejectionOf(
      wallet.provider.request({
        method: 'wallet_getAssets',
        params: [{ account: wallet.address, chainFilter: '0x1' }],
      } as never),
    )
    expect(bad.code).toBe(-32602)
  })
})
