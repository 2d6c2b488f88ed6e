// /solana, /bitcoin and /multichain in Chromium against the local Solana clusters and Bitcoin networks: connect
// through the modal, balances, sign (checked outside the page), send SOL, SPL and BTC (read back from the chains),
// a PSBT built, signed and broadcast, a switch then a transfer, reload restore and disconnect; on /multichain the
// merged entry connecting both of the multi-chain wallet's namespaces. The wallets hold their own test keys: Solana keypair 7 and Bitcoin
// account 4, which no other test file sends from.
import { createPublicKey, verify } from 'node:crypto'
import { getTestKeypair } from '@latchkey/solana-chains'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import { BITCOIN_ACCOUNT_KEY, MULTICHAIN_WALLET, SOLANA_KEY_KEY } from '../src/lab/wallet-settings.js'
import {
  type Browser,
  expectClean as expectCleanPage,
  type LabPageHandle,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const SOLANA_KEYPAIR = getTestKeypair(7)
const BITCOIN_ACCOUNT = 4
const SOLANA_WALLET = 'Latchkey Solana Test'
const BITCOIN_WALLET = 'LatchkeyBitcoinProviders.BitcoinProvider'

let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
const opened: LabPageHandle[] = []

const clusters = () => stack().solana.clusters
const solanaIdOf = (i: number) => clusters()[i]?.genesisHash.slice(0, 32) ?? ''
const bitcoinNetwork = () => stack().bitcoin.networks[0]!

async function open(page: 'solana' | 'bitcoin' | 'multichain'): Promise<LabPageHandle> {
  const handle = await openLabPage(browser, lab, {
    page,
    key: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  })
  opened.push(handle)
  return handle
}

/** Opens a page whose Solana and Bitcoin wallets hold this file's keys (set before every load). */
async function openWithKeys(page: 'solana' | 'bitcoin' | 'multichain'): Promise<LabPageHandle> {
  const handle = await open(page)
  await handle.page.addInitScript(
    ({ solanaKey, solanaSecret, bitcoinKey, bitcoinAccount }) => {
      localStorage.setItem(solanaKey, solanaSecret)
      localStorage.setItem(bitcoinKey, String(bitcoinAccount))
    },
    {
      solanaKey: SOLANA_KEY_KEY,
      solanaSecret: Buffer.from(SOLANA_KEYPAIR.secretKey).toString('base64'),
      bitcoinKey: BITCOIN_ACCOUNT_KEY,
      bitcoinAccount: BITCOIN_ACCOUNT,
    },
  )
  await handle.page.reload()
  return handle
}

function expectClean(handle: LabPageHandle): void {
  expectCleanPage(handle, served.featureChunks)
}

/** Runs a lab action and waits for its result (or fails with the lab's error text). */
async function act(page: Page, action: string): Promise<string> {
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

async function connectWallet(page: Page, walletId: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${walletId}`).click()
  await page.getByTestId('modal').waitFor({ state: 'detached' })
}

function verifyEd25519(address: string, message: string, signatureBase58: string): boolean {
  const x = Buffer.from(new PublicKey(address).toBytes()).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, Buffer.from(message), key, bs58.decode(signatureBase58))
}

async function esplora<T>(path: string): Promise<T> {
  const response = await fetch(`${bitcoinNetwork().esploraUrl}${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

beforeAll(async () => {
  served = await serveLab()
  lab = served.lab
  browser = served.browser
}, 90_000)

afterAll(async () => {
  for (const handle of opened) await handle.close()
  await served?.stop()
})

describe('/solana', () => {
  let handle: LabPageHandle
  let page: Page
  const connection = () => new Connection(clusters()[0]!.rpcUrl, 'confirmed')

  it('connects the Solana test wallet through the modal: address and SOL balance', async () => {
    handle = await openWithKeys('solana')
    page = handle.page
    await connectWallet(page, SOLANA_WALLET)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(SOLANA_KEYPAIR.publicKey.toBase58())
    expect(await textOf(page, 'lab-chain')).toBe(solanaIdOf(0))
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/SOL/)
  })

  it('signs a message the key verifies', async () => {
    const signature = await act(page, 'sign')
    expect(verifyEd25519(SOLANA_KEYPAIR.publicKey.toBase58(), LAB_SIGN_MESSAGE, signature)).toBe(true)
  })

  it('sends SOL and SPL LUSD; the recipient holds them on the cluster', async () => {
    const recipient = Keypair.generate().publicKey
    await page.getByTestId('lab-recipient').fill(recipient.toBase58())
    await page.getByTestId('lab-amount').fill('0.01')
    await act(page, 'send-native')
    await expect.poll(() => connection().getBalance(recipient)).toBe(10_000_000)
    await act(page, 'send-spl')
    const ata = getAssociatedTokenAddressSync(new PublicKey(stack().solana.mint.address), recipient)
    await expect
      .poll(
        async () =>
          (
            await connection()
              .getTokenAccountBalance(ata)
              .catch(() => undefined)
          )?.value.amount,
      )
      .toBe('10000')
  })

  it('switches to the second cluster, then the next transfer lands there', async () => {
    await act(page, `switch-${solanaIdOf(1)}`)
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(solanaIdOf(1))
    const recipient = Keypair.generate().publicKey
    await page.getByTestId('lab-recipient').fill(recipient.toBase58())
    await act(page, 'send-native')
    const second = new Connection(clusters()[1]!.rpcUrl, 'confirmed')
    await expect.poll(() => second.getBalance(recipient)).toBe(10_000_000)
    expect(await connection().getBalance(recipient)).toBe(0)
  })

  it('restores the connection after a reload, then disconnects', async () => {
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-chain')).toBe(solanaIdOf(1))
    await act(page, 'disconnect')
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    await page.reload()
    await page.getByTestId('connect-button').waitFor()
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    expectClean(handle)
  })
})

describe('/bitcoin', () => {
  let handle: LabPageHandle
  let page: Page
  const account = () => stack().bitcoin.accounts[BITCOIN_ACCOUNT]!

  it('connects the Bitcoin test wallet: its payment address and BTC balance', async () => {
    handle = await openWithKeys('bitcoin')
    page = handle.page
    await connectWallet(page, BITCOIN_WALLET)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(account().payment.addresses.regtest)
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/BTC/)
  })

  it('signs a message', async () => {
    expect(await act(page, 'sign')).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
  })

  it('sends BTC, and signs and broadcasts a PSBT it built; both pay the recipient on the network', async () => {
    const recipient = stack().bitcoin.accounts[0]!.payment.addresses.regtest
    /** What transaction `txid` pays `recipient`, as the network reports it. */
    const paid = async (txid: string) =>
      (await esplora<{ vout: { scriptpubkey_address?: string; value: number }[] }>(`/tx/${txid}`)).vout
        .filter((output) => output.scriptpubkey_address === recipient)
        .map((output) => output.value)
    await page.getByTestId('lab-recipient').fill(recipient)
    await page.getByTestId('lab-amount').fill('0.001')
    const sent = await act(page, 'send-native')
    expect(sent).toMatch(/^[0-9a-f]{64}$/)
    const txid = await act(page, 'sign-psbt')
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(txid).not.toBe(sent)
    expect(await paid(sent)).toEqual([100_000])
    expect(await paid(txid)).toEqual([100_000])
  })

  it('restores after a reload and disconnects', async () => {
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    await act(page, 'disconnect')
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    expectClean(handle)
  })
})

describe('/multichain', () => {
  let handle: LabPageHandle
  let page: Page

  it('lists the multi-chain wallet once, and connecting it connects its EVM and Solana accounts', async () => {
    handle = await openWithKeys('multichain')
    page = handle.page
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${MULTICHAIN_WALLET.rdns}`).waitFor()
    const entries = await page.getByTestId(/^wallet-/).allTextContents()
    expect(entries.filter((text) => text.includes(MULTICHAIN_WALLET.name))).toHaveLength(1)
    await page.getByTestId(`wallet-${MULTICHAIN_WALLET.rdns}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-address-solana')).toBe(SOLANA_KEYPAIR.publicKey.toBase58())
    expect(await textOf(page, 'lab-address-eip155')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await textOf(page, 'lab-address')).toBe(await textOf(page, 'lab-address-eip155'))
    expectClean(handle)
  })
})
