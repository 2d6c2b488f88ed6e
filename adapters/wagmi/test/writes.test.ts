/**
 * Writes and reads against the real chain: ERC-20 and USDT-style transfers (balances read back), typed
 * data, ERC-1271, gas, units, capabilities, wallet assets, and the balance through the services stand-in.
 * The only file of this package that sends from its token source (mnemonic account 2), so nonces never race.
 */
import { type BalanceService, createBlockchainApiClient, LatchkeyError, VERSION } from '@latchkey/core'
import { ERC20_ABI, erc20AbiFor, USDT_ABI } from '@latchkey/core/eip155'
import { deploySmartAccount, getTestAccount } from '@latchkey/evm-chains'
import type { RecordedRequest } from '@latchkey/services'
import { createWalletClient, http, parseAbi, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clients, networks, recipient, setupAdapter, stack } from './support.js'

const { LUSD, LUSDT } = stack.evm.tokens
const TOKEN_SOURCE = 2

let env: Awaited<ReturnType<typeof setupAdapter>>
let address: `0x${string}`

const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
  clients[0]!.readContract({
    address: token,
    abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
    functionName: 'balanceOf',
    args: [owner],
  })

beforeAll(async () => {
  env = await setupAdapter({
    wallet: {
      tokens: [
        { chainId: Number(networks[0].id), address: LUSD, name: 'Latchkey USD', symbol: 'LUSD', decimals: 6 },
      ],
    },
  })
  const connected = await env.connect(networks[0])
  address = connected.accounts[0]!.address as `0x${string}`
  // Fund the fresh key with tokens from this package's own mnemonic account.
  const source = createWalletClient({
    account: getTestAccount(TOKEN_SOURCE),
    transport: http(stack.evm.chains[0]!.rpcUrl, { retryCount: 0 }),
  })
  for (const token of [LUSD, LUSDT]) {
    const hash = await source.writeContract({
      address: token,
      abi: token === LUSDT ? USDT_ABI : ERC20_ABI,
      functionName: 'transfer',
      args: [address, 1_000_000_000n],
      chain: null,
    })
    await clients[0]!.waitForTransactionReceipt({ hash })
  }
})
afterAll(() => env?.close())

describe('contract writes', () => {
  test('an ERC-20 transfer moves the tokens on chain', async () => {
    const to = recipient()
    const { hash, network } = await env.adapter.writeContract({
      address: LUSD,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [to, 2_500_000n],
    })
    expect(network.caipNetworkId).toBe(networks[0].caipNetworkId)
    expect((await clients[0]!.waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe(
      'success',
    )
    expect(await balanceOf(LUSD, to)).toBe(2_500_000n)
    const read = await env.adapter.getBalance({ address: to, network: networks[0], token: LUSD })
    expect(read).toEqual({ value: 2_500_000n, decimals: 6, symbol: 'LUSD', formatted: '2.5' })
  })

  test('a USDT-style transfer (returns nothing) goes through with the USDT ABI', async () => {
    const to = recipient()
    const abi = erc20AbiFor(networks[0].caipNetworkId, LUSDT, [LUSDT])
    expect(abi).toBe(USDT_ABI)
    const { hash } = await env.adapter.writeContract({
      address: LUSDT,
      abi,
      functionName: 'transfer',
      args: [to, 700_000n],
    })
    expect((await clients[0]!.waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe(
      'success',
    )
    expect(await balanceOf(LUSDT, to)).toBe(700_000n)
  })

  test('a contract address that is not an address is refused before the wallet sees it', async () => {
    const prompts = env.wallet.prompts().length
    await expect(
      env.adapter.writeContract({
        address: '0x1234',
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [recipient(), 1n],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(env.wallet.prompts().length).toBe(prompts)
  })
})

describe('signatures', () => {
  test('typed data signed by the wallet verifies with viem', async () => {
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: Number(networks[0].id) },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: recipient(), contents: 'hello' },
    } as const
    const { signature, address: signer } = await env.adapter.signTypedData(typed)
    expect(signer).toBe(address)
    expect(await verifyTypedData({ ...typed, address, signature: signature as `0x${string}` })).toBe(true)
    expect(
      await verifyTypedData({
        ...typed,
        message: { ...typed.message, contents: 'bye' },
        address,
        signature: signature as `0x${string}`,
      }),
    ).toBe(false)
  })

  test("ERC-1271: the owner's signature is valid for the contract account, another key's is not", async () => {
    const account = await deploySmartAccount({ rpcUrl: stack.evm.chains[0]!.rpcUrl, owner: address })
    const message = 'Sign in to Latchkey'
    const { signature } = await env.adapter.signMessage({ message })
    expect(
      await env.adapter.verifyMessage({ address: account, message, signature, network: networks[0] }),
    ).toBe(true)
    const stranger = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    expect(
      await env.adapter.verifyMessage({
        address: account,
        message,
        signature: stranger,
        network: networks[0],
      }),
    ).toBe(false)
    expect(
      await env.adapter.verifyMessage({
        address: account,
        message: 'another',
        signature,
        network: networks[0],
      }),
    ).toBe(false)
  })
})

describe('reads', () => {
  test('estimates gas: 21000 for a plain transfer, more for a token transfer', async () => {
    expect(await env.adapter.estimateGas({ to: recipient(), value: 1n })).toBe(21_000n)
    const { encodeFunctionData } = await import('viem')
    const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [recipient(), 1n] })
    expect(await env.adapter.estimateGas({ to: LUSD, data })).toBeGreaterThan(21_000n)
  })

  test('parses and formats units: gwei 9, wei 18; malformed text is INVALID_PARAMS', () => {
    expect(env.adapter.parseUnits('1.5', 9)).toBe(1_500_000_000n)
    expect(env.adapter.parseUnits('1', 18)).toBe(10n ** 18n)
    expect(env.adapter.formatUnits(2_500_000_000n, 9)).toBe('2.5')
    expect(env.adapter.formatUnits(10n ** 18n, 18)).toBe('1')
    expect(() => env.adapter.parseUnits('1.2.3', 18)).toThrow(LatchkeyError)
    expect(() => env.adapter.parseUnits('abc', 9)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS' }),
    )
  })

  test("capabilities are the wallet's EIP-5792 answer, keyed by hex chain id", async () => {
    const capabilities = await env.adapter.getCapabilities()
    expect(capabilities['0x7a69']).toEqual({ atomic: { status: 'unsupported' } })
  })

  test('wallet assets (EIP-7811): the native balance and the ERC-20 the wallet reports, as on chain', async () => {
    const assets = await env.adapter.getWalletAssets({ address, network: networks[0] })
    const native = assets.find((asset) => asset.type === 'NATIVE')
    const lusd = assets.find(
      (asset) => asset.type === 'ERC20' && asset.address.toLowerCase() === LUSD.toLowerCase(),
    )
    expect(BigInt(native!.balance)).toBe(await clients[0]!.getBalance({ address }))
    expect(BigInt(lusd!.balance)).toBe(await balanceOf(LUSD, address))
    expect(lusd!.metadata).toMatchObject({ symbol: 'LUSD', decimals: 6 })
  })

  test('without a Blockchain API the native balance comes from the RPC', async () => {
    const balance = await env.adapter.getBalance({ address, network: networks[0] })
    expect(balance.value).toBe(await clients[0]!.getBalance({ address }))
    expect(balance).toMatchObject({ decimals: 18, symbol: 'ETH' })
  })
})

test('with a Blockchain API the balance comes through the services stand-in', async () => {
  const projectId = `wagmi-balance-${Date.now()}`
  const api = createBlockchainApiClient({ baseUrl: stack.services.url, projectId, sdkVersion: VERSION })
  // The kit's balance service over the Blockchain API client (as createKitCore builds it).
  const balanceService: BalanceService = {
    async getBalance({ address: owner, network }) {
      const tokens = await api.getBalance({ address: owner, caipNetworkId: network.caipNetworkId })
      const native = tokens.find((token) => token.address === undefined)
      if (!native) return null
      const { decimals, symbol } = network.nativeCurrency
      const [whole = '0', fraction = ''] = native.quantity.numeric.split('.')
      const value = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
      return { value, decimals, symbol, formatted: native.quantity.numeric }
    },
  }
  const served = await setupAdapter({ context: { balanceService } })
  try {
    const funded = served.wallet.address
    const balance = await served.adapter.getBalance({ address: funded, network: networks[0] })
    expect(balance.value).toBe(await clients[0]!.getBalance({ address: funded }))
    const log = (await (
      await fetch(`${stack.services.url}/__control/requests?projectId=${projectId}`)
    ).json()) as { requests: RecordedRequest[] }
    expect(log.requests.some((request) => request.path === `/v1/account/${funded}/balance`)).toBe(true)
  } finally {
    served.close()
  }
})
