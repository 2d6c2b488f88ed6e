/**
 * ERC-20 through the adapter on the real chain: a standard transfer (LUSD) and the USDT-style one (LUSDT,
 * whose `transfer` returns nothing), balances read back from the chain; token balances and the wallet's
 * EIP-7811 assets. The ONLY file of this package that sends from its token source, mnemonic account 4.
 */
import { ERC20_ABI, USDT_ABI } from '@latchkey/core/eip155'
import { getTestAccount, localViemChain } from '@latchkey/evm-chains'
import { createWalletClient, encodeFunctionData, http, toHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chainClient, freshAddress, freshKeys, networks, RDNS, type Setup, setup, stack } from './helpers.js'

const TOKEN_SOURCE = getTestAccount(4)
const [networkA] = networks
const { LUSD, LUSDT } = stack.evm.tokens
const FUNDING = 1_000_000_000n // 1000 tokens of 6 decimals

let world: Setup
let holder: `0x${string}`

async function balanceOf(token: `0x${string}`, owner: `0x${string}`): Promise<bigint> {
  return chainClient(networkA).readContract({
    address: token,
    abi: ERC20_ABI,
    functionName: 'balanceOf',
    args: [owner],
  })
}

beforeAll(async () => {
  const [key] = await freshKeys(1)
  holder = privateKeyToAddress(key!)
  const chain = stack.evm.chains[0]!
  const source = createWalletClient({
    account: TOKEN_SOURCE,
    chain: localViemChain(chain),
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  })
  for (const token of [LUSD, LUSDT]) {
    const hash = await source.writeContract({
      address: token,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [holder, FUNDING],
    })
    await chainClient(networkA).waitForTransactionReceipt({ hash })
  }
  world = await setup({
    keys: [key!],
    wallet: {
      tokens: [
        { chainId: Number(networkA.id), address: LUSD, name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 },
      ],
    },
  })
  await world.adapter.connect({ connectorId: RDNS, network: networkA })
})

afterAll(() => world?.cleanup())

describe('writeContract', () => {
  test('an ERC-20 transfer moves the tokens on chain', async () => {
    const recipient = freshAddress()
    const { hash, network } = await world.adapter.writeContract({
      address: LUSD,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [recipient, 1_500_000n],
    })
    expect(network.caipNetworkId).toBe(networkA.caipNetworkId)
    const receipt = await chainClient(networkA).waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(holder.toLowerCase())
    expect(await balanceOf(LUSD, recipient)).toBe(1_500_000n)
  })

  test('a USDT-style transfer (no return value) moves the tokens on chain', async () => {
    const recipient = freshAddress()
    const { hash } = await world.adapter.writeContract({
      address: LUSDT,
      abi: USDT_ABI,
      functionName: 'transfer',
      args: [recipient, 2_000_000n],
    })
    const receipt = await chainClient(networkA).waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await balanceOf(LUSDT, recipient)).toBe(2_000_000n)
  })

  test('a function the ABI lacks, or arguments that do not fit, is INVALID_PARAMS and prompts nothing', async () => {
    const prompts = world.wallet.prompts().length
    await expect(
      world.adapter.writeContract({ address: LUSD, abi: ERC20_ABI, functionName: 'mint', args: [] }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(
      world.adapter.writeContract({ address: LUSD, abi: ERC20_ABI, functionName: 'toString', args: [] }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(
      world.adapter.writeContract({
        address: LUSD,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: ['nope'],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(world.wallet.prompts().length).toBe(prompts)
  })
})

describe('reads', () => {
  test('getBalance of a token reads balanceOf, decimals and symbol from the chain', async () => {
    const balance = await world.adapter.getBalance({ address: holder, network: networkA, token: LUSD })
    const onChain = await balanceOf(LUSD, holder)
    expect(balance).toEqual({
      value: onChain,
      decimals: 6,
      symbol: 'LUSD',
      formatted: world.adapter.formatUnits(onChain, 6),
    })
  })

  test('estimateGas of a token transfer matches the chain', async () => {
    const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [freshAddress(), 1n] })
    const gas = await world.adapter.estimateGas({ to: LUSD, data })
    const expected = await chainClient(networkA).estimateGas({ account: holder, to: LUSD, data })
    expect(gas).toBe(expected)
  })

  test("the wallet's assets (EIP-7811): native and the LUSD it tracks, with on-chain balances", async () => {
    const assets = await world.adapter.getWalletAssets({ address: holder })
    const native = assets.find((asset) => asset.type === 'NATIVE')
    const lusd = assets.find((asset) => asset.type === 'ERC20')
    expect(native?.balance).toBe(toHex(await chainClient(networkA).getBalance({ address: holder })))
    expect(lusd).toMatchObject({ metadata: { symbol: 'LUSD', decimals: 6 } })
    expect(lusd?.address.toLowerCase()).toBe(LUSD.toLowerCase())
    expect(lusd?.balance).toBe(toHex(await balanceOf(LUSD, holder)))
  })
})
