// Every page of the lab, end to end in Chromium against the local chains: connect through the modal, the
// session restored by a reload, a network switch from the modal, sign, send ETH and LUSD (the lab's token list and
// activity following), disconnect.
// This is the ONE lab test file that uses a mnemonic account (index 1, the LUSD source for the pages' fresh keys).
import { createWalletClient, erc20Abi, type Hex, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVM_PAGES, type LabPage, type RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import {
  type Browser,
  chainClient,
  connectThroughModal,
  expectClean,
  type LabPageHandle,
  openLabPage,
  serveLab,
  stack,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-pages-test'
const TARGET_CHAIN = 31338
const LUSD_FUNDING = 10_000_000n // 10 LUSD (6 decimals)

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
const keys = new Map<LabPage, Hex>()

/** Funds a fresh key: ETH on both chains (anvil_setBalance) and LUSD on the target chain from account 1. */
async function fund(key: Hex): Promise<void> {
  const address = privateKeyToAccount(key).address
  for (const chain of stack().evm.chains) {
    await chainClient(chain.chainId).request({
      method: 'anvil_setBalance' as 'eth_chainId',
      params: [address, `0x${parseEther('100').toString(16)}`] as unknown as undefined,
    })
  }
  const target = stack().evm.chains.find((c) => c.chainId === TARGET_CHAIN)
  if (!target) throw new Error('no target chain')
  const source = createWalletClient({
    account: mnemonicToAccount(stack().evm.mnemonic, { addressIndex: 1 }),
    transport: http(target.rpcUrl, { retryCount: 0 }),
  })
  const hash = await source.writeContract({
    chain: null,
    address: stack().evm.tokens.LUSD,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, LUSD_FUNDING],
  })
  await chainClient(TARGET_CHAIN).waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
  for (const page of EVM_PAGES as readonly LabPage[]) {
    const key = generatePrivateKey()
    await fund(key)
    keys.set(page, key)
  }
}, 60_000)

afterAll(async () => {
  await served?.stop()
})

describe.each([...EVM_PAGES])('/%s', (name) => {
  let isolated: LabPageHandle

  afterAll(async () => {
    await isolated?.close()
  })

  it('connects, restores on reload, switches, signs, sends ETH and LUSD, disconnects', async () => {
    const key = keys.get(name) as Hex
    const address = privateKeyToAccount(key).address
    isolated = await openLabPage(browser, lab, { page: name, key, query: PROJECT })
    const { page } = isolated

    // Connect with the test wallet through the modal: address and balance shown.
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await connectThroughModal(page)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(address)
    expect(await textOf(page, 'lab-chain')).toBe('31337')
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/\d+(\.\d+)? ETH/)
    expect(await textOf(page, 'account-button')).toContain(`${address.slice(0, 4)}…${address.slice(-6)}`)

    // A reload restores the session. Every frame from the first one that draws the button shows the account (busy
    // while the wallet is asked), never "Connect Wallet". The wallet takes 400 ms to answer which accounts the site
    // may see, as a wallet that wakes up does: the restore cannot beat the first paint, so the first frames show
    // what the kit remembered.
    await page.addInitScript(() => {
      const slowed = new WeakSet<object>()
      window.addEventListener(
        'eip6963:announceProvider',
        (event) => {
          const provider = (
            event as CustomEvent<{ provider?: { request(args: { method: string }): Promise<unknown> } }>
          ).detail?.provider
          if (!provider || slowed.has(provider)) return
          slowed.add(provider)
          const request = provider.request.bind(provider)
          provider.request = async (args) => {
            if (args.method === 'eth_accounts') await new Promise((resolve) => setTimeout(resolve, 400))
            return request(args)
          }
        },
        true,
      )
    })
    await page.addInitScript(() => {
      const frames: string[] = []
      ;(window as unknown as { buttonFrames: string[] }).buttonFrames = frames
      const sample = () => {
        const button = document.querySelector('latchkey-button')?.shadowRoot?.querySelector('button')
        const look = button
          ? `${button.getAttribute('data-testid')}${button.hasAttribute('aria-busy') ? ' busy' : ''}`
          : 'none'
        if (frames.at(-1) !== look) frames.push(look)
        if (!frames.includes('account-button')) requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    })
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(address)
    const frames = await page.evaluate(() => (window as unknown as { buttonFrames: string[] }).buttonFrames)
    expect(frames.filter((look) => look !== 'none')[0], frames.join(' > ')).toBe('account-button busy')
    expect(frames, frames.join(' > ')).not.toContain('connect-button')
    expect(frames, frames.join(' > ')).not.toContain('connect-button busy')

    // Switch network from the modal: the kit and the wallet move.
    await page.getByTestId('network-button').click()
    await page.getByTestId(`network-eip155:${TARGET_CHAIN}`).click()
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(String(TARGET_CHAIN))
    expect(await page.evaluate(() => window.labWallets?.[0]?.chainId)).toBe(TARGET_CHAIN)
    if (name === 'wagmi') {
      await expect.poll(() => textOf(page, 'lab-wagmi-status')).toBe(`connected · chain ${TARGET_CHAIN}`)
    }
    if (await page.getByTestId('modal').count()) await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })

    // Sign: the signature verifies in Node.
    await page.getByTestId('lab-sign').click()
    await page.locator('[data-testid="lab-result"][data-action="sign"]').waitFor()
    const signature = (await textOf(page, 'lab-result')) as Hex
    expect(await verifyMessage({ address, message: LAB_SIGN_MESSAGE, signature })).toBe(true)

    // Send ETH to a fresh address: its balance is exactly the amount, and the account button shows the sender's
    // balance read again (the lab asks the kit after a transfer).
    const shownBalance = async () => Number(/([\d.]+) ETH/.exec(await textOf(page, 'account-button'))?.[1])
    const before = await shownBalance()
    expect(before).toBeGreaterThan(0.25)
    const client = chainClient(TARGET_CHAIN)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await page.getByTestId('lab-recipient').fill(recipient)
    await page.getByTestId('lab-amount').fill('0.25')
    await page.getByTestId('lab-send-native').click()
    await page.locator('[data-testid="lab-result"][data-action="send-native"]').waitFor()
    const nativeHash = (await textOf(page, 'lab-result')) as Hex
    expect((await client.waitForTransactionReceipt({ hash: nativeHash, pollingInterval: 50 })).status).toBe(
      'success',
    )
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.25'))
    expect(await shownBalance()).toBeLessThanOrEqual(before - 0.25)
    // The lab's token list (the kit's account data) follows: ETH moved, LUSD there, and the send in the activity.
    const labToken = (symbol: string) =>
      page.locator(`[data-testid="lab-token"][data-symbol="${symbol}"]`).getAttribute('data-amount')
    await expect.poll(async () => Number(await labToken('ETH'))).toBeLessThanOrEqual(before - 0.25)
    expect(Number(await labToken('LUSD'))).toBe(Number(LUSD_FUNDING) / 1e6)
    await expect
      .poll(
        () =>
          page
            .getByTestId('lab-activity-item')
            .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-hash'))),
        { timeout: 15_000 },
      )
      .toContain(nativeHash)

    // Send LUSD (ERC-20 transfer through the adapter's writeContract).
    await page.getByTestId('lab-amount').fill('1.5')
    await page.getByTestId('lab-send-erc20').click()
    await page.locator('[data-testid="lab-result"][data-action="send-erc20"]').waitFor()
    const tokenHash = (await textOf(page, 'lab-result')) as Hex
    expect((await client.waitForTransactionReceipt({ hash: tokenHash, pollingInterval: 50 })).status).toBe(
      'success',
    )
    const lusd = stack().evm.tokens.LUSD
    const read = (who: Hex) =>
      client.readContract({ address: lusd, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
    expect(await read(recipient)).toBe(1_500_000n)
    expect(await read(address)).toBe(LUSD_FUNDING - 1_500_000n)
    expect(await textOf(page, 'lab-error')).toBe('')

    // Disconnect.
    await page.getByTestId('lab-disconnect').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await expect.poll(() => textOf(page, 'connect-button')).toBe('Connect Wallet')

    // Receive (on by default) was never opened: its chunk was never requested.
    expectClean(isolated, served.featureChunks)
  }, 30_000)
})
