// /solana, /bitcoin and /multichain in Chromium against the local Solana clusters and Bitcoin networks: connect
// through the modal, balances, sign (checked outside the page), send SOL, SPL and BTC (read back from the chains),
// a PSBT built, signed and broadcast, a switch then a transfer, reload restore and disconnect. On /multichain: the
// merged entry connecting both of the multi-chain wallet's namespaces, a switch across namespaces from the network
// list, SwitchActiveChain to Bitcoin then the Bitcoin wallet beside, all three restored by a reload and cleared by
// one disconnect. Sign-in (SIWX) with a Solana and a Bitcoin account, the signature checked in Node. The wallets
// hold their own test keys: Solana keypair 7 and Bitcoin account 4, which no other test file sends from.
import { createPublicKey, verify } from 'node:crypto'
import { BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import { defineNetwork } from '@latchkey/core'
import { getTestKeypair } from '@latchkey/solana-chains'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import { LAB_SIWX_STATEMENT, SIWX_STORAGE_PREFIX } from '../src/lab/page-options.js'
import { BITCOIN_ACCOUNT_KEY, MULTICHAIN_WALLET, SOLANA_KEY_KEY } from '../src/lab/wallet-settings.js'
import {
  type Browser,
  expectClean as expectCleanPage,
  type LabPageHandle,
  labAction,
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
const NAMESPACES = ['eip155', 'solana', 'bip122'] as const
/** The CAIP-2 reference of regtest (its genesis hash prefix), which the lab's first Bitcoin network uses. */
const REGTEST_ID = '0f9188f13cb7b2c71f2a335e3a4fc328'
/** The lab's regtest network, for checking Bitcoin signatures in Node with the adapter. */
const regtestNetwork = () =>
  defineNetwork({
    id: REGTEST_ID,
    chainNamespace: 'bip122',
    name: bitcoinNetwork().name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [bitcoinNetwork().esploraUrl] } },
  })

type ChainPage = 'solana' | 'bitcoin' | 'multichain'

async function open(page: ChainPage, query?: string): Promise<LabPageHandle> {
  const handle = await openLabPage(browser, lab, {
    page,
    key: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    ...(query === undefined ? {} : { query }),
  })
  opened.push(handle)
  return handle
}

/** Opens a page whose Solana and Bitcoin wallets hold this file's keys (set before every load). */
async function openWithKeys(page: ChainPage, query?: string): Promise<LabPageHandle> {
  const handle = await open(page, query)
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

const act = labAction

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
    // The funded keypair's 1,000 SOL (a local cluster is not a testnet, so its balance shows).
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/^1000 SOL/)
    // The token list: SOL and the SPL test mint, from the lab's self-hosted Blockchain API (the stand-in reads the
    // cluster live).
    await expect
      .poll(() =>
        page
          .getByTestId('lab-token')
          .evaluateAll((nodes) =>
            nodes.map((node) => `${node.getAttribute('data-symbol')} ${node.getAttribute('data-amount')}`),
          ),
      )
      .toEqual(['SOL 1000', 'LUSD 1000000'])
    expect(await page.getByTestId('lab-activity').isVisible()).toBe(false)
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

  it("the panel shows the Solana wallet, holds its request for approval, and switches the wallet's cluster", async () => {
    const walletState = () => textOf(page, 'lab-chain-wallet-state-0')
    // The page switched clusters on its side (the adapter names the cluster in every request); the wallet's own
    // selection stayed where it was.
    expect(await walletState()).toBe(
      `Latchkey Solana Test: Connected · ${clusters()[0]!.name} · ${SOLANA_KEYPAIR.publicKey.toBase58()}`,
    )
    // No EVM wallet controls on a Solana page.
    expect(await page.getByTestId('lab-wallet-switch-other').count()).toBe(0)
    await page.getByTestId('lab-policy-hold').check()
    await page.getByTestId('lab-sign').click()
    await page.getByTestId('lab-pending-0').waitFor()
    expect(await textOf(page, 'lab-pending-0')).toContain('solana:signMessage')
    await page.getByTestId('lab-approve-0').click()
    await page.locator('[data-testid="lab-result"][data-action="sign"]').waitFor()
    await page.getByTestId('lab-policy-approve').check()
    // The wallet moves itself between clusters: the page follows it to the first and back to the second.
    await page.getByTestId('lab-chain-wallet-switch-0').click()
    expect(await walletState()).toContain(clusters()[1]!.name)
    await page.getByTestId('lab-chain-wallet-switch-0').click()
    expect(await walletState()).toContain(clusters()[0]!.name)
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(solanaIdOf(0))
    await page.getByTestId('lab-chain-wallet-switch-0').click()
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(solanaIdOf(1))
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
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/^[1-9][\d.]* BTC/)
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

  /** The address the account view shows: its first 4 and last 6 characters. */
  const shortened = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`
  const network = (id: string) => page.getByTestId(`network-${id}`)

  it('switches to Solana from the network list: both stay connected and Account shows the Solana account', async () => {
    const evmAddress = await textOf(page, 'lab-address-eip155')
    await page.getByTestId('network-button').click()
    await network(`solana:${solanaIdOf(0)}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(solanaIdOf(0))
    expect(await textOf(page, 'lab-address')).toBe(SOLANA_KEYPAIR.publicKey.toBase58())
    expect(await textOf(page, 'lab-address-eip155')).toBe(evmAddress)
    await page.getByTestId('account-button').click()
    await expect
      .poll(() => textOf(page, 'account-address'))
      .toBe(shortened(SOLANA_KEYPAIR.publicKey.toBase58()))
    expect(await textOf(page, 'account-network')).toContain(clusters()[0]!.name)
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    const signature = await act(page, 'sign')
    expect(verifyEd25519(SOLANA_KEYPAIR.publicKey.toBase58(), LAB_SIGN_MESSAGE, signature)).toBe(true)
  })

  it('picking Bitcoin with no Bitcoin account shows SwitchActiveChain, then the Bitcoin wallet connects beside', async () => {
    const regtest = `bip122:${REGTEST_ID}`
    await page.getByTestId('network-button').click()
    await network(regtest).click()
    const view = page.getByTestId('switch-active-chain')
    await view.waitFor()
    expect(await view.getAttribute('data-namespace')).toBe('bip122')
    expect(await textOf(page, 'switch-active-chain-heading')).toContain(bitcoinNetwork().name)
    await page.getByTestId('switch-active-chain-continue').click()
    await expect.poll(() => textOf(page, 'modal-title')).toBe('Connect Wallet')
    // The Connect view now lists only wallets that serve bip122: not the EVM + Solana wallet, not the EVM wallet.
    await page.getByTestId(`wallet-${BITCOIN_WALLET}`).waitFor()
    const listed = await page
      .getByTestId(/^wallet-/)
      .evaluateAll((entries) => entries.map((e) => e.dataset.testid))
    expect(listed).toContain(`wallet-${BITCOIN_WALLET}`)
    expect(listed).not.toContain(`wallet-${MULTICHAIN_WALLET.rdns}`)
    expect(listed).not.toContain('wallet-dev.latchkey.testwallet')
    await page.getByTestId(`wallet-${BITCOIN_WALLET}`).click()
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    const payment = stack().bitcoin.accounts[BITCOIN_ACCOUNT]!.payment.addresses.regtest
    await expect.poll(() => textOf(page, 'lab-address-bip122')).toBe(payment)
    expect(await textOf(page, 'lab-address')).toBe(payment)
    expect(await textOf(page, 'lab-chain')).toBe(REGTEST_ID)
    expect(await textOf(page, 'lab-address-solana')).toBe(SOLANA_KEYPAIR.publicKey.toBase58())
    expect(await textOf(page, 'lab-address-eip155')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await act(page, 'sign')).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    // Account shows the Bitcoin account, with an avatar drawn from its bech32 address.
    await page.getByTestId('account-button').click()
    await expect.poll(() => textOf(page, 'account-address')).toBe(shortened(payment))
    const avatar = page.locator('latchkey-modal .avatar').first()
    expect(await avatar.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^radial-gradient\(/)
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('restores all three namespaces after a reload, on the network last chosen', async () => {
    const before = await Promise.all(NAMESPACES.map((ns) => textOf(page, `lab-address-${ns}`)))
    await page.reload()
    // The remembered addresses show at once (reconnecting); the wallets then confirm them.
    await expect
      .poll(() =>
        Promise.all(
          ['status', ...NAMESPACES.map((ns) => `address-${ns}`)].map((id) => textOf(page, `lab-${id}`)),
        ),
      )
      .toEqual(['connected', ...before])
    expect(await textOf(page, 'lab-chain')).toBe(REGTEST_ID)
  })

  it('one disconnect clears every namespace, and a reload keeps them all disconnected', async () => {
    await act(page, 'disconnect')
    const none = NAMESPACES.map(() => '—')
    await expect
      .poll(() => Promise.all(NAMESPACES.map((ns) => textOf(page, `lab-address-${ns}`))))
      .toEqual(none)
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    await page.reload()
    await page.getByTestId('connect-button').waitFor()
    expect(await Promise.all(NAMESPACES.map((ns) => textOf(page, `lab-address-${ns}`)))).toEqual(none)
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    expectClean(handle)
  })
})

describe.each([
  {
    page: 'solana' as const,
    wallet: SOLANA_WALLET,
    account: 'Solana',
    address: () => SOLANA_KEYPAIR.publicKey.toBase58(),
    verify: async (address: string, message: string, signature: string) =>
      verifyEd25519(address, message, signature),
  },
  {
    page: 'bitcoin' as const,
    wallet: BITCOIN_WALLET,
    account: 'Bitcoin',
    address: () => stack().bitcoin.accounts[BITCOIN_ACCOUNT]!.payment.addresses.regtest,
    verify: (address: string, message: string, signature: string) =>
      new BitcoinAdapter().verifyMessage({ address, message, signature, network: regtestNetwork() }),
  },
])(
  'sign-in with a $account account (/$page?siwx=required)',
  ({ page: path, wallet, account, address, verify }) => {
    let handle: LabPageHandle
    let page: Page
    /** The message signatures the page's wallet was asked for since this page load. */
    const messageSigns = () =>
      page.evaluate(
        (kind) =>
          window.labChainWallets?.[kind]?.log.filter((entry) => /signMessage$/i.test(entry.method)).length ??
          -1,
        path,
      )
    /** The sessions in the page's localStorage (a key per account). */
    const storedSessions = () =>
      page.evaluate(
        (prefix) =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith(prefix))
            .flatMap(
              (k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { message: string; signature: string }[],
            ),
        `${SIWX_STORAGE_PREFIX}:siwx_sessions:`,
      )

    it('connects, signs the CAIP-122 message in the wallet, and stores a session the signature proves', async () => {
      handle = await openWithKeys(path, '?siwx=required')
      page = handle.page
      expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
      await page.getByTestId('connect-button').click()
      await page.getByTestId(`wallet-${wallet}`).click()
      await page.getByTestId('siwx-view').waitFor()
      await page.getByTestId('siwx-sign').click()
      await page.getByTestId('modal').waitFor({ state: 'detached' })
      await expect.poll(() => textOf(page, 'lab-siwx')).toBe('signed-in')
      expect(await messageSigns()).toBe(1)
      const sessions = await storedSessions()
      expect(sessions).toHaveLength(1)
      const [session] = sessions
      expect(session?.message).toContain(`wants you to sign in with your ${account} account:\n${address()}\n`)
      expect(session?.message).toContain(LAB_SIWX_STATEMENT)
      expect(await verify(address(), session?.message ?? '', session?.signature ?? '')).toBe(true)
      expect(await verify(address(), `${session?.message ?? ''}!`, session?.signature ?? '')).toBe(false)
    })

    it('keeps the session across a reload without a new signature; disconnect revokes it', async () => {
      await page.reload()
      await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
      await expect.poll(() => textOf(page, 'lab-siwx')).toBe('signed-in')
      expect(await page.getByTestId('siwx-view').count()).toBe(0)
      expect(await messageSigns()).toBe(0)
      await act(page, 'disconnect')
      await expect.poll(storedSessions).toEqual([])
      expect(await textOf(page, 'lab-siwx')).toBe('signed-out')
      expectClean(handle)
    })
  },
)
