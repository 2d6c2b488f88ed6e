// The Account view's data in Chromium (issue 22): the wallet features row, the Tokens and Activity tabs, each panel a
// chunk of its own, read from a fake Blockchain API (test/page/fake-blockchain-api.ts) the kit's core is given, so
// every state (loading, unavailable, empty, failed, pages) is the test's to set. Wallets of solana and bip122 are
// fakes too (test/page/fake-adapter.ts).
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { TokenBalance, Transaction } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type KitPage, openKitPage, type Page, reportOnFailure, testIdsIn } from './kit-page.js'
import type { FakeBlockchainApi } from './page/fake-blockchain-api.js'
import type { ModalPageConfig } from './page/modal-page.js'
import { seriousViolations } from './visual-checks.js'

const RDNS = 'dev.latchkey.ui-account-data'
const { chains } = (inject('stack') as LocalStackInfo).evm
const [first, second] = chains
if (!first || !second) throw new Error('the stack serves two EVM chains')
const CHAIN = `eip155:${first.chainId}` as const
const OTHER_CHAIN = `eip155:${second.chainId}` as const
const CONFIG: ModalPageConfig = { chains, themeMode: 'dark', fakeBlockchainApi: true, activity: true }
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3b82f6"/></svg>',
).toString('base64')}`
const HOSTILE = '<img src=x onerror="window.pwned=1">Totally Legit Token With A Very Long Name Indeed'

const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')

let kp: KitPage
reportOnFailure(() => kp)
let page: Page

/** Screenshots of the modal in both themes (the picture only; nothing is asserted on them). */
async function shot(name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((mode) => window.kit?.setThemeMode(mode), theme)
    await page.waitForTimeout(250)
    await page.getByTestId('modal').screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`) })
  }
  await page.evaluate(() => window.kit?.setThemeMode('dark'))
}

const TOKENS: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: CHAIN,
    price: 1000,
    value: 1234.56,
    quantity: { decimals: '18', numeric: '1.23456' },
    iconUrl: ICON,
  },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: CHAIN,
    address: `${CHAIN}:0x00000000000000000000000000000000000000c0`,
    price: 1,
    value: 250.5,
    quantity: { decimals: '6', numeric: '250.5' },
    iconUrl: 'javascript:alert(1)',
  },
  {
    name: HOSTILE,
    symbol: 'LEGIT',
    chainId: CHAIN,
    address: `${CHAIN}:0x00000000000000000000000000000000000000d0`,
    price: 0,
    quantity: { decimals: '18', numeric: '42.0004' },
  },
]

/** Runs `fn` on the page's fake Blockchain API. */
function fake<T>(fn: (api: FakeBlockchainApi) => T): Promise<Awaited<T>> {
  return page.evaluate(`(${fn.toString()})(window.fakeApi)`) as Promise<Awaited<T>>
}

/** Sets the fake's fields (data only). */
function setFake(values: Partial<Omit<FakeBlockchainApi, 'calls' | 'release'>>): Promise<void> {
  return page.evaluate((v) => {
    Object.assign(window.fakeApi as object, v)
  }, values)
}

const historyCalls = () =>
  fake((api) =>
    api.calls.filter((call) => call.method === 'getTransactions').map((call) => call.cursor ?? ''),
  )
const balanceAsked = (chainId: string) =>
  page.evaluate(
    (id) => window.fakeApi?.calls.some((call) => call.method === 'getBalance' && call.caipNetworkId === id),
    chainId,
  )
const chunkRequests = (path: string) => kp.requests.filter((request) => request === path).length

/** A history item on the first chain, from the account's point of view. */
function item(
  id: string,
  at: number,
  operationType: string,
  options: {
    status?: Transaction['metadata']['status']
    transfer?: Transaction['transfers'][number]
    from?: string
    to?: string
    chain?: string
  } = {},
): Transaction {
  return {
    id,
    metadata: {
      operationType,
      hash: `0x${id.padStart(64, '0')}`,
      minedAt: new Date(at).toISOString(),
      chain: (options.chain ?? CHAIN) as Transaction['metadata']['chain'],
      status: options.status ?? 'confirmed',
      sentFrom: options.from ?? '0xF00d000000000000000000000000000000a1b2c3',
      sentTo: options.to ?? '0xBeef000000000000000000000000000000d4e5f6',
    },
    transfers: options.transfer ? [options.transfer] : [],
  }
}

const eth = (numeric: string, direction: 'in' | 'out' | 'self') => ({
  fungible_info: { name: 'Ether', symbol: 'ETH' },
  direction,
  quantity: { numeric },
})

/** `count` plain receive items, one every `step` ms back from `start`, ids `<prefix>-<n>`. */
function many(prefix: string, count: number, start: number, step: number): Transaction[] {
  return Array.from({ length: count }, (_, n) =>
    item(`${prefix}-${n}`, start - n * step, 'receive', { transfer: eth(`${n + 1}`, 'in') }),
  )
}

/** The month header of a time, as the panel writes it (en-US: the test browser's language). */
const monthOf = (at: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at)

/** Empties the activity in core: the open panel asks for the first page again. */
const resetActivity = () =>
  page.evaluate(() => window.kit?.controllers.account.current()?.transactions.reset())

/** Scrolls the activity list to its end. */
const scrollActivityToEnd = () =>
  page.evaluate(() => {
    const list = document
      .querySelector('latchkey-modal')
      ?.shadowRoot?.querySelector('[data-testid="activity-list"]') as HTMLElement
    list.scrollTop = list.scrollHeight
    list.dispatchEvent(new Event('scroll'))
  })

const shownItems = () => testIdsIn(page, '[data-testid="activity-item"]').then((ids) => ids.length)

async function restart(config: Partial<ModalPageConfig>): Promise<void> {
  kp.requests.length = 0
  await kp.reload()
  await kp.start({ ...CONFIG, ...config })
}

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true })
  // Its own rdns; account 17 is the read-only account of the modal tests (this file never sends).
  kp = await openKitPage({ wsEndpoint: inject('browserWsEndpoint'), chains, rdns: RDNS, accountIndex: 17 })
  page = kp.page
  await kp.start(CONFIG)
  await setFake({ balances: TOKENS })
})

afterAll(async () => {
  await kp?.close()
})

describe('the Tokens panel', () => {
  it('[§2.20] is a chunk loaded with Account; Receive and Send sit in the wallet features row', async () => {
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-token').first().waitFor()
    expect(chunkRequests(kp.tokensChunk)).toBe(1)
    expect(chunkRequests(kp.activityChunk)).toBe(0)
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive', 'account-send'])
    expect(await testIdsIn(page, '[role="tab"]')).toEqual(['account-tab-tokens', 'account-tab-activity'])
    expect(await page.getByTestId('account-tab-tokens').getAttribute('aria-selected')).toBe('true')
  })

  it('[§9.21] shows each token: amount to 3 decimals, fiat value to 2, the total on top', async () => {
    const rows = await page.evaluate(() =>
      [
        ...(document
          .querySelector('latchkey-modal')
          ?.shadowRoot?.querySelectorAll('[data-testid="account-token"]') ?? []),
      ].map((row) => ({
        chainId: row.getAttribute('data-chain-id'),
        address: row.getAttribute('data-token-address'),
        name: row.querySelector('.token-name')?.textContent,
        amount: row.querySelector('[data-testid="account-token-amount"]')?.textContent,
        value: row.querySelector('[data-testid="account-token-value"]')?.textContent ?? null,
        img: row.querySelector('.tile img')?.getAttribute('src') ?? null,
        letter: row.querySelector('.tile')?.textContent,
      })),
    )
    expect(rows).toEqual([
      {
        chainId: CHAIN,
        address: 'native',
        name: 'Ether',
        amount: '1.235 ETH',
        value: '$1,234.56',
        img: ICON,
        letter: '',
      },
      {
        chainId: CHAIN,
        address: `${CHAIN}:0x00000000000000000000000000000000000000c0`,
        name: 'USD Coin',
        amount: '250.5 USDC',
        value: '$250.50',
        img: null, // a javascript: URL never reaches an <img>: the symbol's letter instead
        letter: 'U',
      },
      {
        chainId: CHAIN,
        address: `${CHAIN}:0x00000000000000000000000000000000000000d0`,
        name: HOSTILE, // text, not markup
        amount: '42 LEGIT',
        value: null,
        img: null,
        letter: 'L',
      },
    ])
    expect(await page.getByTestId('account-total-value').textContent()).toBe('$1,485.06')
    // The hostile name is cut with an ellipsis inside the dialog, and ran nothing.
    const layout = await page.evaluate(() => {
      const root = document.querySelector('latchkey-modal')?.shadowRoot as ShadowRoot
      const card = (root.querySelector('[data-testid="modal"]') as HTMLElement).getBoundingClientRect()
      const name = root.querySelectorAll('.token-name')[2] as HTMLElement
      const rows = [...root.querySelectorAll('[data-testid="account-token"]')].map((row) =>
        row.getBoundingClientRect(),
      )
      return {
        cut: name.scrollWidth > name.clientWidth && getComputedStyle(name).textOverflow === 'ellipsis',
        inside: rows.every((row) => row.left >= card.left && row.right <= card.right),
        pwned: 'pwned' in window,
      }
    })
    expect(layout).toEqual({ cut: true, inside: true, pwned: false })
    await shot('account-tokens')
  })

  it('shows loading, never another network’s tokens, then unavailable when the read fails', async () => {
    await setFake({ balanceMode: 'hold' })
    // Not awaited: the switch waits for the account's balance, which the fake holds.
    await page.evaluate((id) => {
      const kit = window.kit
      const target = kit?.controllers.chain.getNetworks().find((n) => n.id === id)
      if (target) void kit?.switchNetwork(target)
    }, second.chainId)
    await page.getByTestId('account-tokens-loading').waitFor()
    expect(await page.getByTestId('account-token').count()).toBe(0)
    expect(await page.getByTestId('account-tokens-loading').getByRole('status').count()).toBe(1)
    await expect.poll(() => balanceAsked(OTHER_CHAIN)).toBe(true)
    await setFake({ balanceMode: 'fail' })
    await fake((api) => api.release())
    await page.getByTestId('account-tokens-unavailable').waitFor()
    expect(await page.getByTestId('account-tokens-unavailable').textContent()).toBe(
      'Token balances are unavailable',
    )
    expect(await page.getByTestId('account-token').count()).toBe(0)
  })

  it('says so when the account holds no token', async () => {
    await setFake({ balanceMode: 'answer', balances: [] })
    await page.evaluate(async (id) => {
      const kit = window.kit
      const target = kit?.controllers.chain.getNetworks().find((n) => n.id === id)
      if (target) await kit?.switchNetwork(target)
    }, first.chainId)
    await page.getByTestId('account-tokens-empty').waitFor()
    expect(await page.getByTestId('account-tokens-empty').textContent()).toBe('No tokens yet')
    expect(await page.getByTestId('account-total-value').count()).toBe(0)
    await setFake({ balances: TOKENS })
  })
})

describe('the Activity panel', () => {
  const now = Date.now()
  const HISTORY = [
    item('a1', now - 5 * MINUTE, 'receive', {
      transfer: eth('1.5', 'in'),
      from: '0xF00d000000000000000000000000000000a1b2c3',
    }),
    item('a2', now - 2 * DAY - 3 * MINUTE, 'send', {
      transfer: {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: ICON } },
        direction: 'out',
        quantity: { numeric: '0.2504' },
      },
      to: '0xBeef000000000000000000000000000000d4e5f6',
    }),
    item('a3', now - 3 * DAY, 'withdraw', { transfer: eth('2', 'out'), status: 'failed' }),
    item('a4', now - 4 * DAY, 'execute', { status: 'pending' }),
    item('a5', now - 40 * DAY, 'deposit', { transfer: eth('0.0006', 'in') }),
    item('a6', now - 400 * DAY, 'receive', { transfer: eth('3', 'in') }),
    // Another network's item: core keeps the active network's only.
    item('x1', now - 6 * MINUTE, 'receive', { transfer: eth('9', 'in'), chain: OTHER_CHAIN }),
  ]

  it('[§2.20] is a chunk requested only when its tab opens, and asks for the first page once', async () => {
    await setFake({ history: HISTORY })
    expect(chunkRequests(kp.activityChunk)).toBe(0)
    expect(await historyCalls()).toEqual([])
    // The arrow keys move between the tabs and select (the WAI-ARIA tabs pattern).
    await page.getByTestId('account-tab-tokens').focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('account-tab-activity').getAttribute('aria-selected')).toBe('true')
    await page.getByTestId('activity-item').first().waitFor()
    expect(chunkRequests(kp.activityChunk)).toBe(1)
    expect(await historyCalls()).toEqual([''])
    const focused = await page.evaluate(() =>
      document.querySelector('latchkey-modal')?.shadowRoot?.activeElement?.getAttribute('data-testid'),
    )
    expect(focused).toBe('account-tab-activity')
    expect(await page.getByTestId('account-panel-tokens').isHidden()).toBe(true)
  })

  it('[§9.22] groups by month, newest first, with signed amounts, counterparts, times and statuses', async () => {
    const kept = HISTORY.filter((entry) => entry.metadata.chain === CHAIN)
    const months = [...new Set(kept.map((entry) => monthOf(Date.parse(entry.metadata.minedAt))))]
    expect(await page.evaluate(() => navigator.language)).toBe('en-US')
    expect(
      await page.evaluate(() =>
        [
          ...(document
            .querySelector('latchkey-modal')
            ?.shadowRoot?.querySelectorAll('[data-testid="activity-month"]') ?? []),
        ].map((header) => header.textContent),
      ),
    ).toEqual(months)
    const rows = await page.evaluate(() =>
      [
        ...(document
          .querySelector('latchkey-modal')
          ?.shadowRoot?.querySelectorAll('[data-testid="activity-item"]') ?? []),
      ].map((row) => ({
        id: row.getAttribute('data-id'),
        title: row.querySelector('.activity-operation')?.textContent,
        amount: row.querySelector('[data-testid="activity-item-amount"]')?.textContent ?? null,
        counterpart: row.querySelector('[data-testid="activity-item-counterpart"]')?.textContent,
        time: row.querySelector('[data-testid="activity-item-time"]')?.textContent,
        status: row.getAttribute('data-status'),
        badge: row.querySelector('.badge')?.textContent ?? null,
        icon: row.querySelector('.tile img')
          ? 'image'
          : row.querySelector('.activity-icon svg')
            ? 'arrow'
            : null,
      })),
    )
    expect(rows).toEqual([
      {
        id: 'a1',
        title: 'Receive',
        amount: '+1.5 ETH',
        counterpart: '0xF0…a1b2c3',
        time: '5 min ago',
        status: 'confirmed',
        badge: null,
        icon: 'arrow',
      },
      {
        id: 'a2',
        title: 'Send',
        amount: '0.25 USDC',
        counterpart: '0xBe…d4e5f6',
        time: '2 d ago',
        status: 'confirmed',
        badge: null,
        icon: 'image',
      },
      {
        id: 'a3',
        title: 'Withdraw',
        amount: '-2 ETH',
        counterpart: '0xBe…d4e5f6',
        time: '3 d ago',
        status: 'failed',
        badge: 'Failed',
        icon: 'arrow',
      },
      {
        id: 'a4',
        title: 'Execute',
        amount: null,
        counterpart: '0xBe…d4e5f6',
        time: '4 d ago',
        status: 'pending',
        badge: 'Pending',
        icon: 'arrow',
      },
      {
        id: 'a5',
        title: 'Deposit',
        amount: '+0.001 ETH',
        counterpart: '0xF0…a1b2c3',
        time: '1 mo ago',
        status: 'confirmed',
        badge: null,
        icon: 'arrow',
      },
      {
        id: 'a6',
        title: 'Receive',
        amount: '+3 ETH',
        counterpart: '0xF0…a1b2c3',
        time: '1 y ago',
        status: 'confirmed',
        badge: null,
        icon: 'arrow',
      },
    ])
    expect(await seriousViolations(page)).toEqual([])
    await shot('account-activity')
  })

  it('asks for the next page once as the end comes near, and stops at the last page', async () => {
    await setFake({ history: many('p', 120, now - MINUTE, 30 * MINUTE) })
    await resetActivity()
    await expect.poll(shownItems).toBe(50)
    expect(await historyCalls()).toEqual(['', ''])
    await setFake({ historyMode: 'hold' })
    await scrollActivityToEnd()
    await page.getByTestId('activity-more').waitFor()
    // More scroll events while the page loads ask nothing more.
    for (let i = 0; i < 3; i++) await scrollActivityToEnd()
    await page.waitForTimeout(200) // a second request would have been made by now; the assertion is on the log
    expect(await historyCalls()).toEqual(['', '', '50'])
    await setFake({ historyMode: 'answer' })
    expect(await fake((api) => api.release())).toBe(1)
    await expect.poll(shownItems).toBe(100)
    // The new rows push the end out of reach: nothing is asked until the list scrolls again.
    await page.waitForTimeout(200)
    expect(await historyCalls()).toEqual(['', '', '50'])
    await scrollActivityToEnd()
    await expect.poll(shownItems).toBe(120)
    await scrollActivityToEnd()
    await page.waitForTimeout(200)
    expect(await historyCalls()).toEqual(['', '', '50', '100'])
    expect(await page.getByTestId('activity-more').count()).toBe(0)
  })

  it('shows a failed read with Try again, which asks again', async () => {
    await setFake({ historyMode: 'fail', history: HISTORY })
    await resetActivity()
    await page.getByTestId('activity-error').waitFor()
    expect(await page.getByTestId('activity-error').textContent()).toContain('Failed to fetch transactions')
    await expect
      .poll(() => page.getByTestId('snackbar').textContent())
      .toContain('Failed to fetch transactions')
    const before = (await historyCalls()).length
    await setFake({ historyMode: 'answer' })
    await page.getByTestId('activity-retry').click()
    await page.getByTestId('activity-item').first().waitFor()
    expect((await historyCalls()).length).toBe(before + 1)
    expect(await shownItems()).toBe(6)
  })

  it('shows loading, then says so when the account has no activity', async () => {
    await setFake({ historyMode: 'hold', history: [] })
    await resetActivity()
    await page.getByTestId('activity-loading').waitFor()
    await setFake({ historyMode: 'answer' })
    await fake((api) => api.release())
    await page.getByTestId('activity-empty').waitFor()
    expect(await page.getByTestId('activity-empty').textContent()).toBe('No activity yet')
  })

  it('holds a thousand items; a page appended to them draws only its rows and changes none of the others', async () => {
    await setFake({ history: many('k', 1200, now - MINUTE, 7 * 60 * MINUTE) })
    await resetActivity()
    await expect.poll(shownItems).toBe(50)
    await page.evaluate(async () => {
      const kit = window.kit
      const transactions = kit?.controllers.account.current()?.transactions
      const address = kit?.getAccount().address
      for (let page = 1; page < 20; page++) await transactions?.fetchTransactions(address)
    })
    await expect.poll(shownItems).toBe(1000)
    const appends = []
    for (let round = 0; round < 3; round++) {
      appends.push(
        await page.evaluate(async () => {
          const kit = window.kit
          const transactions = kit?.controllers.account.current()?.transactions
          const address = kit?.getAccount().address
          const list = document
            .querySelector('latchkey-modal')
            ?.shadowRoot?.querySelector('[data-testid="activity-list"]') as HTMLElement
          const records: MutationRecord[] = []
          const observer = new MutationObserver((batch) => {
            records.push(...batch)
          })
          observer.observe(list, { childList: true, subtree: true, attributes: true, characterData: true })
          await transactions?.fetchTransactions(address)
          await new Promise((resolve) => setTimeout(resolve, 0))
          observer.disconnect()
          const added = records
            .flatMap((record) => [...record.addedNodes])
            .filter((node): node is Element => node instanceof Element)
          const row = '[data-testid="activity-item"]'
          const isNew = (node: Node) => added.some((root) => root.contains(node))
          return {
            addedRows: added.reduce(
              (sum, node) => sum + (node.matches(row) ? 1 : 0) + node.querySelectorAll(row).length,
              0,
            ),
            // Rows drawn before: none removed, none with an attribute or text changed (the list's count aside).
            removedRows: records
              .flatMap((record) => [...record.removedNodes])
              .filter((node) => node instanceof Element && (node.matches(row) || node.querySelector(row)))
              .length,
            changedOld: records.filter(
              (record) =>
                record.type !== 'childList' &&
                !isNew(record.target) &&
                !(record.target === list && record.attributeName === 'data-count'),
            ).length,
          }
        }),
      )
    }
    // The time an append takes is a benchmark figure (npm run bench), never asserted here.
    for (const append of appends)
      expect(append).toMatchObject({ addedRows: 50, removedRows: 0, changedOld: 0 })
    expect(await shownItems()).toBe(1150)
  })
})

describe('where the tabs show', () => {
  it('[§2.20] with the activity feature off, no Activity tab and no Activity chunk', async () => {
    await restart({ activity: false })
    await setFake({ balances: TOKENS })
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-token').first().waitFor()
    expect(await testIdsIn(page, '[role="tab"]')).toEqual(['account-tab-tokens'])
    expect(chunkRequests(kp.activityChunk)).toBe(0)
    await page.evaluate(() => window.kit?.close())
  })

  it('a panel whose chunk fails to load says so in the snackbar, and loads when opened again', async () => {
    await restart({})
    await setFake({ balances: TOKENS, history: [] })
    const route = `**${kp.activityChunk}`
    await page.route(route, (request) => request.abort())
    await expect.poll(() => page.getByTestId('account-button').textContent()).toMatch(/0x/)
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-tab-activity').click()
    await expect.poll(() => page.getByTestId('snackbar').getAttribute('data-variant')).toBe('error')
    expect(await page.getByTestId('snackbar').textContent()).toMatch(/\S/)
    expect(await page.getByTestId('activity-item').count()).toBe(0)
    await page.unroute(route)
    await page.getByTestId('account-tab-tokens').click()
    await page.getByTestId('account-tab-activity').click()
    await page.getByTestId('activity-empty').waitFor()
    await page.evaluate(() => window.kit?.close())
  })

  it('[§9.17] on solana: Tokens, Receive and Send but no Activity; on bip122: Receive, no Send, no tabs', async () => {
    await restart({ fakeNamespaces: ['solana', 'bip122'] })
    const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    await setFake({
      balances: [
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: SOLANA,
          price: 100,
          value: 250,
          quantity: { decimals: '9', numeric: '2.5' },
        },
      ],
    })
    await page.evaluate(async () => {
      const kit = window.kit
      await kit?.disconnect()
      await kit?.connect({ connectorId: 'fake-solana', namespace: 'solana' })
      await kit?.open()
    })
    await page.getByTestId('account-token').first().waitFor()
    expect(await page.getByTestId('account-token').getAttribute('data-chain-id')).toBe(SOLANA)
    expect(await page.getByTestId('account-token-amount').textContent()).toBe('2.5 SOL')
    expect(await testIdsIn(page, '[role="tab"]')).toEqual(['account-tab-tokens'])
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive', 'account-send'])
    await page.evaluate(async () => {
      const kit = window.kit
      await kit?.disconnect()
      await kit?.connect({ connectorId: 'fake-bip122', namespace: 'bip122' })
      await kit?.open()
    })
    await expect.poll(() => page.getByTestId('account-address').textContent()).toMatch(/^bc1q/)
    expect(await testIdsIn(page, '[role="tab"], [role="tabpanel"]')).toEqual([])
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive'])
    await page.getByTestId('account-receive').click()
    expect(await page.getByTestId('modal').getAttribute('data-view')).toBe('Receive')
    expect(chunkRequests(kp.activityChunk)).toBe(0)
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
