// The IIFE bundle in a real Chromium (tools/browser harness): a page that uses sats-connect itself (bundled with
// esbuild) finds the injected wallet in window.btc_providers and calls it; @wallet-standard/app finds it too.
// The page talks to nothing but 127.0.0.1. Networks are this file's own.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BitcoinNetworks, getTestAccounts, networkParams } from '@latchkey/bitcoin-chains'
import {
  connectBrowser,
  type IsolatedPage,
  newIsolatedPage,
  type StaticServer,
  serveStatic,
} from '@latchkey/browser'
import { Psbt, payments } from 'bitcoinjs-lib'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { BitcoinWalletNetwork } from '../src/index.js'
import { balance, getJson, startNetworks, type Utxo } from './helpers.js'

let btc: BitcoinNetworks
let networks: BitcoinWalletNetwork[]
let dir: string
let site: StaticServer
let browser: Awaited<ReturnType<typeof connectBrowser>>
let isolated: IsolatedPage
const account = getTestAccounts(8)[7]!
const PROVIDER_ID = 'LatchkeyBitcoinProviders.BitcoinProvider'

type PageApi = {
  sats: typeof import('sats-connect')
  getWallets: typeof import('@wallet-standard/app').getWallets
}

beforeAll(async () => {
  ;({ btc, networks } = await startNetworks())
  dir = mkdtempSync(join(tmpdir(), 'bitcoin-wallet-browser-'))
  const walletBundle = join(dir, 'inject.global.js')
  execFileSync(process.execPath, [
    fileURLToPath(new URL('../scripts/bundle.mjs', import.meta.url)),
    walletBundle,
  ])
  // The site: sats-connect and @wallet-standard/app, as a dapp would bundle them.
  const app = await build({
    stdin: {
      contents:
        "import * as sats from 'sats-connect'\nimport { getWallets } from '@wallet-standard/app'\nwindow.sats = sats\nwindow.getWallets = getWallets\n",
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  site = await serveStatic({
    '/index.html':
      '<!doctype html><meta charset="utf-8"><title>Latchkey BTC</title><script src="/app.js"></script>',
    '/app.js': app.outputFiles[0]!.text,
  })
  browser = await connectBrowser(inject('browserWsEndpoint'))
  isolated = await newIsolatedPage(browser)
  await isolated.page.addInitScript({ content: readFileSync(walletBundle, 'utf8') })
  await isolated.page.addInitScript(
    ({ networks }) => {
      const w = window as unknown as {
        LatchkeyBitcoinTestWallet: typeof import('../src/index.js')
        testWallet: unknown
      }
      const wallet = w.LatchkeyBitcoinTestWallet.createBitcoinTestWallet({
        networks,
        accountIndices: [7],
        psbtFormat: 'hex',
      })
      wallet.injectSatsConnect()
      wallet.registerStandard()
      w.testWallet = wallet
    },
    { networks },
  )
  await isolated.page.goto(`${site.url}/`)
})

afterAll(async () => {
  await isolated?.close()
  await browser?.close()
  await site?.close()
  await btc?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the injected Bitcoin test wallet in Chromium', () => {
  it('is found by sats-connect (getProviders, getProviderById) and by @wallet-standard/app', async () => {
    const found = await isolated.page.evaluate((id) => {
      const w = window as unknown as PageApi
      return {
        providers: w.sats.getProviders().map((provider) => ({ id: provider.id, name: provider.name })),
        resolved: typeof w.sats.getProviderById(id)?.request,
        standard: w
          .getWallets()
          .get()
          .map((wallet) => ({
            name: wallet.name,
            chains: [...wallet.chains],
            features: Object.keys(wallet.features).sort(),
          })),
      }
    }, PROVIDER_ID)
    expect(found.providers).toEqual([{ id: PROVIDER_ID, name: 'Latchkey Bitcoin Test Wallet' }])
    expect(found.resolved).toBe('function')
    expect(found.standard).toEqual([
      {
        name: 'Latchkey Bitcoin Test Wallet',
        chains: ['bitcoin:regtest', 'bitcoin:testnet'],
        features: [
          'bitcoin:connect',
          'bitcoin:signAndSendTransaction',
          'bitcoin:signMessage',
          'bitcoin:signTransaction',
          'standard:connect',
          'standard:disconnect',
          'standard:events',
        ],
      },
    ])
  })

  it('connects and reads the balance through sats-connect request()', async () => {
    const answers = await isolated.page.evaluate(async (id) => {
      const { sats } = window as unknown as PageApi
      return {
        connect: await sats.request('wallet_connect', null, id),
        balance: await sats.request('getBalance', null, id),
      }
    }, PROVIDER_ID)
    expect(answers.connect).toMatchObject({
      status: 'success',
      result: {
        addresses: [
          { address: account.payment.addresses.regtest, purpose: 'payment' },
          { address: account.taproot.addresses.regtest, purpose: 'ordinals' },
        ],
        network: { bitcoin: { name: 'Regtest' } },
      },
    })
    expect(answers.balance).toEqual({
      status: 'success',
      result: { confirmed: '1000000000', unconfirmed: '0', total: '1000000000' },
    })
  })

  it('signs a PSBT from Node and broadcasts it (hex answer); sends a transfer; balances follow', async () => {
    const network = networkParams('regtest')
    const esplora = networks[0]!.esploraUrl
    const [utxo] = await getJson<Utxo[]>(`${esplora}/address/${account.payment.addresses.regtest}/utxo`)
    const psbt = new Psbt({ network })
    psbt.addInput({
      hash: utxo!.txid,
      index: utxo!.vout,
      witnessUtxo: {
        script: payments.p2wpkh({ address: account.payment.addresses.regtest, network }).output!,
        value: BigInt(utxo!.value),
      },
    })
    psbt.addOutput({ address: account.taproot.addresses.regtest, value: BigInt(utxo!.value - 1_000) })
    const before = await balance(esplora, account.taproot.addresses.regtest)
    const signed = await isolated.page.evaluate(
      async ({ id, psbt, address }) =>
        (window as unknown as PageApi).sats.request(
          'signPsbt',
          { psbt, signInputs: { [address]: [0] }, broadcast: true },
          id,
        ),
      { id: PROVIDER_ID, psbt: psbt.toBase64(), address: account.payment.addresses.regtest },
    )
    if (signed.status !== 'success') throw new Error(JSON.stringify(signed))
    expect(signed.result.psbt).toMatch(/^70736274ff/)
    expect(signed.result.txid).toBe(Psbt.fromHex(signed.result.psbt).extractTransaction().getId())
    expect(await balance(esplora, account.taproot.addresses.regtest)).toBe(before + utxo!.value - 1_000)

    const recipient = getTestAccounts(7)[6]!.payment.addresses.regtest
    const recipientBefore = await balance(esplora, recipient)
    const sent = await isolated.page.evaluate(
      async ({ id, recipient }) =>
        (window as unknown as PageApi).sats.request(
          'sendTransfer',
          { recipients: [{ address: recipient, amount: 50_000 }] },
          id,
        ),
      { id: PROVIDER_ID, recipient },
    )
    expect(sent).toMatchObject({
      status: 'success',
      result: { txid: expect.stringMatching(/^[0-9a-f]{64}$/) },
    })
    expect(await balance(esplora, recipient)).toBe(recipientBefore + 50_000)
  })

  it('a rejecting user gives sats-connect USER_REJECTION; the page made no outside request', async () => {
    const answer = await isolated.page.evaluate(async (id) => {
      const w = window as unknown as PageApi & { testWallet: { setPolicy(policy: string): void } }
      w.testWallet.setPolicy('reject')
      return w.sats.request('signMessage', { address: 'x', message: 'hi' }, id)
    }, PROVIDER_ID)
    expect(answer).toMatchObject({ status: 'error', error: { code: -32602 } })
    const rejected = await isolated.page.evaluate(async (id) => {
      const w = window as unknown as PageApi & { testWallet: { paymentAddress: string } }
      return w.sats.request('signMessage', { address: w.testWallet.paymentAddress, message: 'hi' }, id)
    }, PROVIDER_ID)
    expect(rejected).toEqual({
      status: 'error',
      error: { code: -32000, message: 'User rejected the request.' },
    })
    expect(isolated.outsideRequests).toEqual([])
    expect(isolated.pageErrors).toEqual([])
  })
})
