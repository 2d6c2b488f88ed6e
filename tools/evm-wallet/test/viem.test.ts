import {
  createWalletClient,
  custom,
  defineChain,
  parseEther,
  UserRejectedRequestError,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestWallet } from '../src/index.js'
import { chainClient, freshAddress, localChains, stack, walletWith } from './helpers.js'

// This file sends from mnemonic index 7 only.
const SENDER = 7

function viemChains() {
  const [a, b] = localChains()
  const make = (chain: typeof a) =>
    defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
  return [make(a), make(b)] as const
}

describe('through a viem wallet client (custom transport), as adapters use it', () => {
  it('connects, signs, sends, switches chain', async () => {
    const wallet = walletWith([SENDER])
    const [local, local2] = viemChains()
    const client = createWalletClient({ chain: local, transport: custom(wallet.provider) })

    const [account] = await client.requestAddresses()
    expect(account).toBe(wallet.address)
    expect(await client.getChainId()).toBe(31337)

    const signature = await client.signMessage({ account: account!, message: 'via viem' })
    expect(await verifyMessage({ address: account!, message: 'via viem', signature })).toBe(true)

    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: {
        Greeting: [
          { name: 'text', type: 'string' },
          { name: 'count', type: 'uint256' },
        ],
      },
      primaryType: 'Greeting' as const,
      message: { text: 'hi', count: 7n },
    }
    const typedSignature = await client.signTypedData({ account: account!, ...typed })
    expect(await verifyTypedData({ address: account!, ...typed, signature: typedSignature })).toBe(true)

    const to = freshAddress()
    const hash = await client.sendTransaction({ account: account!, to, value: parseEther('0.01') })
    const receipt = await chainClient(31337).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await chainClient(31337).getBalance({ address: to })).toBe(parseEther('0.01'))

    await client.switchChain({ id: local2.id })
    expect(wallet.chainId).toBe(31338)
    const hash2 = await client.sendTransaction({ account: account!, chain: local2, to, value: 1n })
    expect((await chainClient(31338).getTransaction({ hash: hash2 })).chainId).toBe(31338)

    // viem checks the wallet's chain against the one it was given: a mismatch never reaches the wallet's prompt.
    await expect(client.sendTransaction({ account: account!, chain: local, to, value: 1n })).rejects.toThrow()
  })

  it('maps a rejection to viem UserRejectedRequestError', async () => {
    const wallet = walletWith([SENDER], { policy: 'reject' })
    const client = createWalletClient({ chain: viemChains()[0], transport: custom(wallet.provider) })
    await expect(client.requestAddresses()).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('adds a chain via viem addChain and runs EIP-5792 calls via sendCalls / waitForCallsStatus', async () => {
    const [a] = localChains()
    const [local, local2] = viemChains()
    const wallet = walletWith([SENDER], { connected: true })
    // A wallet that only knows chain 31337.
    const narrow = createTestWallet({
      mnemonic: stack().evm.mnemonic,
      accountIndices: [SENDER],
      chains: [{ chainId: a.chainId, rpcUrl: a.rpcUrl }],
      connected: true,
    })
    const narrowClient = createWalletClient({ chain: local, transport: custom(narrow.provider) })
    await narrowClient.addChain({ chain: local2 })
    expect(narrow.chainId).toBe(31338)

    const client = createWalletClient({ chain: local, transport: custom(wallet.provider) })
    const capabilities = await client.getCapabilities({ account: wallet.address, chainId: 31337 })
    expect(capabilities).toMatchObject({ atomic: { status: 'unsupported' } })

    const to = freshAddress()
    const { id } = await client.sendCalls({
      account: wallet.address,
      calls: [
        { to, value: 1n },
        { to, value: 2n },
      ],
    })
    const status = await client.waitForCallsStatus({ id, pollingInterval: 50 })
    expect(status.status).toBe('success')
    expect(status.statusCode).toBe(200)
    expect(status.receipts).toHaveLength(2)
    expect(await chainClient(31337).getBalance({ address: to })).toBe(3n)

    expect(
      await client.watchAsset({ type: 'ERC20', options: { address: to, symbol: 'TKN', decimals: 18 } }),
    ).toBe(true)
    expect(wallet.watchedAssets).toEqual([{ chainId: 31337, address: to, symbol: 'TKN', decimals: 18 }])
  })
})
