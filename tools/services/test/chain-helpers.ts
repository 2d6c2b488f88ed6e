// Fresh senders on a local EVM chain (funded by anvil's setBalance and by writing the tokens' balance mapping, so no
// shared account's nonce moves), history and JSON helpers for the stand-in's Blockchain API tests.
import { ERC20_ABI, localViemChain, TOKENS, USDT_STYLE_ABI } from '@latchkey/evm-chains'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  type Hash,
  http,
  keccak256,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import type { HistoryItem } from '../src/history.js'
import { getJson } from './helpers.js'

export interface ChainInfo {
  chainId: number
  name?: string
  rpcUrl: string
}

/** The storage slot of `balanceOf[holder]` in the Latchkey tokens (the mapping is state variable 3). */
function balanceSlot(holder: `0x${string}`): `0x${string}` {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 3n]))
}

/** A fresh key on a chain, funded, and what the tests do with it. */
export interface Sender {
  address: `0x${string}`
  /** Sends `eth` ETH to `to`. */
  send(to: `0x${string}`, eth: string): Promise<Hash>
  /** Calls `transfer(to, amount)` on LUSD or LUSDT (whole tokens; LUSDT through its USDT-style ABI). */
  transfer(token: 'LUSD' | 'LUSDT', to: `0x${string}`, amount: string, gas?: bigint): Promise<Hash>
  /** Waits for the receipt: whether it succeeded. */
  mined(hash: Hash): Promise<'success' | 'reverted'>
}

/** A fresh key on `chain`, holding `eth` ETH and, when asked, LUSD and LUSDT (whole tokens). */
export async function freshSender(
  chain: ChainInfo,
  funds: { eth: string; lusd?: string; lusdt?: string },
): Promise<Sender> {
  const account = privateKeyToAccount(generatePrivateKey())
  const viemChain = localViemChain({ name: `chain ${chain.chainId}`, ...chain })
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  const anvil = createTestClient({ mode: 'anvil', chain: viemChain, transport })
  const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 })
  const wallet = createWalletClient({ account, chain: viemChain, transport, pollingInterval: 50 })
  await anvil.setBalance({ address: account.address, value: parseEther(funds.eth) })
  for (const [token, amount] of [
    [TOKENS.LUSD, funds.lusd],
    [TOKENS.LUSDT, funds.lusdt],
  ] as const) {
    if (amount === undefined) continue
    await anvil.setStorageAt({
      address: token.address,
      index: balanceSlot(account.address),
      value: numberToHex(parseUnits(amount, token.decimals), { size: 32 }),
    })
  }
  return {
    address: account.address,
    send: (to, eth) => wallet.sendTransaction({ to, value: parseEther(eth) }),
    transfer: (token, to, amount, gas) =>
      token === 'LUSD'
        ? wallet.writeContract({
            address: TOKENS.LUSD.address,
            abi: ERC20_ABI,
            functionName: 'transfer',
            args: [to, parseUnits(amount, TOKENS.LUSD.decimals)],
            ...(gas ? { gas } : {}),
          })
        : wallet.writeContract({
            address: TOKENS.LUSDT.address,
            abi: USDT_STYLE_ABI,
            functionName: 'transfer',
            args: [to, parseUnits(amount, TOKENS.LUSDT.decimals)],
            ...(gas ? { gas } : {}),
          }),
    mined: async (hash) => (await publicClient.waitForTransactionReceipt({ hash })).status,
  }
}

/** A history item as the stand-in answers it. */
export type Item = HistoryItem

export interface Page {
  data: Item[]
  next: string | null
}

/** One history page of `address` (200 expected). */
export async function historyPage(
  base: string,
  address: string,
  params: Record<string, string> = {},
): Promise<Page> {
  const query = new URLSearchParams(params)
  const { status, body } = await getJson<Page>(`${base}/v1/account/${address}/history?${query}`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

/** Every page of `address`'s history, following `next`: the items in order, and how many pages it took. */
export async function walkHistory(
  base: string,
  address: string,
  params: Record<string, string> = {},
): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = []
  let pages = 0
  let cursor: string | null = null
  do {
    const page: Page = await historyPage(base, address, { ...params, ...(cursor ? { cursor } : {}) })
    items.push(...page.data)
    pages += 1
    cursor = page.next
  } while (cursor !== null && pages < 1000)
  return { items, pages }
}
