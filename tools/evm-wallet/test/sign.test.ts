import { verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { freshAddress, rejectionOf, walletWith } from './helpers.js'

const typedData = (chainId: number) => ({
  domain: {
    name: 'Latchkey Mail',
    version: '1',
    chainId,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as const,
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
    // Large integers travel as decimal strings in JSON.
    amount: '1000000000000000000000',
  },
})

describe('signing', () => {
  it('personal_sign signs UTF-8 text verifiably', async () => {
    const wallet = walletWith([5, 6], { connected: true })
    const message = 'Sign in to Latchkey\nNonce: 42'
    const signature = await wallet.provider.request({
      method: 'personal_sign',
      params: [message as `0x${string}`, wallet.address],
    })
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    expect(wallet.prompts().map((entry) => [entry.method, entry.outcome])).toEqual([
      ['personal_sign', 'approved'],
    ])
  })

  it('personal_sign treats hex as bytes, and signs with the account named, not only the active one', async () => {
    const wallet = walletWith([5, 6], { connected: true })
    const other = wallet.accounts[1]!
    const signature = await wallet.provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', other],
    })
    expect(await verifyMessage({ address: other, message: 'hello', signature })).toBe(true)
    expect(await verifyMessage({ address: other, message: { raw: '0x68656c6c6f' }, signature })).toBe(true)
    expect(await verifyMessage({ address: wallet.address, message: 'hello', signature })).toBe(false)
  })

  it('personal_sign refuses an address the wallet does not hold with 4100', async () => {
    const wallet = walletWith([5], { connected: true })
    const error = await rejectionOf(
      wallet.provider.request({ method: 'personal_sign', params: ['0x00', freshAddress()] }),
    )
    expect(error.code).toBe(4100)
    expect(wallet.prompts()).toEqual([])
  })

  it('personal_sign is rejected with 4001 under the reject policy', async () => {
    const wallet = walletWith([5], { connected: true, policy: 'reject' })
    const error = await rejectionOf(
      wallet.provider.request({ method: 'personal_sign', params: ['0x00', wallet.address] }),
    )
    expect(error.code).toBe(4001)
    expect(wallet.prompts()[0]?.outcome).toBe('rejected')
  })

  it('eth_signTypedData_v4 signs verifiably (JSON string or object)', async () => {
    const wallet = walletWith([5], { connected: true })
    const data = typedData(31337)
    const fromString = await wallet.provider.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(data)],
    })
    const fromObject = await wallet.provider.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, data as never],
    })
    expect(fromObject).toBe(fromString)
    const valid = await verifyTypedData({
      address: wallet.address,
      domain: data.domain,
      types: { Person: data.types.Person, Mail: data.types.Mail },
      primaryType: 'Mail',
      message: { ...data.message, amount: 10n ** 21n },
      signature: fromString,
    })
    expect(valid).toBe(true)
  })

  it('eth_signTypedData_v4 refuses a domain for another chain than the current one', async () => {
    const wallet = walletWith([5], { connected: true })
    const error = await rejectionOf(
      wallet.provider.request({
        method: 'eth_signTypedData_v4',
        params: [wallet.address, JSON.stringify(typedData(31338))],
      }),
    )
    expect(error.code).toBe(-32602)
    wallet.switchChain(31338)
    const signature = await wallet.provider.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(typedData(31338))],
    })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  })
})
