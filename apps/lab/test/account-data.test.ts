// The account's balances and activity on /multichain, end to end in Chromium against the local chains and the
// services stand-in (issue 22's acceptance): connect the multi-chain wallet, see ETH, LUSD, LKT and LUSDT with fiat
// values, then SOL and the SPL LUSD after switching to Solana; send from the lab and see the balances and the EVM
// activity follow without a reload. The multi-chain wallet holds the lab's default EVM account (mnemonic account
// 0, which other files send from too: amounts are compared with what the page showed before) and Solana keypair 1.
import { getTestKeypair } from '@latchkey/solana-chains'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { MULTICHAIN_WALLET, SOLANA_KEY_KEY } from '../src/lab/wallet-settings.js'
import {
  type Browser,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const SOLANA_KEYPAIR = getTestKeypair(1)
const PROJECT = '?projectId=lab-account-data'

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
let handle: LabPageHandle
let page: Page

const evmKey = () => {
  const key = mnemonicToAccount(stack().evm.mnemonic, { addressIndex: 0 }).getHdKey().privateKey
  if (!key) throw new Error('no key')
  return `0x${Buffer.from(key).toString('hex')}` as const
}

/** The lab's token rows: symbol -> amount, and whether each has a fiat value. */
async function tokens(): Promise<Record<string, { amount: number; valued: boolean }>> {
  const rows = await page.getByTestId('lab-token').evaluateAll((nodes) =>
    nodes.map((node) => ({
      symbol: node.getAttribute('data-symbol') ?? '',
      amount: node.getAttribute('data-amount') ?? '',
      text: node.textContent ?? '',
    })),
  )
  return Object.fromEntries(
    rows.map((row) => [row.symbol, { amount: Number(row.amount), valued: /\(\$[\d.]+\)/.test(row.text) }]),
  )
}

async function act(action: string): Promise<string> {
  await page.getByTestId(`lab-${action}`).click()
  await expect
    .poll(async () => {
      const error = page.getByTestId('lab-error')
      if ((await error.getAttribute('data-action')) === action) return `error: ${await error.textContent()}`
      return (await page.getByTestId('lab-result').getAttribute('data-action')) ?? ''
    })
    .toBe(action)
  return textOf(page, 'lab-result')
}

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
}, 60_000)

afterAll(async () => {
  await handle?.close()
  await served?.stop()
})

describe('/multichain: token balances and activity', () => {
  it('shows ETH, LUSD, LKT and LUSDT with fiat values after connecting', async () => {
    handle = await openLabPage(browser, lab, { page: 'multichain', key: evmKey(), query: PROJECT })
    page = handle.page
    await page.addInitScript(({ name, secret }) => localStorage.setItem(name, secret), {
      name: SOLANA_KEY_KEY,
      secret: Buffer.from(SOLANA_KEYPAIR.secretKey).toString('base64'),
    })
    await page.reload()
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${MULTICHAIN_WALLET.rdns}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect
      .poll(async () => Object.keys(await tokens()).sort(), { timeout: 15_000 })
      .toEqual(['ETH', 'LKT', 'LUSD', 'LUSDT'])
    const shown = await tokens()
    for (const symbol of ['ETH', 'LUSD', 'LKT', 'LUSDT']) expect(shown[symbol]?.valued, symbol).toBe(true)
    expect(shown.LUSD?.amount).toBeGreaterThan(0)
    expect(await textOf(page, 'lab-total')).toMatch(/^\$[\d.]+$/)
  })

  it('a lab send moves the ETH balance and lands in the activity, without a reload', async () => {
    const before = (await tokens()).ETH?.amount ?? 0
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await page.getByTestId('lab-recipient').fill(recipient)
    await page.getByTestId('lab-amount').fill('0.5')
    const hash = await act('send-native')
    await expect
      .poll(async () => (await tokens()).ETH?.amount ?? 0, { timeout: 15_000 })
      .toBeLessThanOrEqual(before - 0.5)
    await expect
      .poll(
        () =>
          page
            .getByTestId('lab-activity-item')
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-hash'))),
        {
          timeout: 15_000,
        },
      )
      .toContain(hash)
  })

  it('switching to Solana shows SOL and the SPL LUSD, and a SOL send moves the balance', async () => {
    await page.getByTestId('network-button').click()
    const solanaId = stack().solana.clusters[0]?.genesisHash.slice(0, 32)
    await page.getByTestId(`network-solana:${solanaId}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect
      .poll(async () => Object.keys(await tokens()).sort(), { timeout: 15_000 })
      .toEqual(['LUSD', 'SOL'])
    const shown = await tokens()
    expect(shown.SOL?.valued).toBe(true)
    const before = shown.SOL?.amount ?? 0
    await page.getByTestId('lab-recipient').fill('')
    await page.getByTestId('lab-amount').fill('0.25')
    await act('send-native')
    await expect
      .poll(async () => (await tokens()).SOL?.amount ?? 0, { timeout: 15_000 })
      .toBeLessThanOrEqual(before - 0.25)
    // Activity is an eip155 feature (SPEC §9): the lab hides it on Solana.
    expect(await page.getByTestId('lab-activity').isVisible()).toBe(false)
    expectClean(handle, served.featureChunks)
  })
})
