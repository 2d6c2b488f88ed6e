// The Send views in Chromium (issue 23): the form (WalletSend) and its preview (WalletSendPreview), a chunk of their
// own, over core's send controller. The balances come from the page's fake Blockchain API; eip155 sends go through the
// EVM test wallet to the local chain (its own funded account), solana sends through the page's fake wallet.
import { randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseUnits, type TokenBalance } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { formatAddress } from '../src/format/address.js'
import {
  type KitPage,
  openKitPage,
  type Page,
  reportOnFailure,
  type TestWindow,
  testIdsIn,
} from './kit-page.js'
import type { FakeBlockchainApi } from './page/fake-blockchain-api.js'
import type { ModalPageConfig } from './page/modal-page.js'
import { seriousViolations } from './visual-checks.js'

const RDNS = 'dev.latchkey.ui-send'
// Its own account of the test mnemonic (funded by the local chains, used by no other test): this file sends from it.
const ACCOUNT_INDEX = 14
const { chains } = (inject('stack') as LocalStackInfo).evm
const [first] = chains
if (!first) throw new Error('the stack serves an EVM chain')
const CHAIN = `eip155:${first.chainId}` as const
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const CONFIG: ModalPageConfig = { chains, themeMode: 'dark', fakeBlockchainApi: true }
const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots')
const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3b82f6"/></svg>',
).toString('base64')}`
const HOSTILE = '<img src=x onerror="window.pwned=1">Totally Legit Token'
const HOSTILE_NAME = '<img src=x onerror="window.pwned=1">alice.eth'
// A receiver of this run only: the chain's balance of it is what this file sent.
const RECEIVER = `0x${randomBytes(20).toString('hex')}`

const TOKENS: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: CHAIN,
    price: 2000,
    value: 10000,
    quantity: { decimals: '18', numeric: '5' },
    iconUrl: ICON,
  },
  {
    name: HOSTILE,
    symbol: 'USDC',
    chainId: CHAIN,
    address: `${CHAIN}:0x00000000000000000000000000000000000000c0`,
    price: 1,
    value: 250.5,
    quantity: { decimals: '6', numeric: '250.5' },
    iconUrl: 'javascript:alert(1)',
  },
]

let kp: KitPage
reportOnFailure(() => kp)
let page: Page

/** Sets the fake Blockchain API's fields (data only). */
function setFake(values: Partial<Omit<FakeBlockchainApi, 'calls' | 'release'>>): Promise<void> {
  return page.evaluate((v) => {
    Object.assign(window.fakeApi as object, v)
  }, values)
}

const sendRequests = () => kp.requests.filter((path) => path === kp.sendChunk).length
const view = () => page.getByTestId('modal').getAttribute('data-view')
const text = (testId: string) => page.getByTestId(testId).textContent()

/** The data-testid and an attribute of the focused element, looking through shadow roots. */
function focused(attribute = 'data-testid'): Promise<string | null> {
  return page.evaluate((name) => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.getAttribute(name) ?? null
  }, attribute)
}

/** Every issue the form shows: its field, level and text, and the live region it is in. */
function shownIssues() {
  return page.evaluate(() =>
    [
      ...(document
        .querySelector('latchkey-modal')
        ?.shadowRoot?.querySelectorAll('[data-testid="send-issue"]') ?? []),
    ].map((el) => ({
      field: el.getAttribute('data-field'),
      level: el.getAttribute('data-level'),
      text: el.textContent,
      live: el.closest('[aria-live]')?.getAttribute('aria-live') ?? null,
      region: el.parentElement?.id ?? null,
    })),
  )
}

/** An input's ARIA state, and the text of what describes it. */
function inputAria(testId: string) {
  return page.evaluate((id) => {
    const root = document.querySelector('latchkey-modal')?.shadowRoot as ShadowRoot
    const input = root.querySelector(`[data-testid="${id}"]`) as HTMLElement
    const describedBy = input.getAttribute('aria-describedby')
    return {
      invalid: input.getAttribute('aria-invalid'),
      description: describedBy ? (root.getElementById(describedBy)?.textContent ?? null) : null,
    }
  }, testId)
}

/** The symbol of the token core's send form holds. */
const chosenToken = () =>
  page.evaluate(() => window.kit?.controllers.send.current()?.state.get().token?.symbol)

/** The chain's balance of `address` on the first local chain (wei). */
async function chainBalance(address: string): Promise<bigint> {
  const response = await fetch(first?.rpcUrl as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  })
  return BigInt(((await response.json()) as { result: string }).result)
}

const setPolicy = (policy: 'approve' | 'reject' | 'hold') =>
  page.evaluate((p) => (window as unknown as TestWindow).wallet.setPolicy(p), policy)

/** The serious axe violations in the light theme once its transitions are over; leaves the page dark. */
async function lightViolations(): Promise<string[]> {
  await page.evaluate(() => window.kit?.setThemeMode('light'))
  // Colours are compared once the theme's transitions have ended (spinners run forever and are left alone).
  await page.waitForFunction(() =>
    [document, ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))]
      .flatMap((root) => root.getAnimations())
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
  const violations = await seriousViolations(page)
  await page.evaluate(() => window.kit?.setThemeMode('dark'))
  return violations
}

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(250) // the picture only; nothing is asserted on time
  await page.getByTestId('modal').screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

async function restart(config: Partial<ModalPageConfig>): Promise<void> {
  kp.requests.length = 0
  await kp.reload()
  await kp.start({ ...CONFIG, ...config })
}

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true })
  kp = await openKitPage({
    wsEndpoint: inject('browserWsEndpoint'),
    chains,
    rdns: RDNS,
    accountIndex: ACCOUNT_INDEX,
  })
  page = kp.page
  await kp.start(CONFIG)
  await setFake({ balances: TOKENS })
})

afterAll(async () => {
  await kp?.close()
})

describe('the Send form', () => {
  it('[§2.20] is a chunk requested only when Send opens from Account, with the native currency chosen', async () => {
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${RDNS}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-send').waitFor()
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive', 'account-send'])
    // The modal's views are loaded and Account is shown: neither the Send chunk nor core's send controller is.
    expect(sendRequests()).toBe(0)
    expect(await page.evaluate(() => window.kit?.controllers.send.current() === undefined)).toBe(true)
    await page.getByTestId('account-send').click()
    await page.getByTestId('send-view').waitFor()
    expect(sendRequests()).toBe(1)
    expect(await view()).toBe('WalletSend')
    expect(await text('modal-title')).toBe('Send')
    await expect.poll(() => text('send-token')).toContain('ETH')
    expect(await text('send-token')).toContain('5 ETH')
    // A new form says nothing about what is missing until the visitor acts.
    expect(await shownIssues()).toEqual([])
    expect(await page.getByTestId('send-max').isEnabled()).toBe(true)
  })

  it('lists the balances as text and picks a token by keyboard', async () => {
    const picker = page.getByTestId('send-token')
    await picker.focus()
    await page.keyboard.press('Enter')
    expect(await picker.getAttribute('aria-expanded')).toBe('true')
    const options = await page.evaluate(() =>
      [
        ...(document
          .querySelector('latchkey-modal')
          ?.shadowRoot?.querySelectorAll('[data-testid="send-token-option"]') ?? []),
      ].map((option) => ({
        address: option.getAttribute('data-token-address'),
        symbol: option.getAttribute('data-symbol'),
        text: option.textContent,
        img: option.querySelector('.tile img')?.getAttribute('src') ?? null,
        tag: option.tagName,
      })),
    )
    expect(options).toEqual([
      { address: 'native', symbol: 'ETH', text: 'EtherETH5 ETH$10,000.00', img: ICON, tag: 'BUTTON' },
      {
        address: `${CHAIN}:0x00000000000000000000000000000000000000c0`,
        symbol: 'USDC',
        // The hostile name is text, not markup; a javascript: URL never reaches an <img> (the symbol's letter instead).
        text: `U${HOSTILE}USDC250.5 USDC$250.50`,
        img: null,
        tag: 'BUTTON',
      },
    ])
    // Focus is on the chosen token; the arrows move, Enter picks, and focus returns to the picker.
    await expect.poll(() => focused('data-symbol')).toBe('ETH')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('ArrowDown')
    expect(await focused('data-symbol')).toBe('USDC')
    await page.keyboard.press('Enter')
    expect(await picker.getAttribute('aria-expanded')).toBe('false')
    expect(await focused()).toBe('send-token')
    expect(await text('send-token')).toContain('250.5 USDC')
    expect(await chosenToken()).toBe('USDC')
    // Escape closes the list, not the modal.
    await page.keyboard.press('Enter')
    await expect.poll(() => focused('data-symbol')).toBe('USDC')
    await page.keyboard.press('Escape')
    expect(await picker.getAttribute('aria-expanded')).toBe('false')
    expect(await view()).toBe('WalletSend')
    expect(await focused()).toBe('send-token')
    // Back to ETH (Home jumps to the first token).
    await page.keyboard.press('Enter')
    await expect.poll(() => focused('data-symbol')).toBe('USDC')
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter')
    expect(await chosenToken()).toBe('ETH')
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false)
  })

  it('shows an amount issue next to the amount in a live region, and Max leaves room for the fee', async () => {
    await page.getByTestId('send-amount').fill('6')
    await expect.poll(shownIssues).toEqual([
      {
        field: 'amount',
        level: 'error',
        text: 'The amount is more than the balance',
        live: 'polite',
        region: 'lk-send-amount-issues',
      },
    ])
    expect(await inputAria('send-amount')).toEqual({
      invalid: 'true',
      description: 'The amount is more than the balance',
    })
    expect(await page.getByTestId('send-amount').getAttribute('inputmode')).toBe('decimal')
    expect(await text('send-fiat')).toBe('$12,000.00')
    expect(await seriousViolations(page)).toEqual([])
    await shot('send-issue-dark')
    expect(await lightViolations()).toEqual([])
    // Max, pressed in the page: the form as it stands the moment the amount changes (the fee is estimated again a
    // moment later, and the chain's base fee moves as other tests mine blocks).
    const { amount, fee } = await page.evaluate(
      () =>
        new Promise<{ amount?: string; fee?: string }>((resolve) => {
          const state = window.kit?.controllers.send.current()?.state
          const stop = state?.subscribe((now) => {
            if (now.sendTokenAmount === '6') return
            stop?.()
            resolve({ amount: now.sendTokenAmount, fee: now.fee?.value })
          })
          const max = document
            .querySelector('latchkey-modal')
            ?.shadowRoot?.querySelector<HTMLButtonElement>('[data-testid="send-max"]')
          max?.click()
        }),
    )
    // The most that can be sent: the balance less the fee the send will pay, exactly.
    expect(fee).toMatch(/^0\.\d+$/)
    expect(parseUnits(amount as string, 18) + parseUnits(fee as string, 18)).toBe(parseUnits('5', 18))
    await expect.poll(() => page.getByTestId('send-amount').inputValue()).toBe(amount)
    await expect.poll(shownIssues).toEqual([])
    expect(await inputAria('send-amount')).toEqual({ invalid: null, description: null })
    await expect.poll(() => text('send-fee')).toContain(' ETH')
  })

  it("shows the receiver's name and avatar once core looked them up; their text is text", async () => {
    await setFake({ identities: { [RECEIVER]: { name: HOSTILE_NAME, avatar: ICON } } })
    await page.getByTestId('send-receiver').fill(RECEIVER)
    await expect.poll(() => text('send-receiver-name')).toBe(HOSTILE_NAME)
    expect(await page.getByTestId('send-receiver-avatar').locator('img').getAttribute('src')).toBe(ICON)
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false)
    expect(await page.getByTestId('send-receiver').getAttribute('aria-invalid')).toBeNull()
  })

  it('Review opens the preview: from, to, amount and its value, fee and network', async () => {
    await page.getByTestId('send-amount').fill('1.5')
    expect(await text('send-fiat')).toBe('$3,000.00')
    await expect.poll(() => text('send-fee')).toMatch(/^Network fee\d+(\.\d+)? ETH$/)
    await shot('send-form-dark')
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-preview').waitFor()
    expect(await view()).toBe('WalletSendPreview')
    expect(await text('modal-title')).toBe('Review send')
    const address = (await page.evaluate(() => window.kit?.getAccount().address)) as string
    expect(await text('send-preview-from')).toBe(formatAddress(address))
    expect(await text('send-preview-to')).toBe(`${HOSTILE_NAME}${formatAddress(RECEIVER)}`)
    expect(await text('send-preview-amount')).toBe('1.5 ETH')
    expect(await text('send-preview-value')).toBe('$3,000.00')
    expect(await text('send-preview-fee')).toMatch(/^\d+(\.\d+)? ETH$/)
    expect(await text('send-preview-network')).toBe(first.name)
    expect(await page.getByTestId('send-warning-accept').count()).toBe(0)
    expect(await page.getByTestId('send-confirm').isEnabled()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot('send-preview-dark')
    expect(await lightViolations()).toEqual([])
  })

  it('a declined send shows the wallet’s answer, keeps the form, and Send can be pressed again', async () => {
    await setPolicy('reject')
    await page.getByTestId('send-confirm').click()
    await expect.poll(() => text('send-error')).toBe('Signature declined')
    expect(await page.getByTestId('send-error').getAttribute('role')).toBe('alert')
    expect(await view()).toBe('WalletSendPreview')
    expect(await page.getByTestId('send-confirm').isEnabled()).toBe(true)
    await page.getByTestId('send-cancel').click()
    await page.getByTestId('send-view').waitFor()
    expect(await page.getByTestId('send-amount').inputValue()).toBe('1.5')
    expect(await page.getByTestId('send-receiver').inputValue()).toBe(RECEIVER)
    expect(await text('send-token')).toContain('ETH')
    expect(await chainBalance(RECEIVER)).toBe(0n)
    await setPolicy('approve')
  })

  it('[§2.17] after a successful send the modal returns to Account with a success snackbar', async () => {
    await setPolicy('hold')
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-preview').waitFor()
    await page.getByTestId('send-confirm').click()
    // While the wallet asks: Send is busy and cannot be pressed again.
    await expect.poll(() => page.getByTestId('send-confirm').getAttribute('aria-busy')).toBe('true')
    expect(await page.getByTestId('send-confirm').isDisabled()).toBe(true)
    expect(await page.getByTestId('send-confirm').locator('.spinner').count()).toBe(1)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as TestWindow).wallet.pending().length))
      .toBe(1)
    await page.evaluate(() => (window as unknown as TestWindow).wallet.approve())
    await expect.poll(view).toBe('Account')
    await expect.poll(() => text('snackbar')).toContain('Sent 1.5 ETH')
    await expect.poll(() => chainBalance(RECEIVER)).toBe(parseUnits('1.5', 18))
    await setPolicy('approve')
    // Core emptied the form: Send opens on a new one.
    await page.getByTestId('account-send').click()
    await page.getByTestId('send-view').waitFor()
    expect(await page.getByTestId('send-amount').inputValue()).toBe('')
    expect(await page.getByTestId('send-receiver').inputValue()).toBe('')
    await expect.poll(() => text('send-token')).toContain('ETH')
  })

  it('a warning must be acknowledged before Send; an empty form shows its issues on Review', async () => {
    await page.getByTestId('send-review').click()
    await expect
      .poll(async () => (await shownIssues()).map((issue) => `${issue.field}:${issue.level}`))
      .toEqual(['form:error'])
    expect(await page.getByTestId('send-review').isDisabled()).toBe(true)
    expect(await view()).toBe('WalletSend')
    await page.getByTestId('send-amount').fill('0.1')
    await page.getByTestId('send-receiver').fill('not-an-address')
    await expect
      .poll(async () => (await shownIssues()).map((issue) => `${issue.field}:${issue.level}`))
      .toEqual(['receiver:warning'])
    // A warning describes the receiver but does not make it invalid, nor block Review.
    expect((await inputAria('send-receiver')).invalid).toBeNull()
    expect((await inputAria('send-receiver')).description).toMatch(/does not look like/)
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-preview').waitFor()
    expect((await shownIssues()).map((issue) => `${issue.field}:${issue.level}`)).toEqual([
      'receiver:warning',
    ])
    const accept = page.getByTestId('send-warning-accept')
    expect(await accept.isChecked()).toBe(false)
    expect(await page.getByTestId('send-confirm').isDisabled()).toBe(true)
    await accept.check()
    expect(await page.getByTestId('send-confirm').isEnabled()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shot('send-warning-dark')
    await accept.uncheck()
    expect(await page.getByTestId('send-confirm').isDisabled()).toBe(true)
    await page.getByTestId('send-cancel').click()
    await page.getByTestId('send-view').waitFor()
    expect(await page.getByTestId('send-receiver').inputValue()).toBe('not-an-address')
    // Back in the form, what was typed still shows its issues.
    expect((await shownIssues()).map((issue) => `${issue.field}:${issue.level}`)).toEqual([
      'receiver:warning',
    ])
  })
})

describe('where Send shows', () => {
  it('[§2.20] with the send feature off, Account offers no Send and the chunk is never requested', async () => {
    await restart({ send: false })
    await setFake({ balances: TOKENS })
    await expect.poll(() => text('account-button')).toMatch(/0x/)
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-receive').waitFor()
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive'])
    // Even asked for directly, the views stay unloaded.
    await page.evaluate(() => window.kit?.open({ view: 'WalletSend' }))
    await page.waitForTimeout(300) // give a wrong request the chance to happen; the assertion is on the log
    expect(await page.getByTestId('send-view').count()).toBe(0)
    expect(sendRequests()).toBe(0)
    expect(kp.requests.some((path) => path.endsWith('.js'))).toBe(true)
  })

  it('[§9.17] on solana a token send goes to the wallet; a refused preview shows in the form; none on bip122', async () => {
    await restart({ fakeNamespaces: ['solana', 'bip122'] })
    const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
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
        {
          name: 'USD Stable',
          symbol: 'USDS',
          chainId: SOLANA,
          address: `${SOLANA}:${MINT}`,
          price: 1,
          value: 40,
          quantity: { decimals: '6', numeric: '40' },
        },
      ],
    })
    await page.evaluate(async () => {
      const kit = window.kit
      await kit?.disconnect()
      await kit?.connect({ connectorId: 'fake-solana', namespace: 'solana' })
      await kit?.open()
    })
    await page.getByTestId('account-send').click()
    await page.getByTestId('send-view').waitFor()
    await expect.poll(() => text('send-token')).toContain('2.5 SOL')
    const TO = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    await page.getByTestId('send-amount').fill('1')
    await page.getByTestId('send-receiver').fill(TO)
    await expect.poll(() => text('send-fee')).toBe('Network fee0.000005 SOL')
    // A SOL send asks the cluster about the receiver's account; this page's cluster never answers, so the preview
    // is refused: the form shows why and keeps what was typed.
    await page.getByTestId('send-review').click()
    await expect.poll(() => text('send-form-error')).toMatch(/\S/)
    expect(await page.getByTestId('send-form-error').getAttribute('role')).toBe('alert')
    expect(await view()).toBe('WalletSend')
    expect(await page.getByTestId('send-amount').inputValue()).toBe('1')
    // A token send needs no cluster answer: the wallet declines, then sends.
    await page.getByTestId('send-token').click()
    await page.locator('[data-testid="send-token-option"][data-symbol="USDS"]').click()
    await page.getByTestId('send-amount').fill('2')
    await page.evaluate(() => {
      if (window.fakeWallet) window.fakeWallet.sendMode = 'reject'
    })
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-preview').waitFor()
    expect(await text('send-preview-amount')).toBe('2 USDS')
    expect(await text('send-preview-network')).toBe('Fake Solana')
    await page.getByTestId('send-confirm').click()
    await expect.poll(() => text('send-error')).toBe('Signature declined')
    await page.evaluate(() => {
      if (window.fakeWallet) window.fakeWallet.sendMode = 'approve'
    })
    await page.getByTestId('send-confirm').click()
    await expect.poll(view).toBe('Account')
    await expect.poll(() => text('snackbar')).toContain('Sent 2 USDS')
    expect(await page.evaluate(() => window.fakeWallet?.sends)).toEqual([
      { method: 'sendSplTransfer', to: TO, amount: '2000000', mint: MINT },
    ])
    await page.evaluate(async () => {
      const kit = window.kit
      await kit?.disconnect()
      await kit?.connect({ connectorId: 'fake-bip122', namespace: 'bip122' })
      await kit?.open()
    })
    await expect.poll(() => text('account-address')).toMatch(/^bc1q/)
    expect(await testIdsIn(page, '.wallet-features button')).toEqual(['account-receive'])
  })

  it('made no request outside 127.0.0.1 and threw no page error', () => {
    expect(kp.isolated.outsideRequests).toEqual([])
    expect(kp.isolated.pageErrors.map((e) => e.message)).toEqual([])
  })
})
