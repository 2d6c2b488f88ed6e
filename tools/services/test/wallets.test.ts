import { describe, expect, it } from 'vitest'
import {
  FIXTURE_WALLET_IDS,
  fixtureWallets,
  generateWallets,
  type ListedWallet,
  MAX_ENTRIES,
} from '../src/index.js'
import { getJson, startForFile } from './helpers.js'

const server = await startForFile()
const big = await startForFile({ wallets: 1000 })

interface Page {
  count: number
  data: ListedWallet[]
}

async function getWallets(query: string, base = server.url): Promise<Page> {
  const { status, body } = await getJson<Page>(`${base}/getWallets?${query}`)
  expect(status).toBe(200)
  return body
}

const CAIP2 = /^(eip155|solana|bip122):[-_a-zA-Z0-9]{1,32}$/
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/

/** Every field of one listed wallet has the type and format the real listing uses. */
function expectValidWallet(wallet: ListedWallet): void {
  expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
  expect(wallet.name.trim()).toBe(wallet.name)
  expect(wallet.name.length).toBeGreaterThan(0)
  expect(wallet.image_id).toMatch(/^[0-9a-f-]{36}$/)
  if (wallet.rdns !== null) expect(wallet.rdns).toMatch(RDNS)
  if (wallet.mobile_link !== null) expect(wallet.mobile_link).toMatch(/^([a-z][a-z0-9+.-]*:\/\/|https:\/\/)/)
  if (wallet.desktop_link !== null) expect(wallet.desktop_link).toMatch(/^[a-z][a-z0-9+.-]*:\/\//)
  for (const link of [wallet.webapp_link, wallet.homepage, wallet.app_store, wallet.play_store]) {
    if (link !== null) expect(new URL(link).protocol).toBe('https:')
  }
  expect(wallet.chains.length).toBeGreaterThan(0)
  for (const chain of wallet.chains) expect(chain).toMatch(CAIP2)
  expect(['none', 'certified']).toContain(wallet.badge_type)
}

describe('the wallet fixture', () => {
  it('has at least 60 valid wallets with distinct ids, names and rdns', () => {
    const wallets = fixtureWallets()
    expect(wallets.length).toBeGreaterThanOrEqual(60)
    for (const wallet of wallets) expectValidWallet(wallet)
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
    expect(new Set(wallets.map((w) => w.name)).size).toBe(wallets.length)
    const rdns = wallets.map((w) => w.rdns).filter((r) => r !== null)
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  it('covers eip155, solana and bip122, both link styles, desktop and web links and certified badges', () => {
    const wallets = fixtureWallets()
    for (const namespace of ['eip155', 'solana', 'bip122']) {
      expect(wallets.some((w) => w.chains.some((c) => c.startsWith(`${namespace}:`)))).toBe(true)
    }
    expect(wallets.some((w) => w.chains.length === 1 && w.chains[0]?.startsWith('bip122:'))).toBe(true)
    expect(wallets.some((w) => w.mobile_link?.startsWith('https://'))).toBe(true)
    expect(wallets.some((w) => /^[a-z]+:\/\/$/.test(w.mobile_link ?? ''))).toBe(true)
    expect(wallets.some((w) => w.desktop_link !== null)).toBe(true)
    expect(wallets.some((w) => w.webapp_link !== null)).toBe(true)
    expect(wallets.some((w) => w.rdns === null)).toBe(true)
    expect(wallets.filter((w) => w.badge_type === 'certified').length).toBeGreaterThan(5)
  })

  it('holds the wallets the spec names: MetaMask (io.metamask), Phantom, Solflare, Coinbase Wallet, Browser Wallet', () => {
    const byId = new Map(fixtureWallets().map((w) => [w.id, w]))
    const metamask = byId.get(FIXTURE_WALLET_IDS.metamask)
    expect(metamask).toMatchObject({ name: 'MetaMask', rdns: 'io.metamask', mobile_link: 'metamask://' })
    expect(byId.get(FIXTURE_WALLET_IDS.phantom)?.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(byId.get(FIXTURE_WALLET_IDS.solflare)?.name).toBe('Solflare')
    expect(byId.get(FIXTURE_WALLET_IDS.coinbase)?.name).toBe('Coinbase Wallet')
    expect(byId.get(FIXTURE_WALLET_IDS.browserWallet)).toMatchObject({ name: 'Browser Wallet', rdns: null })
  })
})

describe('generateWallets', () => {
  it('makes 1,000 valid wallets with unique ids that differ from the fixture', () => {
    const wallets = generateWallets(1000)
    expect(wallets).toHaveLength(1000)
    for (const wallet of wallets) expectValidWallet(wallet)
    const ids = new Set(wallets.map((w) => w.id))
    expect(ids.size).toBe(1000)
    for (const wallet of fixtureWallets()) expect(ids.has(wallet.id)).toBe(false)
    expect(wallets[0]?.name).toBe('Generated Wallet 0001')
    expect(generateWallets(3)).toEqual(wallets.slice(0, 3))
  })

  it('refuses a count that is not a whole number in range', () => {
    expect(() => generateWallets(-1)).toThrow(RangeError)
    expect(() => generateWallets(1.5)).toThrow(RangeError)
  })
})

describe('GET /getWallets', () => {
  it('pages the fixture in listing order with the total count', async () => {
    const all = fixtureWallets()
    const first = await getWallets('page=1&entries=40')
    expect(first.count).toBe(all.length)
    expect(first.data.map((w) => w.id)).toEqual(all.slice(0, 40).map((w) => w.id))
    const second = await getWallets('page=2&entries=40')
    expect(second.data.map((w) => w.id)).toEqual(all.slice(40, 80).map((w) => w.id))
    expect((await getWallets('page=9&entries=40')).data).toEqual([])
  })

  it('searches names case-insensitively', async () => {
    const result = await getWallets('page=1&entries=40&search=VAULT')
    expect(result.count).toBeGreaterThan(3)
    for (const wallet of result.data) expect(wallet.name.toLowerCase()).toContain('vault')
    expect((await getWallets('search=metamask')).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await getWallets('search=no-such-wallet')).count).toBe(0)
  })

  it('includes only the listed ids, and excludes listed ids', async () => {
    const { metamask, phantom, solflare } = FIXTURE_WALLET_IDS
    const included = await getWallets(`include=${phantom},${metamask}`)
    expect(included.data.map((w) => w.id)).toEqual([metamask, phantom])
    const excluded = await getWallets(`entries=100&exclude=${metamask},${solflare}`)
    expect(excluded.count).toBe(fixtureWallets().length - 2)
    expect(excluded.data.map((w) => w.id)).not.toContain(metamask)
    expect(excluded.data.map((w) => w.id)).not.toContain(solflare)
  })

  it('keeps wallets supporting any of the chains, and certified ones for badge_type=certified', async () => {
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const btc = await getWallets(`entries=100&chains=${bitcoin}`)
    expect(btc.count).toBeGreaterThan(0)
    for (const wallet of btc.data) expect(wallet.chains).toContain(bitcoin)
    const either = await getWallets(`entries=100&chains=${bitcoin},${solana}`)
    expect(either.count).toBeGreaterThan(btc.count)
    const certified = await getWallets('entries=100&badge_type=certified')
    expect(certified.count).toBe(fixtureWallets().filter((w) => w.badge_type === 'certified').length)
    for (const wallet of certified.data) expect(wallet.badge_type).toBe('certified')
  })

  it('refuses a page or entries out of range', async () => {
    expect((await getJson(`${server.url}/getWallets?page=0`)).status).toBe(400)
    expect((await getJson(`${server.url}/getWallets?entries=${MAX_ENTRIES + 1}`)).status).toBe(400)
  })

  it('serves the generated listing of 1,000 when started with wallets: 1000', async () => {
    const first = await getWallets('page=1&entries=100', big.url)
    expect(first.count).toBe(1000)
    expect(first.data).toHaveLength(100)
    const last = await getWallets('page=10&entries=100', big.url)
    expect(last.data.at(-1)?.name).toBe('Generated Wallet 1000')
    expect((await getWallets('search=wallet 0999', big.url)).data.map((w) => w.name)).toEqual([
      'Generated Wallet 0999',
    ])
  })
})
