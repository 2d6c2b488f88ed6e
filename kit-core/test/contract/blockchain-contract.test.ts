// The Blockchain API contract, the client's side: the fixtures the services stand-in's tests hold its answers to
// (@latchkey/services/contract), fed to the client as the stand-in's canned answers. The client keeps every valid
// answer whole, and does what each malformed one's outcome says: refuses the answer, drops the item, or keeps it
// without the unsafe field. Then the stand-in's real answers, which the client must keep whole too.
import {
  type ContractEndpoint,
  MALFORMED_ANSWERS,
  type MalformedAnswer,
  VALID_ANSWERS,
} from '@latchkey/services/contract'
import type { LocalStackInfo } from '@latchkey/stack'
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { anvil } from '../support/local-chain.js'
import { fault, servicesUrl, setupBlockchainApi } from '../support/services-stand-in.js'

const LOCAL = 'eip155:31337' as const
const ETH = `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const ACCOUNT = privateKeyToAddress(generatePrivateKey())
const PATHS: Record<ContractEndpoint, string> = {
  balance: `/v1/account/${ACCOUNT}/balance`,
  price: '/v1/fungible/price',
  history: `/v1/account/${ACCOUNT}/history`,
}
const LISTS: Record<ContractEndpoint, string> = { balance: 'balances', price: 'fungibles', history: 'data' }

type Item = Record<string, unknown>

/** What identifies an item of each list, in the fixtures and in what the client returns. */
function identity(endpoint: ContractEndpoint, item: Item): string {
  if (endpoint === 'balance') return `${String(item.symbol)}|${String(item.address ?? 'native')}`
  return String(endpoint === 'price' ? item.address : item.id)
}

/** The client's result for `body` served as the stand-in's answer to `endpoint`. */
async function clientResult(endpoint: ContractEndpoint, body: unknown): Promise<Item[]> {
  const { api, projectId } = setupBlockchainApi('core-contract', { sdkVersion: 'contract', retryCount: 0 })
  await fault(projectId, { path: PATHS[endpoint], body })
  let result: readonly object[]
  if (endpoint === 'balance') result = await api.getBalance({ address: ACCOUNT, caipNetworkId: LOCAL })
  else if (endpoint === 'price') result = await api.getTokenPrices({ addresses: [ETH] })
  else result = (await api.getTransactions({ address: ACCOUNT, caipNetworkId: LOCAL })).data
  return result as Item[]
}

function listOf(answer: MalformedAnswer): Item[] {
  return (answer.body as Record<string, Item[]>)[LISTS[answer.endpoint]] ?? []
}

function at(item: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], item)
}

describe('the shared fixtures', () => {
  test.each(VALID_ANSWERS.map((answer) => [answer.name, answer] as const))(
    'keeps %s whole',
    async (_name, answer) => {
      const result = await clientResult(answer.endpoint, answer.body)
      const list = (answer.body as Record<string, Item[]>)[LISTS[answer.endpoint]] ?? []
      expect(result).toHaveLength(answer.count)
      expect(result.map((item) => identity(answer.endpoint, item))).toEqual(
        list.map((item) => identity(answer.endpoint, item)),
      )
      // History and prices come back as they were sent; a balance without a price gets price 0 (TokenBalance).
      if (answer.endpoint !== 'balance') expect(result).toEqual(list)
      else expect(result).toEqual(list.map((item) => ({ price: 0, ...item })))
    },
  )

  test.each(MALFORMED_ANSWERS.map((answer) => [`${answer.name} (${answer.outcome.kind})`, answer] as const))(
    '%s',
    async (_name, answer) => {
      const { endpoint, outcome } = answer
      if (outcome.kind === 'refused') {
        await expect(clientResult(endpoint, answer.body)).rejects.toMatchObject({ code: 'HTTP_ERROR' })
        return
      }
      const result = await clientResult(endpoint, answer.body)
      const sent = listOf(answer)
      if (outcome.kind === 'dropped') {
        expect(result.map((item) => identity(endpoint, item))).toEqual(
          sent.filter((_, index) => index !== outcome.index).map((item) => identity(endpoint, item)),
        )
      } else {
        expect(result).toHaveLength(sent.length)
        expect(at(sent[outcome.index], outcome.path)).toBeDefined()
        expect(at(result[outcome.index], outcome.path)).toBeUndefined()
        expect(identity(endpoint, result[outcome.index] as Item)).toBe(
          identity(endpoint, sent[outcome.index] as Item),
        )
      }
    },
  )
})

describe('the stand-in’s real answers', () => {
  test('balance, prices and history of a fresh account after a real send are kept whole', async () => {
    const chain = (inject('stack') as LocalStackInfo).evm.chains.find((item) => item.chainId === 31337)!
    const account = privateKeyToAccount(generatePrivateKey())
    await anvil.setBalance({ address: account.address, value: parseEther('2') })
    const local = defineChain({
      id: 31337,
      name: 'Latchkey Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    const transport = http(chain.rpcUrl, { retryCount: 0 })
    const hash = await createWalletClient({ account, transport, chain: local }).sendTransaction({
      to: ACCOUNT,
      value: parseEther('0.5'),
    })
    await createPublicClient({ transport, chain: local }).waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
    })

    const { api } = setupBlockchainApi('core-contract-real', { sdkVersion: 'contract' })
    const raw = async (path: string, init?: RequestInit) =>
      (await (await fetch(`${servicesUrl}${path}`, init)).json()) as Record<string, unknown[]>
    await expect
      .poll(async () => (await api.getTransactions({ address: ACCOUNT, caipNetworkId: LOCAL })).data.length, {
        timeout: 5_000,
      })
      .toBe(1)
    const history = await api.getTransactions({ address: account.address, caipNetworkId: LOCAL })
    const rawHistory = await raw(`/v1/account/${account.address}/history?chainId=${LOCAL}`)
    expect(history.data).toEqual(rawHistory.data)
    expect(history.data[0]?.metadata).toMatchObject({ hash, operationType: 'send', status: 'confirmed' })

    const balance = await api.getBalance({ address: ACCOUNT, caipNetworkId: LOCAL })
    const rawBalance = await raw(`/v1/account/${ACCOUNT}/balance?chainId=${LOCAL}&currency=usd`)
    expect(balance).toEqual(rawBalance.balances)
    expect(balance).toEqual([expect.objectContaining({ symbol: 'ETH', price: 2500, value: 1250 })])

    const prices = await api.getTokenPrices({ addresses: [ETH] })
    const rawPrices = await raw('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'usd', addresses: [ETH] }),
    })
    expect(prices).toEqual(rawPrices.fungibles)
    expect(prices).toEqual([expect.objectContaining({ address: ETH, symbol: 'ETH', price: 2500 })])
  })
})
