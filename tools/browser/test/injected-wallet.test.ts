// The EVM test wallet's IIFE bundle (@latchkey/evm-wallet, dist/inject.global.js) in a real Chromium:
// injected before any page script, it announces itself per EIP-6963, serves window.ethereum, signs and
// broadcasts to the local chain, and the page never talks to anything but 127.0.0.1.
import type { createTestWallet, TestWallet } from '@latchkey/evm-wallet'
import { injectScriptPath } from '@latchkey/evm-wallet'
import type { Browser } from 'playwright-core'
import { createPublicClient, createTestClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  connectBrowser,
  type IsolatedPage,
  newIsolatedPage,
  type StaticServer,
  serveStatic,
} from '../src/index.js'

/** The page's globals, as the init scripts below leave them. */
interface PageWindow extends Window {
  LatchkeyTestWallet: { createTestWallet: typeof createTestWallet }
  /** As any page sees an EIP-1193 provider. */
  ethereum?: { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
  wallets: { approving: TestWallet; rejecting: TestWallet }
}

/** What the page reports about one `eip6963:announceProvider`. */
interface Announcement {
  name: string
  rdns: string
  icon: string
  uuid: string
  isWindowEthereum: boolean
}

const chain = inject('stack').evm.chains[0]!
const chainClient = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })

// A fresh key for this file only, funded from Node; the rejecting wallet's key is never funded.
const key = generatePrivateKey()
const address = privateKeyToAccount(key).address
const rejectingKey = generatePrivateKey()

let browser: Browser
let site: StaticServer
let isolated: IsolatedPage

beforeAll(async () => {
  await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).setBalance({
    address,
    value: parseEther('10'),
  })
  site = await serveStatic({ '/index.html': '<!doctype html><meta charset="utf-8"><title>Latchkey</title>' })
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  const { page } = isolated
  // Before any page script: the bundle defines LatchkeyTestWallet, then two wallets come to life in the page.
  await page.addInitScript({ path: injectScriptPath() })
  await page.addInitScript(
    ({ chain, key, rejectingKey }) => {
      const w = window as unknown as PageWindow
      const approving = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey Browser Test',
        rdns: 'dev.latchkey.browser-test',
        privateKeys: [key],
        chains: [chain],
        policy: 'approve',
      })
      approving.announce()
      approving.injectAsWindowEthereum()
      const rejecting = w.LatchkeyTestWallet.createTestWallet({
        name: 'Latchkey Rejecting',
        rdns: 'dev.latchkey.rejecting',
        privateKeys: [rejectingKey],
        chains: [chain],
        policy: 'reject',
      })
      rejecting.announce()
      w.wallets = { approving, rejecting }
    },
    { chain: { chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name }, key, rejectingKey },
  )
  await page.goto(`${site.url}/`)
})

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await site?.close()
})

describe('the injected EVM test wallet in Chromium', () => {
  it('answers eip6963:requestProvider: one announcement per wallet, with its own name, rdns, icon and uuid', async () => {
    const announcements = await isolated.page.evaluate(() => {
      const w = window as unknown as PageWindow
      const seen: Announcement[] = []
      const listener = (event: Event) => {
        const { info, provider } = (event as CustomEvent).detail
        seen.push({ ...info, isWindowEthereum: provider === w.ethereum })
      }
      window.addEventListener('eip6963:announceProvider', listener)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      window.removeEventListener('eip6963:announceProvider', listener)
      return seen
    })
    expect(
      announcements.map(({ name, rdns, isWindowEthereum }) => ({ name, rdns, isWindowEthereum })),
    ).toEqual([
      { name: 'Latchkey Browser Test', rdns: 'dev.latchkey.browser-test', isWindowEthereum: true },
      { name: 'Latchkey Rejecting', rdns: 'dev.latchkey.rejecting', isWindowEthereum: false },
    ])
    for (const { icon, uuid } of announcements) {
      expect(icon).toMatch(/^data:image\//)
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(announcements[0]!.uuid).not.toBe(announcements[1]!.uuid)
  })

  it('connects through window.ethereum: eth_requestAccounts, eth_accounts, eth_chainId', async () => {
    const answers = await isolated.page.evaluate(async () => {
      const ethereum = (window as unknown as PageWindow).ethereum!
      return {
        before: await ethereum.request({ method: 'eth_accounts' }),
        requested: await ethereum.request({ method: 'eth_requestAccounts' }),
        after: await ethereum.request({ method: 'eth_accounts' }),
        chainId: await ethereum.request({ method: 'eth_chainId' }),
      }
    })
    expect(answers).toEqual({
      before: [],
      requested: [address],
      after: [address],
      chainId: `0x${chain.chainId.toString(16)}`,
    })
  })

  it('signs with personal_sign in the page; viem verifies the signature in Node', async () => {
    const message = `Sign in to Latchkey at ${site.url} (${Date.now()})`
    const signature = await isolated.page.evaluate(
      ({ message, address }) =>
        (window as unknown as PageWindow).ethereum!.request({
          method: 'personal_sign',
          params: [message, address],
        }),
      { message, address },
    )
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address, message, signature: signature as Hex })).toBe(true)
  })

  it('sends with eth_sendTransaction from the page: the recipient gains exactly the amount', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const value = parseEther('0.0123')
    const before = await chainClient.getBalance({ address: to })
    const hash = (await isolated.page.evaluate(
      ({ from, to, value }) =>
        (window as unknown as PageWindow).ethereum!.request({
          method: 'eth_sendTransaction',
          params: [{ from, to, value }],
        }),
      { from: address, to, value: `0x${value.toString(16)}` },
    )) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chainClient.waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
      timeout: 10_000,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(address.toLowerCase())
    expect(receipt.to).toBe(to.toLowerCase())
    expect((await chainClient.getBalance({ address: to })) - before).toBe(value)
  })

  it('a wallet whose user rejects gives the page a 4001 ProviderRpcError', async () => {
    const rejection = await isolated.page.evaluate(async () => {
      const { rejecting } = (window as unknown as PageWindow).wallets
      try {
        await rejecting.provider.request({ method: 'eth_requestAccounts' })
        return 'resolved'
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { code, message, isError: error instanceof Error }
      }
    })
    expect(rejection).toEqual({ code: 4001, message: 'User rejected the request.', isError: true })
  })

  it('the page made no request outside 127.0.0.1 and threw nothing', () => {
    expect(isolated.outsideRequests).toEqual([])
    expect(isolated.pageErrors).toEqual([])
  })
})
