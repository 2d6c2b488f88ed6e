// The lab's pages connect a phone wallet over WalletConnect, end to end in Chromium: the wallet is the simulator
// (@latchkey/wallet-sim, WalletKit on its own origin) in a second page, both on a relay of this file's own (it is
// stopped and started mid-session), the lab served with that relay. /wagmi goes the whole way (QR URI pasted into
// the simulator, approve, account and balance, sign, send, a switch from each side, reload, relay restart, the
// wallet ending the session); /multichain gets one session for eip155, solana and bip122 and signs on each; a
// declined proposal and "try again"; then connect and sign on every other page with the simulator approving by
// itself. Signatures and transfers are checked in Node against the keys and the chains.
// The simulator holds the stack's funded test accounts 1–3 of each namespace (account 1 selected); this file sends
// only from EVM account 1 on chain 31337 (pages.test.ts uses it on 31338 only).
import { createPublicKey, verify } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import { newIsolatedPage } from '@latchkey/browser'
import { defineNetwork } from '@latchkey/core'
import { getTestKeypair } from '@latchkey/solana-chains'
import { type RunningWalletSim, startWalletSim } from '@latchkey/wallet-sim'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { erc20Abi, type Hex, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabPage, RunningLab } from '../src/index.js'
import { LAB_SIGN_MESSAGE } from '../src/lab/actions.js'
import {
  type Browser,
  chainClient,
  expectClean as expectCleanPage,
  type LabPageHandle,
  labAction,
  openLabPage,
  type Page,
  serveLab,
  stack,
  textOf,
} from './support.js'

const PROJECT = '?projectId=lab-walletconnect-test'
const SCREENSHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots', 'walletconnect')
/** The simulator's selected account in every namespace (its default accounts are 1–3). */
const SIM_ACCOUNT = 1
/** The CAIP-2 reference of regtest (its genesis hash prefix): the lab's first Bitcoin network. */
const REGTEST_ID = '0f9188f13cb7b2c71f2a335e3a4fc328'

const evmAddress = () => mnemonicToAccount(stack().evm.mnemonic, { addressIndex: SIM_ACCOUNT }).address
const solanaAddress = () => getTestKeypair(SIM_ACCOUNT).publicKey.toBase58()
const bitcoinAddress = () => stack().bitcoin.accounts[SIM_ACCOUNT]!.payment.addresses.regtest
const solanaIdOf = (i: number) => stack().solana.clusters[i]!.genesisHash.slice(0, 32)
const regtestNetwork = () =>
  defineNetwork({
    id: REGTEST_ID,
    chainNamespace: 'bip122',
    name: stack().bitcoin.networks[0]!.name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [stack().bitcoin.networks[0]!.esploraUrl] } },
  })

let relay: LocalRelay
let served: Awaited<ReturnType<typeof serveLab>>
let lab: RunningLab
let browser: Browser
let wallet: RunningWalletSim
/** The simulator's page, shared by every flow (one phone, several dApps over time). */
let sim: Awaited<ReturnType<typeof newIsolatedPage>>
const opened: LabPageHandle[] = []

beforeAll(async () => {
  await rm(SCREENSHOTS, { recursive: true, force: true })
  await mkdir(SCREENSHOTS, { recursive: true })
  relay = await startRelay({ port: 0 })
  const config = { ...stack(), relay: { url: relay.url } }
  served = await serveLab({ config })
  lab = served.lab
  browser = served.browser
  // The simulator's page as `npm run build` made it (the lab must be built with it, see the README).
  wallet = await startWalletSim({ port: 0, config })
  sim = await newIsolatedPage(browser, { viewport: { width: 440, height: 900 } })
  sim.page.setDefaultTimeout(10_000)
  await sim.page.goto(`${wallet.url}/`)
  await sim.page.locator('[data-testid="sim-status"][data-state="ready"]').waitFor()
}, 60_000)

afterAll(async () => {
  for (const handle of opened) await handle.close()
  await sim?.close()
  await served?.stop()
  await wallet?.stop()
  await relay?.close()
})

/** Saves a screenshot of each step: `<flow>-<n>-<step>.png` (n of two digits, so they list in order). */
function screenshots(flow: string): (page: Page, step: string) => Promise<void> {
  let n = 0
  return async (page, step) => {
    n += 1
    await page.screenshot({ path: join(SCREENSHOTS, `${flow}-${String(n).padStart(2, '0')}-${step}.png`) })
  }
}

async function openLab(page: LabPage): Promise<LabPageHandle> {
  const handle = await openLabPage(browser, lab, { page, key: generatePrivateKey(), query: PROJECT })
  handle.page.setDefaultTimeout(10_000)
  opened.push(handle)
  return handle
}

/** No outside request, no page error, no feature chunk but those opened (only /wagmi's flow opens Send). */
function expectClean(handle: LabPageHandle, opened: readonly ('receive' | 'send')[] = []): void {
  expectCleanPage(handle, served.featureChunks, opened)
}

/** Opens the modal, picks WalletConnect and reads the pairing URI off the QR code. */
async function qrUri(page: Page): Promise<string> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-walletConnect').click()
  const qr = page.getByTestId('qr-code')
  await qr.waitFor()
  const uri = (await qr.getAttribute('data-uri')) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** Pastes the URI into the simulator, as a user who scanned the QR code. */
async function pasteUri(uri: string): Promise<void> {
  await sim.page.getByTestId('sim-uri').fill(uri)
  await sim.page.getByTestId('sim-pair').click()
}

/** The request of `method` waiting in the simulator. */
const simRequest = (method: string) =>
  sim.page.locator(`[data-testid="sim-request"][data-method="${method}"]`)

/** Approves the simulator's waiting request of `method` (once it shows). */
async function approveInSim(method: string): Promise<void> {
  const request = simRequest(method)
  await request.waitFor()
  await request.getByTestId('sim-request-approve').click()
  await request.waitFor({ state: 'detached' })
}

/** The simulator's log, newest first, as `method:outcome`. */
const simLog = () =>
  sim.page
    .getByTestId('sim-log-entry')
    .evaluateAll((entries) => entries.map((e) => `${e.dataset.method}:${e.dataset.outcome}`))

const simSessions = async () => Number(await sim.page.getByTestId('sim-sessions').getAttribute('data-count'))

/** How many proposals the simulator has ever received (answered ones included). */
const simProposals = () =>
  sim.page.evaluate(
    () =>
      (window as unknown as { latchkeyWalletSim?: { proposals: unknown[] } }).latchkeyWalletSim?.proposals
        .length,
  )

const act = labAction

function verifyEd25519(address: string, message: string, signatureBase58: string): boolean {
  const x = Buffer.from(new PublicKey(address).toBytes()).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, Buffer.from(message), key, bs58.decode(signatureBase58))
}

const verifyBitcoin = (address: string, message: string, signature: string) =>
  new BitcoinAdapter().verifyMessage({ address, message, signature, network: regtestNetwork() })

describe('/wagmi with the simulator, the whole way', () => {
  const shot = screenshots('wagmi')
  let handle: LabPageHandle
  let page: Page
  let topic: string

  it('pairs by the QR code’s URI; the simulator shows the lab’s proposal and approves it', async () => {
    handle = await openLab('wagmi')
    page = handle.page
    await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
    const uri = await qrUri(page)
    expect(await textOf(page, 'modal-title')).toBe('WalletConnect')
    await shot(page, 'qr')
    const before = await simProposals()
    await pasteUri(uri)
    const proposal = sim.page.getByTestId('sim-proposal')
    await proposal.waitFor()
    expect(await proposal.getByTestId('sim-proposal-name').textContent()).toBe('Latchkey lab · wagmi · React')
    expect(await proposal.getByTestId('sim-proposal-url').textContent()).toBe(lab.url)
    expect(
      await proposal
        .getByTestId('sim-proposal-namespaces')
        .locator('tr[data-namespace]')
        .evaluateAll((rows) => rows.map((r) => r.dataset.namespace)),
    ).toEqual(['eip155'])
    expect(await proposal.getByTestId('sim-proposal-namespaces').textContent()).toContain('personal_sign')
    expect(await simProposals()).toBe((before ?? 0) + 1)
    await shot(sim.page, 'sim-proposal')
    await proposal.getByTestId('sim-approve').click()

    const session = sim.page.getByTestId('sim-session')
    await expect.poll(() => session.count()).toBe(1)
    topic = (await session.getAttribute('data-topic')) ?? ''
    expect(topic).toMatch(/^[0-9a-f]{64}$/)
    // The SDK opens its socket once it has a topic to follow: the simulator is on the relay now.
    expect(await sim.page.getByTestId('sim-relay').getAttribute('data-state')).toBe('connected')
    await shot(sim.page, 'sim-session')
  })

  it('shows the simulator’s account and its balance, which the stack funded', async () => {
    const address = evmAddress()
    await page.getByTestId('account-button').waitFor()
    await expect.poll(() => page.getByTestId('modal').count()).toBe(0)
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(address)
    expect(await textOf(page, 'lab-chain')).toBe('31337')
    await expect.poll(() => textOf(page, 'lab-wagmi-status')).toBe('connected · chain 31337')
    expect(await sim.page.getByTestId('sim-namespace-eip155').getByTestId('sim-address').textContent()).toBe(
      address,
    )
    // Funded on the chain, and the account button shows a non-zero balance.
    expect(await chainClient(31337).getBalance({ address })).toBeGreaterThan(0n)
    await expect.poll(() => textOf(page, 'account-button')).toMatch(/\d+(\.\d+)? ETH/)
    const text = await textOf(page, 'account-button')
    expect(Number(/([\d.]+) ETH/.exec(text)?.[1])).toBeGreaterThan(0)
    // The services stand-in names the address (account 1 has a name): the button shows it.
    const identity = (await (await fetch(`${stack().services.url}/v1/identity/${address}`)).json()) as {
      name: string | null
    }
    expect(identity.name).toMatch(/\.latchkey\.id$/)
    expect(text).toContain(identity.name)
    await shot(page, 'connected')
  })

  it('signs in the simulator after approval; the signature verifies with viem', async () => {
    const signature = (await act(page, 'sign', async () => {
      const request = simRequest('personal_sign')
      await request.waitFor()
      expect(await request.getByTestId('sim-request-message').textContent()).toBe(LAB_SIGN_MESSAGE)
      await shot(sim.page, 'sim-sign-request')
      await approveInSim('personal_sign')
    })) as Hex
    expect(await verifyMessage({ address: evmAddress(), message: LAB_SIGN_MESSAGE, signature })).toBe(true)
    await expect.poll(async () => (await simLog())[0]).toBe('personal_sign:approved')
    await shot(page, 'signed')
  })

  it('sends ETH on the local chain after approval; the recipient holds it', async () => {
    const client = chainClient(31337)
    const from = evmAddress()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const amount = parseEther('0.01')
    const before = await client.getBalance({ address: from })
    await page.getByTestId('lab-recipient').fill(recipient)
    await page.getByTestId('lab-amount').fill('0.01')
    const hash = (await act(page, 'send-native', async () => {
      await simRequest('eth_sendTransaction').waitFor()
      await shot(sim.page, 'sim-send-request')
      await approveInSim('eth_sendTransaction')
    })) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(amount)
    expect(await client.getBalance({ address: from })).toBeLessThanOrEqual(before - amount)
    await expect.poll(async () => (await simLog())[0]).toBe('eth_sendTransaction:approved')
    await shot(page, 'sent')
  })

  it('sends LUSDT from the modal’s Send view after approval in the simulator; the recipient holds it', async () => {
    const client = chainClient(31337)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-token').first().waitFor()
    await page.getByTestId('account-send').click()
    await page.getByTestId('send-token').click()
    await page.locator('[data-testid="send-token-option"][data-symbol="LUSDT"]').click()
    await page.getByTestId('send-amount').fill('1.5')
    await page.getByTestId('send-receiver').fill(recipient)
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-preview').waitFor()
    await expect.poll(() => textOf(page, 'send-preview-fee')).toMatch(/\d/)
    await page.getByTestId('send-confirm').click()
    const request = simRequest('eth_sendTransaction')
    await request.waitFor()
    await shot(sim.page, 'sim-send-view-request')
    await approveInSim('eth_sendTransaction')
    await expect.poll(() => page.getByTestId('modal').getAttribute('data-view')).toBe('Account')
    await expect.poll(() => textOf(page, 'snackbar')).toContain('Sent 1.5 LUSDT')
    await expect
      .poll(() =>
        client.readContract({
          address: stack().evm.tokens.LUSDT,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [recipient],
        }),
      )
      .toBe(1_500_000n)
    await shot(page, 'sent-from-send-view')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
  })

  it('switches chain from the lab: the simulator approves and follows', async () => {
    const evm = sim.page.getByTestId('sim-namespace-eip155')
    expect(await evm.getAttribute('data-chain')).toBe('eip155:31337')
    await page.getByTestId('network-button').click()
    await page.getByTestId('network-eip155:31338').click()
    await simRequest('wallet_switchEthereumChain').waitFor()
    await shot(sim.page, 'sim-switch-request')
    await approveInSim('wallet_switchEthereumChain')
    await expect.poll(() => textOf(page, 'lab-chain')).toBe('31338')
    await expect.poll(() => textOf(page, 'lab-wagmi-status')).toBe('connected · chain 31338')
    await expect.poll(() => evm.getAttribute('data-chain')).toBe('eip155:31338')
    if (await page.getByTestId('modal').count()) await page.keyboard.press('Escape')
    await page.getByTestId('modal').waitFor({ state: 'detached' })
    await shot(page, 'switched-from-lab')
  })

  it('switches chain from the simulator: the lab follows', async () => {
    await sim.page
      .getByTestId('sim-namespace-eip155')
      .getByTestId('sim-switch-chain')
      .selectOption('eip155:31337')
    await expect.poll(() => textOf(page, 'lab-chain')).toBe('31337')
    await expect.poll(() => textOf(page, 'lab-wagmi-status')).toBe('connected · chain 31337')
    expect(await textOf(page, 'lab-address')).toBe(evmAddress())
    await shot(page, 'switched-from-wallet')
  })

  it('stays connected after a reload, without a new proposal in the simulator', async () => {
    const proposals = await simProposals()
    await page.reload()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(evmAddress())
    expect(await textOf(page, 'lab-chain')).toBe('31337')
    await page.getByTestId('account-button').waitFor()
    expect(await simProposals()).toBe(proposals)
    expect(await sim.page.getByTestId('sim-proposal').count()).toBe(0)
    expect(await simSessions()).toBe(1)
    await shot(page, 'reloaded')
  })

  it('signs again after the relay stopped and started mid-session', async () => {
    await relay.stop()
    await expect.poll(() => sim.page.getByTestId('sim-relay').getAttribute('data-state')).toBe('disconnected')
    await shot(sim.page, 'sim-relay-down')
    await relay.start()
    await expect.poll(() => sim.page.getByTestId('sim-relay').getAttribute('data-state')).toBe('connected')
    const signature = (await act(page, 'sign', () => approveInSim('personal_sign'))) as Hex
    expect(await verifyMessage({ address: evmAddress(), message: LAB_SIGN_MESSAGE, signature })).toBe(true)
    await shot(page, 'signed-after-relay-restart')
  })

  it('the simulator ends the session: the lab is back to the connect button', async () => {
    await sim.page
      .locator(`[data-testid="sim-session"][data-topic="${topic}"]`)
      .getByTestId('sim-disconnect')
      .click()
    await expect.poll(simSessions).toBe(0)
    expectClean(handle, ['send'])
    try {
      await expect.poll(() => textOf(page, 'lab-status')).toBe('disconnected')
      await expect.poll(() => textOf(page, 'connect-button')).toBe('Connect Wallet')
      expect(await textOf(page, 'lab-wagmi-status')).toBe('disconnected')
    } finally {
      await shot(page, 'disconnected-by-wallet')
    }
  })
})

describe('/multichain: one session for eip155, solana and bip122', () => {
  const shot = screenshots('multichain')
  let handle: LabPageHandle
  let page: Page
  const NAMESPACES = ['eip155', 'solana', 'bip122'] as const

  it('proposes the three namespaces at once; one approval connects each of them', async () => {
    handle = await openLab('multichain')
    page = handle.page
    const uri = await qrUri(page)
    await shot(page, 'qr')
    await pasteUri(uri)
    const proposal = sim.page.getByTestId('sim-proposal')
    await proposal.waitFor()
    expect(
      await proposal
        .getByTestId('sim-proposal-namespaces')
        .locator('tr[data-namespace]')
        .evaluateAll((rows) => rows.map((r) => r.dataset.namespace).sort()),
    ).toEqual(['bip122', 'eip155', 'solana'])
    for (const namespace of NAMESPACES)
      expect(await proposal.getByTestId(`sim-approve-${namespace}`).isChecked()).toBe(true)
    await shot(sim.page, 'sim-proposal')
    await proposal.getByTestId('sim-approve').click()
    await expect.poll(simSessions).toBe(1)
    expect(await sim.page.getByTestId('sim-session').textContent()).toMatch(
      /eip155: \d+ accounts · solana: \d+ accounts · bip122: \d+ accounts/,
    )

    await expect
      .poll(() => Promise.all(NAMESPACES.map((ns) => textOf(page, `lab-address-${ns}`))))
      .toEqual([evmAddress(), solanaAddress(), bitcoinAddress()])
    expect(await textOf(page, 'lab-status')).toBe('connected')
    await expect.poll(() => page.getByTestId('modal').count()).toBe(0)
    await shot(page, 'connected')
  })

  it('signs on eip155, solana and bip122 over the one session; each signature verifies in Node', async () => {
    // eip155 first: the network the connection made active.
    expect(await textOf(page, 'lab-chain')).toBe('31337')
    const evmSignature = (await act(page, 'sign', () => approveInSim('personal_sign'))) as Hex
    expect(
      await verifyMessage({ address: evmAddress(), message: LAB_SIGN_MESSAGE, signature: evmSignature }),
    ).toBe(true)
    await shot(page, 'signed-eip155')

    await act(page, `switch-${solanaIdOf(0)}`)
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(solanaIdOf(0))
    expect(await textOf(page, 'lab-address')).toBe(solanaAddress())
    const solanaSignature = await act(page, 'sign', async () => {
      const request = simRequest('solana_signMessage')
      await request.waitFor()
      expect(await request.getByTestId('sim-request-message').textContent()).toBe(LAB_SIGN_MESSAGE)
      await shot(sim.page, 'sim-solana-request')
      await approveInSim('solana_signMessage')
    })
    expect(verifyEd25519(solanaAddress(), LAB_SIGN_MESSAGE, solanaSignature)).toBe(true)
    expect(verifyEd25519(solanaAddress(), `${LAB_SIGN_MESSAGE}!`, solanaSignature)).toBe(false)
    await shot(page, 'signed-solana')

    await act(page, `switch-${REGTEST_ID}`)
    await expect.poll(() => textOf(page, 'lab-chain')).toBe(REGTEST_ID)
    expect(await textOf(page, 'lab-address')).toBe(bitcoinAddress())
    const bitcoinSignature = await act(page, 'sign', async () => {
      await simRequest('signMessage').waitFor()
      await shot(sim.page, 'sim-bitcoin-request')
      await approveInSim('signMessage')
    })
    expect(await verifyBitcoin(bitcoinAddress(), LAB_SIGN_MESSAGE, bitcoinSignature)).toBe(true)
    expect(await verifyBitcoin(bitcoinAddress(), `${LAB_SIGN_MESSAGE}!`, bitcoinSignature)).toBe(false)
    await shot(page, 'signed-bip122')

    await expect
      .poll(async () => (await simLog()).slice(0, 3))
      .toEqual(['signMessage:approved', 'solana_signMessage:approved', 'personal_sign:approved'])
  })

  it('disconnecting in the lab ends the session in the simulator, for every namespace', async () => {
    await act(page, 'disconnect')
    await expect
      .poll(() => Promise.all(NAMESPACES.map((ns) => textOf(page, `lab-address-${ns}`))))
      .toEqual(['—', '—', '—'])
    await expect.poll(simSessions).toBe(0)
    await shot(page, 'disconnected')
    expectClean(handle)
  })
})

describe('a declined proposal (/ethers)', () => {
  const shot = screenshots('rejected')

  it('shows the declined state; "try again" gives a new URI, which pairs', async () => {
    const handle = await openLab('ethers')
    const { page } = handle
    const first = await qrUri(page)
    await pasteUri(first)
    const proposal = sim.page.getByTestId('sim-proposal')
    await proposal.waitFor()
    await shot(sim.page, 'sim-proposal')
    await proposal.getByTestId('sim-reject').click()
    await proposal.waitFor({ state: 'detached' })
    const state = page.getByTestId('connecting-wc')
    await expect.poll(() => state.getAttribute('data-state')).toBe('rejected')
    expect(await textOf(page, 'lab-status')).toBe('disconnected')
    expect(await simSessions()).toBe(0)
    await shot(page, 'declined')

    await page.getByTestId('wc-retry').click()
    const qr = page.getByTestId('qr-code')
    await qr.waitFor()
    const second = (await qr.getAttribute('data-uri')) ?? ''
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(second).not.toBe(first)
    await shot(page, 'new-qr')
    await pasteUri(second)
    await proposal.waitFor()
    await proposal.getByTestId('sim-approve').click()
    await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
    expect(await textOf(page, 'lab-address')).toBe(evmAddress())
    await shot(page, 'connected')
    await act(page, 'disconnect')
    await expect.poll(simSessions).toBe(0)
    expectClean(handle)
  })
})

describe('connect and sign on every other page (the simulator approving by itself)', () => {
  beforeAll(async () => {
    await sim.page.getByTestId('sim-auto-approve').check()
  })

  describe.each([
    {
      page: 'ethers' as const,
      method: 'personal_sign',
      address: evmAddress,
      verify: (address: string, signature: string) =>
        verifyMessage({ address: address as Hex, message: LAB_SIGN_MESSAGE, signature: signature as Hex }),
    },
    {
      page: 'ethers5' as const,
      method: 'personal_sign',
      address: evmAddress,
      verify: (address: string, signature: string) =>
        verifyMessage({ address: address as Hex, message: LAB_SIGN_MESSAGE, signature: signature as Hex }),
    },
    {
      page: 'solana' as const,
      method: 'solana_signMessage',
      address: solanaAddress,
      verify: async (address: string, signature: string) =>
        verifyEd25519(address, LAB_SIGN_MESSAGE, signature),
    },
    {
      page: 'bitcoin' as const,
      method: 'signMessage',
      address: bitcoinAddress,
      verify: (address: string, signature: string) => verifyBitcoin(address, LAB_SIGN_MESSAGE, signature),
    },
    {
      page: 'vanilla' as const,
      method: 'personal_sign',
      address: evmAddress,
      verify: (address: string, signature: string) =>
        verifyMessage({ address: address as Hex, message: LAB_SIGN_MESSAGE, signature: signature as Hex }),
    },
  ])('/$page', ({ page: path, method, address, verify: check }) => {
    it('connects by the QR code’s URI and signs; the signature verifies in Node', async () => {
      const shot = screenshots(`smoke-${path}`)
      const handle = await openLab(path)
      const { page } = handle
      const uri = await qrUri(page)
      await shot(page, 'qr')
      await pasteUri(uri)
      await expect.poll(() => textOf(page, 'lab-status')).toBe('connected')
      expect(await textOf(page, 'lab-address')).toBe(address())
      await expect.poll(simSessions).toBe(1)
      await shot(page, 'connected')
      const signature = await act(page, 'sign')
      expect(await check(address(), signature)).toBe(true)
      await expect.poll(async () => (await simLog())[0]).toBe(`${method}:approved`)
      await shot(page, 'signed')
      await act(page, 'disconnect')
      await expect.poll(simSessions).toBe(0)
      expectClean(handle)
      await handle.close()
    })
  })
})

describe('two tabs of one browser context (/ethers, the simulator approving by itself)', () => {
  it('a listed wallet connected in one tab is a recent wallet in the other; a disconnect in one disconnects the other', async () => {
    const first = await openLab('ethers')
    const a = first.page
    const b = await first.context.newPage()
    b.setDefaultTimeout(10_000)
    const errorsB: string[] = []
    b.on('pageerror', (error) => errorsB.push(error.message))
    await b.goto(a.url())
    await expect.poll(() => textOf(b, 'lab-status')).toBe('disconnected')

    // Tab A: a listed wallet no connector of the page reaches (a row with no badge) connects over WalletConnect.
    await a.getByTestId('connect-button').click()
    const listed = a.getByTestId('modal').locator('button.item:not(:has(.badge))').first()
    const walletTestId = (await listed.getAttribute('data-testid')) ?? ''
    expect(walletTestId).toMatch(/^wallet-/)
    await listed.click()
    const qr = a.getByTestId('qr-code')
    await qr.waitFor()
    await pasteUri((await qr.getAttribute('data-uri')) ?? '')
    await expect.poll(() => textOf(a, 'lab-status')).toBe('connected')
    await expect.poll(simSessions).toBe(1)

    // Tab B, never reloaded, lists that wallet as a recent one.
    await b.getByTestId('connect-button').click()
    const row = b.getByTestId('modal').getByTestId(walletTestId).first()
    await expect.poll(() => row.locator('.badge.accent').count()).toBe(1)
    expect(await row.locator('.badge.accent').textContent()).toBe('Recent')
    await b.keyboard.press('Escape')

    // B restores the session A made (a reload: no new proposal); A disconnects and B follows, without a reload.
    const proposals = await simProposals()
    await b.reload()
    await expect.poll(() => textOf(b, 'lab-status')).toBe('connected')
    expect(await simProposals()).toBe(proposals)
    await act(a, 'disconnect')
    await expect.poll(() => textOf(b, 'lab-status')).toBe('disconnected')
    await expect.poll(simSessions).toBe(0)
    expect(await textOf(a, 'lab-status')).toBe('disconnected')
    expect(errorsB).toEqual([])
    expectClean(first)
  })
})

describe('the simulator', () => {
  it('stayed on 127.0.0.1 and threw nothing', () => {
    expect(sim.outsideRequests).toEqual([])
    expect(sim.pageErrors.map((error) => error.message)).toEqual([])
  })
})
