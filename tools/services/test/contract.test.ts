// The Blockchain API contract, the stand-in's side: the reference checks agree with the shared fixtures (every valid
// answer passes, every malformed one is caught where its outcome says), and the stand-in's real answers (balance,
// price, history after real transfers) pass them. @latchkey/core's side: kit-core/test/contract/.
import { TOKENS } from '@latchkey/evm-chains'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { contractProblems, MALFORMED_ANSWERS, VALID_ANSWERS } from '../src/contract/index.js'
import { freshSender, historyPage } from './chain-helpers.js'
import { getJson, postJson } from './helpers.js'

const { evm, services } = inject('stack')
const base = services.url
const chainA = evm.chains.find((chain) => chain.chainId === 31337)!
const LOCAL = 'eip155:31337'
const stand = { allowLocalImages: true }

describe('the reference checks against the shared fixtures', () => {
  it.each(VALID_ANSWERS.map((answer) => [answer.name, answer] as const))('accepts %s', (_name, answer) => {
    expect(contractProblems(answer.endpoint, answer.body)).toEqual([])
  })

  it.each(MALFORMED_ANSWERS.map((answer) => [answer.name, answer] as const))(
    'catches %s',
    (_name, answer) => {
      const problems = contractProblems(answer.endpoint, answer.body)
      expect(problems.length).toBeGreaterThan(0)
      const { outcome } = answer
      if (outcome.kind === 'refused') {
        // The answer's own shape: no item is named.
        expect(problems.some((problem) => !/^\w+\[\d+\]\./.test(problem))).toBe(true)
      } else {
        for (const problem of problems) expect(problem).toMatch(new RegExp(`^\\w+\\[${outcome.index}\\]\\.`))
      }
    },
  )

  it('image URLs on this machine pass only when allowed (the stand-in serves its icons from 127.0.0.1)', () => {
    const body = {
      fungibles: [{ address: `${LOCAL}:native`, name: 'Ether', symbol: 'ETH', iconUrl: `${base}/x` }],
    }
    expect(contractProblems('price', body)).toEqual(['fungibles[0].iconUrl: not a safe image URL'])
    expect(contractProblems('price', body, stand)).toEqual([])
  })
})

describe('the stand-in’s real answers keep the contract', () => {
  it('balance, price and history after real transfers', async () => {
    const sender = await freshSender(chainA, { eth: '3', lusd: '50', lusdt: '50' })
    const recipient = privateKeyToAddress(generatePrivateKey())
    const hashes = [
      await sender.send(recipient, '0.5'),
      await sender.transfer('LUSD', recipient, '1.25'),
      await sender.transfer('LUSDT', recipient, '2'),
    ]
    for (const hash of hashes) await sender.mined(hash)

    const balance = await getJson(
      `${base}/v1/account/${sender.address}/balance?currency=usd&chainId=${LOCAL}`,
    )
    expect((balance.body as { balances: unknown[] }).balances).toHaveLength(3)
    expect(contractProblems('balance', balance.body, stand)).toEqual([])

    const prices = await postJson(`${base}/v1/fungible/price`, {
      currency: 'usd',
      addresses: [
        `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
        ...Object.values(TOKENS).map((t) => `${LOCAL}:${t.address}`),
      ],
    })
    expect((prices.body as { fungibles: unknown[] }).fungibles).toHaveLength(4)
    expect(contractProblems('price', prices.body, stand)).toEqual([])

    await expect
      .poll(async () => (await historyPage(base, recipient)).data.length, { timeout: 5_000 })
      .toBe(3)
    for (const address of [sender.address, recipient]) {
      const page = await historyPage(base, address)
      expect(page.data).toHaveLength(3)
      expect(contractProblems('history', page, stand)).toEqual([])
    }
    expect(
      contractProblems('history', await historyPage(base, recipient, { chainId: 'eip155:1' }), stand),
    ).toEqual([])
  })
})
