// The wallet as sats-connect finds and calls it, in Node: sats-connect's own getProviders / getProviderById /
// request / addListener against window.btc_providers (window is Node's globalThis here). Accounts 5 and 6 of the
// test mnemonic belong to this file; the networks are this file's own.
import * as ecc from '@bitcoinerlab/secp256k1'
import {
  type BitcoinNetworks,
  FUNDED_UTXO_SATS,
  getTestAccounts,
  networkParams,
} from '@latchkey/bitcoin-chains'
import { address as baddress, Psbt, payments, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { addListener, getProviderById, getProviders, RpcErrorCode, request } from 'sats-connect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BitcoinTestWallet,
  type BitcoinWalletNetwork,
  bip322ToSpend,
  createBitcoinTestWallet,
  magicHash,
} from '../src/index.js'
import { balance, getJson, startNetworks, type Utxo } from './helpers.js'

const ECPair = ECPairFactory(ecc)
let btc: BitcoinNetworks
let networks: BitcoinWalletNetwork[]
let wallet: BitcoinTestWallet
let rejecting: BitcoinTestWallet
const [, , , , , account5, account6] = getTestAccounts(7)

beforeAll(async () => {
  ;({ btc, networks } = await startNetworks())
  ;(globalThis as { window?: unknown }).window = globalThis
  wallet = createBitcoinTestWallet({ networks, accountIndices: [5, 6] })
  wallet.injectSatsConnect()
  rejecting = createBitcoinTestWallet({
    networks,
    accountIndices: [7],
    policy: 'reject',
    name: 'Latchkey Rejecting',
    providerId: 'LatchkeyRejecting.BitcoinProvider',
  })
  rejecting.injectSatsConnect()
  // More outputs for account 5 than the two genesis ones, so every test below has its own to spend.
  for (let i = 0; i < 4; i++) btc.networks[0].fund(account5!.payment.addresses.regtest, 100_000_000)
  for (let i = 0; i < 2; i++) btc.networks[0].fund(account5!.taproot.addresses.regtest, 100_000_000)
})
afterAll(async () => {
  await btc.stop()
})

const esplora = () => wallet.network.esploraUrl

describe('discovery', () => {
  it('lists both wallets in btc_providers and resolves their provider ids to the provider objects', () => {
    expect(getProviders().map((provider) => provider.id)).toEqual([
      'LatchkeyBitcoinProviders.BitcoinProvider',
      'LatchkeyRejecting.BitcoinProvider',
    ])
    expect(getProviders()[0]).toMatchObject({
      name: 'Latchkey Bitcoin Test Wallet',
      icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    })
    expect(getProviderById(wallet.providerId)).toBe(wallet.provider)
    expect(getProviderById(rejecting.providerId)).toBe(rejecting.provider)
  })
})

describe('accounts', () => {
  it('refuses account reads before connecting, then wallet_connect returns payment and ordinals addresses', async () => {
    expect(await request('getBalance', undefined, wallet.providerId)).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.ACCESS_DENIED },
    })
    const connected = await request(
      'wallet_connect',
      { addresses: ['payment', 'ordinals'] } as never,
      wallet.providerId,
    )
    expect(connected).toEqual({
      status: 'success',
      result: {
        id: expect.any(String),
        walletType: 'software',
        network: { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } },
        addresses: [
          {
            address: account5!.payment.addresses.regtest,
            publicKey: account5!.payment.publicKey,
            purpose: 'payment',
            addressType: 'p2wpkh',
            walletType: 'software',
          },
          {
            address: account5!.taproot.addresses.regtest,
            publicKey: account5!.taproot.internalPubkey,
            purpose: 'ordinals',
            addressType: 'p2tr',
            walletType: 'software',
          },
        ],
      },
    })
    const addresses = await request('getAddresses', { purposes: ['ordinals'] as never }, wallet.providerId)
    expect(addresses.status === 'success' && addresses.result.addresses.map((a) => a.address)).toEqual([
      account5!.taproot.addresses.regtest,
    ])
    expect(wallet.prompts().map((entry) => entry.method)).toEqual(['wallet_connect'])
  })

  it('getBalance answers Esplora funded - spent as strings', async () => {
    const answer = await request('getBalance', undefined, wallet.providerId)
    expect(answer).toEqual({
      status: 'success',
      result: {
        confirmed: String(2 * FUNDED_UTXO_SATS + 400_000_000),
        unconfirmed: '0',
        total: String(2 * FUNDED_UTXO_SATS + 400_000_000),
      },
    })
  })

  it('a rejecting user answers with USER_REJECTION (-32000) and grants nothing', async () => {
    const answer = await request('wallet_connect', null, rejecting.providerId)
    expect(answer).toEqual({
      status: 'error',
      error: { code: RpcErrorCode.USER_REJECTION, message: 'User rejected the request.' },
    })
    expect(rejecting.connected).toBe(false)
    expect(rejecting.log.map((entry) => entry.outcome)).toContain('rejected')
  })

  it('unknown methods answer METHOD_NOT_FOUND', async () => {
    expect(await request('runes_etch' as never, {} as never, wallet.providerId)).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.METHOD_NOT_FOUND },
    })
  })
})

describe('signMessage', () => {
  it('ECDSA with the payment key: a BIP-137 signature that ecpair verifies over the message hash', async () => {
    const answer = await request(
      'signMessage',
      { address: wallet.paymentAddress, message: 'Hello Latchkey', protocol: 'ECDSA' as never },
      wallet.providerId,
    )
    if (answer.status !== 'success') throw new Error(JSON.stringify(answer))
    const signature = Buffer.from(answer.result.signature, 'base64')
    expect(signature).toHaveLength(65)
    expect(signature[0]! - 39).toBeGreaterThanOrEqual(0)
    const hash = magicHash(new TextEncoder().encode('Hello Latchkey'))
    expect(answer.result.messageHash).toBe(Buffer.from(hash).toString('hex'))
    const key = ECPair.fromPublicKey(Buffer.from(account5!.payment.publicKey, 'hex'))
    expect(key.verify(hash, signature.subarray(1))).toBe(true)
    expect(key.verify(magicHash(new TextEncoder().encode('Hello Latchkez')), signature.subarray(1))).toBe(
      false,
    )
  })

  it('BIP-322 with the ordinals key: the witness signs the virtual to_sign transaction', async () => {
    const answer = await request(
      'signMessage',
      { address: wallet.ordinalsAddress, message: 'Hello Latchkey' },
      wallet.providerId,
    )
    if (answer.status !== 'success') throw new Error(JSON.stringify(answer))
    expect(answer.result.protocol).toBe('BIP322')
    const witness = Buffer.from(answer.result.signature, 'base64')
    expect(witness[0]).toBe(1) // one witness item...
    expect(witness[1]).toBe(64) // ...a 64-byte Schnorr signature
    const script = baddress.toOutputScript(wallet.ordinalsAddress, networkParams('regtest'))
    const toSpend = bip322ToSpend(script, new TextEncoder().encode('Hello Latchkey'))
    const toSign = new Transaction()
    toSign.version = 0
    toSign.addInput(Buffer.from(toSpend.getHash()), 0, 0)
    toSign.addOutput(Buffer.from([0x6a]), 0n)
    const sighash = toSign.hashForWitnessV1(0, [script], [0n], Transaction.SIGHASH_DEFAULT)
    expect(ecc.verifySchnorr(sighash, script.subarray(2), witness.subarray(2, 66))).toBe(true)
  })

  it('refuses an address the wallet does not hold, and ECDSA on the taproot address', async () => {
    expect(
      await request(
        'signMessage',
        { address: account6!.payment.addresses.regtest, message: 'x' },
        wallet.providerId,
      ),
    ).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.INVALID_PARAMS },
    })
    expect(
      await request(
        'signMessage',
        { address: wallet.ordinalsAddress, message: 'x', protocol: 'ECDSA' as never },
        wallet.providerId,
      ),
    ).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.INVALID_PARAMS, message: expect.stringContaining('BIP322') },
    })
  })
})

/** A PSBT spending one payment UTXO and one ordinals UTXO of account 5 to `to`. */
async function twoInputPsbt(to: string): Promise<Psbt> {
  const network = networkParams('regtest')
  const [payUtxo] = await getJson<Utxo[]>(`${esplora()}/address/${wallet.paymentAddress}/utxo`)
  const [ordUtxo] = await getJson<Utxo[]>(`${esplora()}/address/${wallet.ordinalsAddress}/utxo`)
  const psbt = new Psbt({ network })
  psbt.addInput({
    hash: payUtxo!.txid,
    index: payUtxo!.vout,
    witnessUtxo: {
      script: payments.p2wpkh({ address: wallet.paymentAddress, network }).output!,
      value: BigInt(payUtxo!.value),
    },
  })
  psbt.addInput({
    hash: ordUtxo!.txid,
    index: ordUtxo!.vout,
    witnessUtxo: {
      script: payments.p2tr({ address: wallet.ordinalsAddress, network }).output!,
      value: BigInt(ordUtxo!.value),
    },
  })
  psbt.addOutput({ address: to, value: BigInt(payUtxo!.value + ordUtxo!.value - 2_000) })
  return psbt
}

describe('signPsbt', () => {
  it('signs the chosen inputs; hex mode and base64 mode give the same signed transaction', async () => {
    const psbt = await twoInputPsbt(account6!.payment.addresses.regtest)
    const signInputs = { [wallet.paymentAddress]: [0], [wallet.ordinalsAddress]: [1] }
    wallet.psbtFormat = 'base64'
    const asBase64 = await request('signPsbt', { psbt: psbt.toBase64(), signInputs }, wallet.providerId)
    wallet.psbtFormat = 'hex'
    const asHex = await request('signPsbt', { psbt: psbt.toBase64(), signInputs }, wallet.providerId)
    wallet.psbtFormat = 'base64'
    if (asBase64.status !== 'success' || asHex.status !== 'success')
      throw new Error(JSON.stringify([asBase64, asHex]))
    expect(asHex.result.psbt).toMatch(/^70736274ff[0-9a-f]+$/)
    expect(asBase64.result.psbt).toMatch(/^cHNidP8/)
    const fromBase64 = Psbt.fromBase64(asBase64.result.psbt).extractTransaction()
    const fromHex = Psbt.fromHex(asHex.result.psbt).extractTransaction()
    expect(fromHex.toHex()).toBe(fromBase64.toHex())
    expect(asBase64.result.txid).toBeUndefined()

    // Broadcast by hand: the local network verifies both signatures; balances follow.
    const before = await balance(esplora(), account6!.payment.addresses.regtest)
    const response = await fetch(`${esplora()}/tx`, { method: 'POST', body: fromHex.toHex() })
    expect(await response.text()).toBe(fromHex.getId())
    expect(await balance(esplora(), account6!.payment.addresses.regtest)).toBe(
      before + 2 * FUNDED_UTXO_SATS - 2_000,
    )
  })

  it('signs only what signInputs names, and broadcast: true sends it and answers the txid', async () => {
    const psbt = await twoInputPsbt(account6!.taproot.addresses.regtest)
    const partial = await request(
      'signPsbt',
      { psbt: psbt.toBase64(), signInputs: { [wallet.paymentAddress]: [0] } },
      wallet.providerId,
    )
    if (partial.status !== 'success') throw new Error(JSON.stringify(partial))
    const partlySigned = Psbt.fromBase64(partial.result.psbt)
    expect(partlySigned.data.inputs[0]!.finalScriptWitness).toBeDefined()
    expect(partlySigned.data.inputs[1]!.finalScriptWitness).toBeUndefined()

    const sent = await request(
      'signPsbt',
      { psbt: partial.result.psbt, signInputs: { [wallet.ordinalsAddress]: [1] }, broadcast: true },
      wallet.providerId,
    )
    if (sent.status !== 'success') throw new Error(JSON.stringify(sent))
    expect(sent.result.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await getJson(`${esplora()}/tx/${sent.result.txid}/status`)).toEqual({ confirmed: false })
  })

  it('refuses an input that does not pay the named address, and a rejecting user', async () => {
    const psbt = await twoInputPsbt(account6!.payment.addresses.regtest)
    expect(
      await request(
        'signPsbt',
        { psbt: psbt.toHex(), signInputs: { [wallet.paymentAddress]: [1] } },
        wallet.providerId,
      ),
    ).toMatchObject({
      status: 'error',
      error: {
        code: RpcErrorCode.INVALID_PARAMS,
        message: 'Input 1 does not spend an output of the payment address',
      },
    })
    wallet.setPolicy('reject')
    try {
      expect(
        await request(
          'signPsbt',
          { psbt: psbt.toBase64(), signInputs: { [wallet.paymentAddress]: [0] } },
          wallet.providerId,
        ),
      ).toMatchObject({
        status: 'error',
        error: { code: RpcErrorCode.USER_REJECTION },
      })
    } finally {
      wallet.setPolicy('approve')
    }
  })
})

describe('sendTransfer and network changes', () => {
  it('builds, signs and broadcasts a payment; balances follow', async () => {
    const to = account6!.taproot.addresses.regtest
    const before = await balance(esplora(), to)
    const senderBefore = await balance(esplora(), wallet.paymentAddress)
    const answer = await request(
      'sendTransfer',
      { recipients: [{ address: to, amount: 12_345 }] },
      wallet.providerId,
    )
    if (answer.status !== 'success') throw new Error(JSON.stringify(answer))
    const tx = await getJson<{ fee: number; status: { confirmed: boolean } }>(
      `${esplora()}/tx/${answer.result.txid}`,
    )
    expect(await balance(esplora(), to)).toBe(before + 12_345)
    expect(await balance(esplora(), wallet.paymentAddress)).toBe(senderBefore - 12_345 - tx.fee)
    expect(tx.fee).toBeGreaterThan(0)
    expect(
      await request(
        'sendTransfer',
        { recipients: [{ address: 'tb1qnope', amount: 1000 }] },
        wallet.providerId,
      ),
    ).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.INVALID_PARAMS },
    })
  })

  it('wallet_changeNetwork switches to the testnet network and emits networkChange once', async () => {
    const events: unknown[] = []
    const off = addListener(
      { eventName: 'networkChange', cb: (event: unknown) => events.push(event) },
      wallet.providerId as never,
    )
    const answer = await request('wallet_changeNetwork', { name: 'Testnet' as never }, wallet.providerId)
    expect(answer).toEqual({ status: 'success', result: null })
    expect(wallet.network.name).toBe('Latchkey Bitcoin Testnet')
    expect(wallet.paymentAddress).toBe(account5!.payment.addresses.testnet)
    expect(events).toEqual([expect.objectContaining({ type: 'networkChange', bitcoin: { name: 'Testnet' } })])
    expect(await request('wallet_getNetwork', null, wallet.providerId)).toMatchObject({
      result: { bitcoin: { name: 'Testnet' } },
    })
    wallet.switchNetwork('Latchkey Bitcoin Testnet') // no change, no event
    wallet.switchNetwork('Latchkey Bitcoin Regtest')
    expect(events).toHaveLength(2)
    off()
  })

  it('user actions: switchAccount emits accountChange, disconnect emits disconnect, once each', async () => {
    const events: string[] = []
    const offs = [
      addListener(
        {
          eventName: 'accountChange',
          cb: (event: { type: string; addresses?: { address: string }[] }) =>
            events.push(`${event.type}:${event.addresses?.[0]?.address}`),
        },
        wallet.providerId as never,
      ),
      addListener(
        { eventName: 'disconnect', cb: (event: { type: string }) => events.push(event.type) },
        wallet.providerId as never,
      ),
    ]
    wallet.switchAccount(1)
    wallet.switchAccount(1)
    wallet.disconnect()
    wallet.disconnect()
    expect(events).toEqual([`accountChange:${account6!.payment.addresses.regtest}`, 'disconnect'])
    for (const off of offs) off()
    wallet.switchAccount(0)
  })
})
