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
  labAction,
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

/** Old items in the stand-in's history of `address` (this file's project only): 60 transfers, enough for a second
 * page, and an item whose only transfers are NFTs the service flags as spam. */
async function addHistory(address: string): Promise<void> {
  const chain = `eip155:${stack().evm.chains[0]?.chainId}`
  const base = Date.parse('2024-01-01T00:00:00Z')
  const transfer = (numeric: string) => ({
    fungible_info: { name: 'Latchkey USD', symbol: 'LUSD' },
    direction: 'in',
    quantity: { numeric },
  })
  const item = (id: string, minutes: number, transfers: unknown[]) => ({
    id,
    metadata: {
      operationType: 'receive',
      minedAt: new Date(base - minutes * 60_000).toISOString(),
      sentFrom: '0x000000000000000000000000000000000000beef',
      sentTo: address.toLowerCase(),
      status: 'confirmed',
      chain,
    },
    transfers,
  })
  const items = [
    item('extra-spam', 1, [
      {
        nft_info: { name: 'Free tokens', flags: { is_spam: true } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ]),
    ...Array.from({ length: 60 }, (_, i) => item(`extra-${i}`, i + 2, [transfer(String(i + 1))])),
  ]
  const response = await fetch(`${stack().services.url}/__control/history?projectId=lab-account-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, items }),
  })
  if (!response.ok) throw new Error(`history: ${response.status} ${await response.text()}`)
}

const activityIds = () =>
  page
    .getByTestId('lab-activity-item')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-hash')))

const act = (action: string) => labAction(page, action)

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
    await addHistory(privateKeyToAccount(evmKey()).address)
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

  it('pages by the cursor and leaves out the item whose transfers are all spam NFTs', async () => {
    await expect.poll(() => textOf(page, 'lab-activity-state')).toBe('ready')
    const first = await activityIds()
    expect(first.length).toBeGreaterThanOrEqual(50)
    expect(first).not.toContain('extra-spam')
    expect(await page.getByTestId('lab-activity-more').isDisabled()).toBe(false)
    await page.getByTestId('lab-activity-more').click()
    await expect.poll(async () => (await activityIds()).length).toBeGreaterThan(first.length)
    const all = await activityIds()
    expect(all).toContain('extra-59')
    expect(all).not.toContain('extra-spam')
    expect(new Set(all).size).toBe(all.length)
  })

  it("a switch to the other EVM chain shows that chain's tokens and activity only", async () => {
    const sent = await page
      .getByTestId('lab-activity-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-hash')))
    expect(sent.length).toBeGreaterThan(0)
    const other = stack().evm.chains[1]?.chainId
    await page.getByTestId(`lab-switch-${other}`).click()
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(String(other))
    await expect
      .poll(
        () =>
          page
            .getByTestId('lab-token')
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-chain-id'))),
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining([`eip155:${other}`]))
    const chains = await page
      .getByTestId('lab-token')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-chain-id')))
    expect(new Set(chains)).toEqual(new Set([`eip155:${other}`]))
    await expect
      .poll(() => textOf(page, 'lab-activity-state'), { timeout: 15_000 })
      .toMatch(/^(ready|empty)$/)
    const shown = await page
      .getByTestId('lab-activity-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-hash')))
    for (const hash of sent) expect(shown).not.toContain(hash)
    await page.getByTestId(`lab-switch-${stack().evm.chains[0]?.chainId}`).click()
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(String(stack().evm.chains[0]?.chainId))
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

describe('/wagmi with the services down: both toasts, and nothing stale on screen', () => {
  const DOWN = 'lab-account-down'
  let down: LabPageHandle

  afterAll(async () => {
    await down?.close()
  })

  it('balances and activity that cannot be read say so, and the native balance comes from the chain', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const chain = stack().evm.chains[0]
    if (!chain) throw new Error('no chain')
    const rpc = (method: string, params: unknown[]) =>
      fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    await rpc('anvil_setBalance', [address, `0x${(10n ** 20n).toString(16)}`])
    down = await openLabPage(browser, lab, { page: 'wagmi', key, query: `?projectId=${DOWN}` })
    const view = down.page
    await view.getByTestId('connect-button').click()
    await view.getByTestId('wallet-dev.latchkey.testwallet').click()
    await view.getByTestId('modal').waitFor({ state: 'detached' })
    await expect
      .poll(() =>
        view.getByTestId('lab-token').evaluateAll((n) => n.map((e) => e.getAttribute('data-symbol'))),
      )
      .toContain('ETH')
    await view.getByTestId('account-button').click()
    await view.getByTestId('account-token').first().waitFor()

    // Every toast the modal shows from now on, in order: one replaces the other in the snackbar, so each is recorded
    // as it appears rather than read when the test looks.
    await view.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { toasts: string[] }).toasts = seen
      const root = document.querySelector('latchkey-modal')?.shadowRoot
      if (!root) throw new Error('no modal')
      const record = () => {
        const text = root.querySelector('[data-testid="snackbar"]')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }
      new MutationObserver(record).observe(root, { childList: true, subtree: true, characterData: true })
    })
    const toasts = () => view.evaluate(() => (window as unknown as { toasts: string[] }).toasts)

    // The Blockchain API's account endpoints fail from now on; the account's balance moves on the chain (a new block).
    const faulted = await fetch(`${stack().services.url}/__control/faults?projectId=${DOWN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/account/', status: 503 }),
    })
    expect(faulted.ok).toBe(true)
    await rpc('anvil_setBalance', [address, `0x${(5n * 10n ** 19n).toString(16)}`])
    await rpc('evm_mine', [])

    // The balances' toast, and the activity's: the lab's panel had read the activity, and the moved balance reads it
    // again.
    await expect.poll(toasts, { timeout: 15_000 }).toContain('Token Balance Unavailable')
    await view.getByTestId('account-tokens-unavailable').waitFor()
    expect(await view.getByTestId('account-token').count()).toBe(0)
    expect(await view.getByTestId('lab-token').count()).toBe(0)
    // The balance shown is the chain's (50 ETH), not the 100 read before the service failed.
    await expect.poll(() => textOf(view, 'account-balance')).toMatch(/^50(\.0+)? ETH$/)

    await expect.poll(toasts, { timeout: 15_000 }).toContain('Failed to fetch transactions')
    await view.getByTestId('account-tab-activity').click()
    await view.getByTestId('activity-error').waitFor()
    expect(await view.getByTestId('activity-item').count()).toBe(0)
    expectClean(down, served.featureChunks)
  })
})
