import { ERC20_ABI, getTestAccount, localViemChain, TOKENS } from '@latchkey/evm-chains'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  http,
  keccak256,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { SUPPORTED_CHAINS } from '../src/index.js'
import { getJson, startForFile } from './helpers.js'

const { evm } = inject('stack')
const chainA = evm.chains.find((chain) => chain.chainId === 31337)!
const server = await startForFile({
  evm: {
    chains: evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    tokens: Object.values(TOKENS).map(({ address, symbol, name, decimals }) => ({
      address,
      symbol,
      name,
      decimals,
    })),
  },
})
const base = server.url

interface Balance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

async function balances(address: string, chainId = 'eip155:31337'): Promise<Balance[]> {
  const { status, body } = await getJson<{ balances: Balance[] }>(
    `${base}/v1/account/${address}/balance?projectId=p&currency=usd&chainId=${chainId}`,
  )
  expect(status).toBe(200)
  return body.balances
}

/** The storage slot of `balanceOf[holder]` in the Latchkey tokens (the mapping is state variable 3). */
function balanceSlot(holder: `0x${string}`): `0x${string}` {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 3n]))
}

describe('the Blockchain API', () => {
  it('lists the supported chains: the local chains, Solana and Bitcoin', async () => {
    const { body } = await getJson(`${base}/v1/supported-chains?projectId=p`)
    expect(body).toEqual({ http: [...SUPPORTED_CHAINS.http], ws: [...SUPPORTED_CHAINS.ws] })
    expect(SUPPORTED_CHAINS.http).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338']))
    expect(SUPPORTED_CHAINS.http.some((id) => id.startsWith('solana:'))).toBe(true)
    expect(SUPPORTED_CHAINS.http.some((id) => id.startsWith('bip122:'))).toBe(true)
  })

  it('knows names and avatars of some test accounts, and nothing of others', async () => {
    const alice = getTestAccount(0).address
    const { body } = await getJson(`${base}/v1/identity/${alice.toLowerCase()}?sender=${alice}`)
    expect(body).toEqual({ name: 'alice.latchkey.id', avatar: `${base}/public/getAssetImage/avatar-alice` })
    expect((await getJson(`${base}/v1/identity/${getTestAccount(1).address}`)).body).toEqual({
      name: 'bob.latchkey.id',
      avatar: null,
    })
    expect((await getJson(`${base}/v1/identity/${privateKeyToAddress(generatePrivateKey())}`)).body).toEqual({
      name: null,
      avatar: null,
    })
  })

  it('answers reverse profile lookups from the same fixtures', async () => {
    const carol = getTestAccount(2).address
    const { body } = await getJson<unknown[]>(
      `${base}/v1/profile/reverse/${carol}?sender=${carol}&apiVersion=2`,
    )
    expect(body).toEqual([
      expect.objectContaining({
        name: 'carol.latchkey.id',
        addresses: { 60: expect.objectContaining({ address: carol }) },
        attributes: [{ avatar: `${base}/public/getAssetImage/avatar-carol` }],
      }),
    ])
    const stranger = privateKeyToAddress(generatePrivateKey())
    expect((await getJson(`${base}/v1/profile/reverse/${stranger}?apiVersion=2`)).body).toEqual([])
    expect((await getJson(`${base}/v1/profile/reverse/not-an-address`)).status).toBe(400)
  })

  it('reads balances live from the local chain, in the token-balance shape, after a real transfer', {
    timeout: 30_000,
  }, async () => {
    const senderKey = generatePrivateKey()
    const sender = privateKeyToAccount(senderKey)
    const recipient = privateKeyToAddress(generatePrivateKey())
    const transport = http(chainA.rpcUrl, { retryCount: 0 })
    const chain = localViemChain(chainA)
    const anvil = createTestClient({ mode: 'anvil', chain, transport })
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 })
    const wallet = createWalletClient({ account: sender, chain, transport, pollingInterval: 50 })
    // A fresh key: 5 ETH by setBalance and 500 LUSD written into the token's balance mapping.
    await anvil.setBalance({ address: sender.address, value: parseEther('5') })
    await anvil.setStorageAt({
      address: TOKENS.LUSD.address,
      index: balanceSlot(sender.address),
      value: numberToHex(parseUnits('500', 6), { size: 32 }),
    })
    expect(await balances(recipient)).toEqual([])

    const hashes = [
      await wallet.sendTransaction({ to: recipient, value: parseEther('1.25') }),
      await wallet.writeContract({
        address: TOKENS.LUSD.address,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [recipient, parseUnits('120.5', 6)],
      }),
    ]
    for (const hash of hashes) await publicClient.waitForTransactionReceipt({ hash })

    const received = await balances(recipient)
    expect(received).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 1.25 * 2500,
        price: 2500,
        quantity: { decimals: '18', numeric: '1.25' },
        iconUrl: `${base}/public/getTokenImage/ETH`,
      },
      {
        name: 'Latchkey USD',
        symbol: 'LUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${TOKENS.LUSD.address}`,
        value: 120.5,
        price: 1,
        quantity: { decimals: '6', numeric: '120.5' },
        iconUrl: `${base}/public/getTokenImage/LUSD`,
      },
    ])
    const left = await balances(sender.address)
    expect(left.find((b) => b.symbol === 'LUSD')?.quantity.numeric).toBe('379.5')
    // The other chain saw none of it.
    expect(await balances(recipient, 'eip155:31338')).toEqual([])
  })

  it('answers empty balances on Solana mainnet and on chains it does not serve; refuses malformed input', async () => {
    const solana = SUPPORTED_CHAINS.http.find((id) => id.startsWith('solana:'))
    const { body } = await getJson(
      `${base}/v1/account/So11111111111111111111111111111111111111112/balance?chainId=${solana}`,
    )
    expect(body).toEqual({ balances: [] })
    const address = privateKeyToAddress(generatePrivateKey())
    // SPEC §7: an unsupported network gets an empty answer.
    expect(await getJson(`${base}/v1/account/${address}/balance?chainId=eip155:1`)).toEqual({
      status: 200,
      body: { balances: [] },
    })
    expect((await getJson(`${base}/v1/account/0x123/balance?chainId=eip155:31337`)).status).toBe(400)
    expect((await getJson(`${base}/v1/account/${address}/balance?chainId=eip155`)).status).toBe(400)
  })
})
