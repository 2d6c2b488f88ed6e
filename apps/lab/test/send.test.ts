// Sending from the modal's Send view (issue 23), end to end in Chromium against the local chains and the services
// stand-in: ETH, LUSD and LUSDT (USDT's ABI) on /wagmi, /ethers and /ethers5; SOL, an SPL token to an address
// without a token account, and a SOL amount below a new account's rent-exempt minimum refused on /solana; ETH on
// /multichain; the wallet's prompt, a rejection, an invalid receiver and each amount problem on /wagmi. Every send is
// checked by the receiver's balance read back from the chain. Each page's wallet holds a fresh key funded here, so
// no other file's transfers touch the balances compared.
import { getMintAuthorityKeypair } from '@latchkey/solana-chains'
import {
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
} from '@solana/spl-token'
import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js'
import { encodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabPage, RunningLab } from '../src/index.js'
import { MULTICHAIN_WALLET, SOLANA_KEY_KEY } from '../src/lab/wallet-settings.js'
import {
  type Browser,
  chainClient,
  expectClean,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-send'
/** The mnemonic account whose tokens fund this file's fresh keys (sent by the node itself, impersonated). */
const TOKEN_SOURCE = 6

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
const opened: LabPageHandle[] = []

const evmChain = () => {
  const chain = stack().evm.chains[0]
  if (!chain) throw new Error('no EVM chain')
  return chain
}
const tokenAddress = (symbol: 'LUSD' | 'LUSDT') => stack().evm.tokens[symbol]

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(evmChain().rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** A fresh EVM key holding 100 ETH, 50 LUSD and 50 LUSDT on the first chain. */
async function fundedEvmKey(): Promise<Hex> {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  await rpc('anvil_setBalance', [address, `0x${parseEther('100').toString(16)}`])
  const source = mnemonicToAccount(stack().evm.mnemonic, { addressIndex: TOKEN_SOURCE }).address
  await rpc('anvil_impersonateAccount', [source])
  for (const symbol of ['LUSD', 'LUSDT'] as const) {
    const hash = (await rpc('eth_sendTransaction', [
      {
        from: source,
        to: tokenAddress(symbol),
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address, 50_000_000n] }),
      },
    ])) as Hex
    const receipt = await chainClient(evmChain().chainId).waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
    })
    expect(receipt.status).toBe('success')
  }
  return key
}

const tokenBalance = (symbol: 'LUSD' | 'LUSDT', owner: Hex) =>
  chainClient(evmChain().chainId).readContract({
    address: tokenAddress(symbol),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function open(page: LabPage, key: Hex): Promise<Page> {
  const handle = await openLabPage(browser, lab, { page, key, query: PROJECT })
  opened.push(handle)
  handle.page.setDefaultTimeout(15_000)
  return handle.page
}

async function connect(page: Page, wallet = 'dev.latchkey.testwallet'): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${wallet}`).click()
  await page.getByTestId('modal').waitFor({ state: 'detached' })
}

/** Opens the Send view from the Account view's features row once the token list is there. */
async function openSend(page: Page): Promise<void> {
  if ((await page.getByTestId('modal').count()) === 0) await page.getByTestId('account-button').click()
  await page.getByTestId('account-token').first().waitFor()
  await page.getByTestId('account-send').click()
  await page.getByTestId('send-view').waitFor()
}

/** Fills the form: the token by symbol, the amount and the receiver. */
async function fill(page: Page, symbol: string, amount: string, to: string): Promise<void> {
  const picker = page.getByTestId('send-token')
  if (!(await picker.textContent())?.includes(symbol)) {
    await picker.click()
    await page.locator(`[data-testid="send-token-option"][data-symbol="${symbol}"]`).click()
  }
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(to)
}

/** Reviews and confirms; the modal returns to Account with the success snackbar. */
async function confirm(page: Page, symbol: string, amount: string, answer?: () => Promise<void>) {
  await page.getByTestId('send-review').click()
  await page.getByTestId('send-preview').waitFor()
  await expect.poll(() => textOf(page, 'send-preview-fee')).toMatch(/\d/)
  expect(await textOf(page, 'send-preview-amount')).toContain(`${amount} ${symbol}`)
  await page.getByTestId('send-confirm').click()
  await answer?.()
  await expect.poll(() => page.getByTestId('modal').getAttribute('data-view')).toBe('Account')
  await expect.poll(() => textOf(page, 'snackbar')).toContain(`Sent ${amount} ${symbol}`)
}

async function send(page: Page, symbol: string, amount: string, to: string): Promise<void> {
  await openSend(page)
  await fill(page, symbol, amount, to)
  await confirm(page, symbol, amount)
}

/** The issues the form shows, as `field:message`. */
const issues = (page: Page) =>
  page
    .getByTestId('send-issue')
    .evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-field')}:${n.textContent?.trim()}`))

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
}, 60_000)

afterAll(async () => {
  for (const handle of opened) await handle.close()
  await served?.stop()
})

describe('/wagmi: the Send view, the wallet’s prompt, and every refusal', () => {
  let page: Page

  beforeAll(async () => {
    page = await open('wagmi', await fundedEvmKey())
    await connect(page)
  })

  it('sends ETH after the wallet’s prompt; the receiver holds it and the activity lists it', async () => {
    const to = freshAddress()
    await page.getByTestId('lab-policy-hold').check()
    await openSend(page)
    await fill(page, 'ETH', '1.5', to)
    expect(await textOf(page, 'send-fiat')).toMatch(/\$[\d,.]+/)
    await confirm(page, 'ETH', '1.5', async () => {
      await page.getByTestId('lab-pending-0').waitFor()
      expect(await textOf(page, 'lab-pending-0')).toContain('eth_sendTransaction')
      await page.getByTestId('lab-approve-0').click()
    })
    await page.getByTestId('lab-policy-approve').check()
    await expect
      .poll(() => chainClient(evmChain().chainId).getBalance({ address: to }))
      .toBe(parseEther('1.5'))
    // The token list and the activity follow without a reload.
    await expect
      .poll(() => page.getByTestId('account-token').first().getAttribute('data-token-address'))
      .toBe('native')
    await page.getByTestId('account-tab-activity').click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('activity-item-counterpart')
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title')?.toLowerCase())),
        { timeout: 20_000 },
      )
      .toContain(to.toLowerCase())
    await page.getByTestId('account-tab-tokens').click()
  })

  it('sends LUSD and LUSDT (USDT’s ABI); the receiver holds each', async () => {
    const to = freshAddress()
    await send(page, 'LUSD', '2.5', to)
    await expect.poll(() => tokenBalance('LUSD', to)).toBe(2_500_000n)
    await send(page, 'LUSDT', '3', to)
    await expect.poll(() => tokenBalance('LUSDT', to)).toBe(3_000_000n)
  })

  it('refuses an invalid receiver and zero, negative, too precise and above-balance amounts', async () => {
    await openSend(page)
    await fill(page, 'LUSD', '1', 'not-an-address')
    await page.getByTestId('send-review').click()
    await expect.poll(() => issues(page)).toContain('receiver:The receiver is not a valid eip155 address')
    await page.getByTestId('send-receiver').fill(freshAddress())
    const cases: [string, string][] = [
      ['0', 'The amount must be more than 0'],
      ['-1', 'The amount cannot be negative'],
      ['1.1234567', 'The amount has more than 6 decimals'],
      ['1000000', 'The amount is more than the balance'],
    ]
    for (const [amount, message] of cases) {
      await page.getByTestId('send-amount').fill(amount)
      await expect.poll(() => issues(page)).toEqual([`amount:${message}`])
      expect(await page.getByTestId('send-amount').getAttribute('aria-invalid')).toBe('true')
      expect(await page.getByTestId('send-review').isDisabled()).toBe(true)
    }
    await page.getByTestId('send-amount').fill('1')
    await expect.poll(() => issues(page)).toEqual([])
  })

  it('keeps the form when the wallet declines and says "Signature declined"', async () => {
    const to = freshAddress()
    await page.getByTestId('send-receiver').fill(to)
    await page.getByTestId('lab-policy-reject').check()
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-confirm').click()
    await expect.poll(() => textOf(page, 'send-error')).toBe('Signature declined')
    expect(await page.getByTestId('modal').getAttribute('data-view')).toBe('WalletSendPreview')
    await page.getByTestId('lab-policy-approve').check()
    await page.getByTestId('send-cancel').click()
    expect(await page.getByTestId('send-amount').inputValue()).toBe('1')
    expect(await page.getByTestId('send-receiver').inputValue()).toBe(to)
    expect(await tokenBalance('LUSD', to)).toBe(0n)
    expectClean(opened[0]!, served.featureChunks, ['receive', 'send'])
  })
})

describe.each(['ethers', 'ethers5'] as const)('/%s: ETH, LUSD and LUSDT from the Send view', (name) => {
  it('sends each; the receiver holds it', async () => {
    const page = await open(name, await fundedEvmKey())
    await connect(page)
    const to = freshAddress()
    await send(page, 'ETH', '0.75', to)
    await expect
      .poll(() => chainClient(evmChain().chainId).getBalance({ address: to }))
      .toBe(parseEther('0.75'))
    await send(page, 'LUSD', '1.25', to)
    await expect.poll(() => tokenBalance('LUSD', to)).toBe(1_250_000n)
    await send(page, 'LUSDT', '2', to)
    await expect.poll(() => tokenBalance('LUSDT', to)).toBe(2_000_000n)
  })
})

describe('/solana: SOL, an SPL token to an address without a token account, and the rent-exempt minimum', () => {
  it('sends SOL and LUSD; refuses SOL below a new account’s rent-exempt minimum', async () => {
    const cluster = stack().solana.clusters[0]
    if (!cluster) throw new Error('no cluster')
    // The local cluster answers WebSocket subscriptions on its HTTP port.
    const connection = new Connection(cluster.rpcUrl, {
      commitment: 'confirmed',
      wsEndpoint: cluster.rpcUrl.replace(/^http/, 'ws'),
    })
    const owner = Keypair.generate()
    const airdrop = await connection.requestAirdrop(owner.publicKey, 5_000_000_000)
    await connection.confirmTransaction(airdrop, 'confirmed')
    const mint = new PublicKey(stack().solana.mint.address)
    const authority = getMintAuthorityKeypair()
    const account = await getOrCreateAssociatedTokenAccount(connection, authority, mint, owner.publicKey)
    const mintTx = new Transaction().add(
      createMintToInstruction(mint, account.address, authority.publicKey, 10_000_000n),
    )
    await connection
      .sendTransaction(mintTx, [authority])
      .then((sig) => connection.confirmTransaction(sig, 'confirmed'))

    const handle = await openLabPage(browser, lab, {
      page: 'solana',
      key: generatePrivateKey(),
      query: PROJECT,
    })
    opened.push(handle)
    const page = handle.page
    page.setDefaultTimeout(15_000)
    await page.addInitScript(({ name, secret }) => localStorage.setItem(name, secret), {
      name: SOLANA_KEY_KEY,
      secret: Buffer.from(owner.secretKey).toString('base64'),
    })
    await page.reload()
    await connect(page, 'Latchkey Solana Test')

    const to = Keypair.generate().publicKey
    await openSend(page)
    await fill(page, 'SOL', '0.0001', to.toBase58())
    await page.getByTestId('send-review').click()
    await expect
      .poll(() => textOf(page, 'send-form-error'))
      .toBe("The receiver's account is new: send at least 0.00089088 SOL (its rent-exempt minimum)")
    await page.getByTestId('send-amount').fill('0.01')
    await confirm(page, 'SOL', '0.01')
    await expect.poll(() => connection.getBalance(to)).toBe(10_000_000)

    const other = Keypair.generate().publicKey
    await send(page, 'LUSD', '1.5', other.toBase58())
    const ata = getAssociatedTokenAddressSync(mint, other)
    await expect
      .poll(async () => (await connection.getTokenAccountBalance(ata).catch(() => undefined))?.value.amount)
      .toBe('1500000')
  })
})

describe('/multichain: ETH from the Send view', () => {
  it('sends ETH; the receiver holds it', async () => {
    // The multi-chain wallet sends from the stack's EVM account 0 (it does not take the page's key).
    const page = await open('multichain', generatePrivateKey())
    await connect(page, MULTICHAIN_WALLET.rdns)
    const to = freshAddress()
    await send(page, 'ETH', '0.5', to)
    await expect
      .poll(() => chainClient(evmChain().chainId).getBalance({ address: to }))
      .toBe(parseEther('0.5'))
  })
})
