/**
 * Contract writes and the exposed ethers signer, on the real chain. The only file of this package that takes
 * tokens from its mnemonic account (index 3), so its nonces never race.
 */
import { LatchkeyError } from '@latchkey/core'
import { ERC20_ABI, USDT_ABI } from '@latchkey/core/eip155'
import { getTestAccount, localViemChain } from '@latchkey/evm-chains'
import { JsonRpcSigner } from 'ethers'
import { createWalletClient, erc20Abi, http, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { chainA, clientOf, connected, freshKeys, networks, stack } from './support.js'

const TOKEN_SOURCE = getTestAccount(3)
const client = clientOf(networks[0])
const { LUSD, LUSDT } = stack.evm.tokens

let keys: `0x${string}`[]

async function tokenBalance(token: `0x${string}`, owner: `0x${string}`): Promise<bigint> {
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

beforeAll(async () => {
  keys = await freshKeys(2)
  const holder = privateKeyToAddress(keys[0]!)
  const source = createWalletClient({
    account: TOKEN_SOURCE,
    chain: localViemChain(chainA),
    transport: http(chainA.rpcUrl, { retryCount: 0 }),
  })
  for (const token of [LUSD, LUSDT]) {
    const hash = await source.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [holder, 1_000_000_000n],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`funding ${token} failed`)
  }
})

describe('writeContract', () => {
  test('an ERC-20 transfer moves the tokens on chain', async () => {
    const { adapter, address } = await connected([keys[0]!])
    const to = privateKeyToAddress(generatePrivateKey())
    const before = await tokenBalance(LUSD, address)
    const { hash, network } = await adapter.writeContract({
      address: LUSD,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [to, 1_250_000n],
    })
    expect(network.caipNetworkId).toBe(networks[0].caipNetworkId)
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(LUSD, to)).toBe(1_250_000n)
    expect(await tokenBalance(LUSD, address)).toBe(before - 1_250_000n)
    // Read back through the adapter too.
    const read = await adapter.getBalance({ address: to, network: networks[0], token: LUSD })
    expect(read).toEqual({ value: 1_250_000n, decimals: 6, symbol: 'LUSD', formatted: '1.25' })
  })

  test('a USDT-style transfer (no return value) goes through with USDT_ABI', async () => {
    const { adapter, address } = await connected([keys[0]!])
    const to = privateKeyToAddress(generatePrivateKey())
    const before = await tokenBalance(LUSDT, address)
    const { hash } = await adapter.writeContract({
      address: LUSDT,
      abi: USDT_ABI,
      functionName: 'transfer',
      args: [to, 3_000_000n],
    })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await tokenBalance(LUSDT, to)).toBe(3_000_000n)
    expect(await tokenBalance(LUSDT, address)).toBe(before - 3_000_000n)
  })

  test('a function the ABI lacks, bad arguments or a value to a non-payable function: INVALID_PARAMS, nothing sent', async () => {
    const { adapter, wallet } = await connected([keys[1]!])
    const to = privateKeyToAddress(generatePrivateKey())
    const calls = [
      { functionName: 'transferAll', args: [to] },
      { functionName: 'transfer', args: ['not an address', 1n] },
      { functionName: 'transfer', args: [to, 1n], value: 1n },
    ]
    for (const call of calls) {
      const error = await adapter
        .writeContract({ address: LUSD, abi: ERC20_ABI, ...call })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LatchkeyError)
      expect((error as LatchkeyError).code).toBe('INVALID_PARAMS')
    }
    expect(wallet.log.filter((entry) => entry.method === 'eth_sendTransaction')).toEqual([])
  })
})

describe('the exposed ethers signer and providers', () => {
  test('the signer is the connected account: it signs and sends through the wallet', async () => {
    const { adapter, address, wallet } = await connected([keys[1]!])
    const signer = adapter.getSigner()
    expect(signer).toBeInstanceOf(JsonRpcSigner)
    expect(await signer.getAddress()).toBe(address)
    expect(signer.provider).toBe(adapter.getBrowserProvider())

    const signature = await signer.signMessage('signed with the host signer')
    expect(
      await verifyMessage({
        address,
        message: 'signed with the host signer',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    const to = privateKeyToAddress(generatePrivateKey())
    const response = await signer.sendTransaction({ to, value: 4242n })
    const receipt = await response.wait()
    expect(receipt?.status).toBe(1)
    expect(await client.getBalance({ address: to })).toBe(4242n)
    expect(wallet.prompts().map((p) => p.method)).toEqual([
      'eth_requestAccounts',
      'personal_sign',
      'eth_sendTransaction',
    ])

    // The read provider is the chain's, for the host's own reads.
    expect(await adapter.getProvider().getBalance(to)).toBe(4242n)
  })

  test('sendTransaction returns the hash of a transaction the chain has', async () => {
    const { adapter, address } = await connected([keys[1]!])
    const to = privateKeyToAddress(generatePrivateKey())
    const { hash } = await adapter.sendTransaction({ to, value: 777n })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(777n)
  })

  test('after disconnect there is no signer and no browser provider', async () => {
    const { adapter } = await connected([keys[1]!])
    await adapter.disconnect()
    expect(adapter.getBrowserProvider()).toBeUndefined()
    expect(adapter.getWalletProvider()).toBeUndefined()
    expect(() => adapter.getSigner()).toThrow(expect.objectContaining({ code: 'NOT_CONNECTED' }))
  })
})
