import { parseEther, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestWallet } from '../src/index.js'
import {
  chainClient,
  freshAddress,
  localChains,
  recordEvents,
  rejectionOf,
  stack,
  walletWith,
} from './helpers.js'

// This file sends from mnemonic index 5 only (other test files may run in parallel on the same chains).
const SENDER = 5

describe('eth_sendTransaction', () => {
  it('fills, signs and broadcasts: balances move on the chain', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const to = freshAddress()
    const before = await client.getBalance({ address: wallet.address })
    const value = parseEther('1.25')

    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: `0x${value.toString(16)}` }],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(value)
    const after = await client.getBalance({ address: wallet.address })
    expect(before - after).toBe(value + receipt.gasUsed * receipt.effectiveGasPrice)

    const tx = await client.getTransaction({ hash })
    expect(tx.chainId).toBe(31337)
    expect(tx.type).toBe('eip1559')
    expect(tx.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(wallet.prompts().map((entry) => [entry.method, entry.outcome, entry.result])).toEqual([
      ['eth_sendTransaction', 'approved', hash],
    ])
  })

  it('uses the active account when from is omitted, and honours given gas and data', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const to = freshAddress()
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ to, value: '0x2a', gas: '0x7530', data: '0x1234' }],
    })
    const tx = await client.getTransaction({ hash })
    expect(tx.gas).toBe(30_000n)
    expect(tx.input).toBe('0x1234')
    expect(tx.value).toBe(42n)
    expect(tx.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  })

  it('sends a legacy transaction when given only a gasPrice', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const gasPrice = await client.getGasPrice()
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ to: freshAddress(), value: '0x1', gasPrice: `0x${(gasPrice * 2n).toString(16)}` }],
    })
    const tx = await client.getTransaction({ hash })
    expect(tx.type).toBe('legacy')
    expect(tx.chainId).toBe(31337)
  })

  it('after switchChain the next transaction carries the new chain id and lands on that chain', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const to = freshAddress()
    wallet.switchChain(31338)
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x64' }],
    })
    const client = chainClient(31338)
    await client.waitForTransactionReceipt({ hash })
    const tx = await client.getTransaction({ hash })
    expect(tx.chainId).toBe(31338)
    // The signed bytes say so too.
    const raw = await client.request({
      method: 'eth_getRawTransactionByHash' as never,
      params: [hash] as never,
    })
    expect(parseTransaction(raw as `0x${string}`).chainId).toBe(31338)
    expect(await client.getBalance({ address: to })).toBe(100n)
    expect(await chainClient(31337).getBalance({ address: to })).toBe(0n)

    // And via wallet_switchEthereumChain back to 31337.
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    const back = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x1' }],
    })
    expect((await chainClient(31337).getTransaction({ hash: back })).chainId).toBe(31337)
  })

  it('rejection (4001) leaves nothing sent', async () => {
    const wallet = walletWith([SENDER], { connected: true, policy: 'reject' })
    const client = chainClient(31337)
    const to = freshAddress()
    const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })
    const error = await rejectionOf(
      wallet.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to, value: '0x1' }],
      }),
    )
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })).toBe(nonce)
    expect(await client.getBalance({ address: to })).toBe(0n)
    expect(wallet.log.map((entry) => [entry.method, entry.outcome, entry.prompted])).toEqual([
      ['eth_sendTransaction', 'rejected', true],
    ])
  })

  it('surfaces a failed estimate (revert) as an error after approval, sending nothing', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })
    // Deploy code that always reverts: runtime `60006000fd` (PUSH1 0 PUSH1 0 REVERT).
    const error = await rejectionOf(
      wallet.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, data: '0x60006000fd' }],
      }),
    )
    expect(typeof error.code).toBe('number')
    expect(wallet.log[0]?.outcome).toBe('error')
    expect(await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })).toBe(nonce)
  })
})

describe('the hold policy', () => {
  it('keeps requests pending until approve() or reject()', async () => {
    const wallet = walletWith([SENDER], { connected: true, policy: 'hold' })
    const client = chainClient(31337)
    const to = freshAddress()
    const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })

    const first = wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x5' }],
    })
    const second = wallet.provider.request({ method: 'personal_sign', params: ['0x01', wallet.address] })
    const held1 = await wallet.nextPending()
    const held2 = await wallet.nextPending()
    expect(held1).toMatchObject({ method: 'eth_sendTransaction', params: [{ to, value: '0x5' }] })
    expect(held2.method).toBe('personal_sign')
    expect(wallet.pending().map((request) => request.id)).toEqual([held1.id, held2.id])
    expect(wallet.log.map((entry) => entry.outcome)).toEqual(['pending', 'pending'])
    // Nothing was sent while held.
    expect(await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })).toBe(nonce)

    wallet.reject(held2.id)
    expect((await rejectionOf(second)).code).toBe(4001)
    wallet.approve()
    const hash = await first
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(5n)
    expect(wallet.pending()).toEqual([])
    expect(wallet.log.map((entry) => entry.outcome)).toEqual(['approved', 'rejected'])
    expect(() => wallet.approve()).toThrow()
  })

  it('nextPending waits for the next held request; setPolicy switches how later prompts are answered', async () => {
    const wallet = walletWith([SENDER], { connected: true, policy: 'hold' })
    const waiting = wallet.nextPending()
    const signing = wallet.provider.request({
      method: 'personal_sign',
      params: ['hi' as `0x${string}`, wallet.address],
    })
    const held = await waiting
    expect(held.method).toBe('personal_sign')
    wallet.setPolicy('approve')
    expect(wallet.pending()).toHaveLength(1) // already held stays held
    wallet.approve(held.id)
    expect(await signing).toMatch(/^0x/)
    expect(
      await wallet.provider.request({ method: 'personal_sign', params: ['0x02', wallet.address] }),
    ).toMatch(/^0x/)
    expect(wallet.pending()).toEqual([])
  })
})

describe('chains', () => {
  it('4902 for an unknown chain, then wallet_addEthereumChain adds it and switches to it', async () => {
    const [a, b] = localChains()
    const wallet = createTestWallet({
      mnemonic: stack().evm.mnemonic,
      accountIndices: [SENDER],
      chains: [{ chainId: a.chainId, rpcUrl: a.rpcUrl }],
      connected: true,
    })
    const events = recordEvents(wallet)
    const unknown = await rejectionOf(
      wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    )
    expect(unknown.code).toBe(4902)
    expect(wallet.prompts()).toEqual([])

    // A wrong RPC endpoint for the chain id is refused before any prompt.
    const mismatch = await rejectionOf(
      wallet.provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: 'Wrong',
            rpcUrls: [a.rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      }),
    )
    expect(mismatch.code).toBe(-32602)

    await wallet.provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a6a',
          chainName: 'Latchkey Local 2',
          rpcUrls: [b.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    })
    expect(wallet.chainId).toBe(31338)
    expect(wallet.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
    expect(events).toEqual([{ name: 'chainChanged', value: '0x7a6a' }])

    // Switching to the current chain changes nothing; switching away and back works.
    expect(
      await wallet.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    ).toBeNull()
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(events.map((event) => event.value)).toEqual(['0x7a6a', '0x7a69', '0x7a6a'])
    expect(wallet.prompts().map((entry) => entry.method)).toEqual([
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
      'wallet_switchEthereumChain',
    ])

    const to = freshAddress()
    const hash = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x7' }],
    })
    expect((await chainClient(31338).getTransaction({ hash })).chainId).toBe(31338)
  })

  it('a rejected switch keeps the chain and emits nothing', async () => {
    const wallet = walletWith([SENDER], { policy: 'reject' })
    const events = recordEvents(wallet)
    const error = await rejectionOf(
      wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    )
    expect(error.code).toBe(4001)
    expect(wallet.chainId).toBe(31337)
    expect(events).toEqual([])
  })

  it('a transaction held across a chain switch still goes to the chain it was requested on', async () => {
    const wallet = walletWith([SENDER], { connected: true, policy: 'hold' })
    const to = freshAddress()
    const sending = wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x3' }],
    })
    await wallet.nextPending()
    wallet.switchChain(31338)
    wallet.approve()
    const hash = await sending
    expect((await chainClient(31337).getTransaction({ hash })).chainId).toBe(31337)
  })
})
