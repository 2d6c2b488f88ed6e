// Transactions over real HTTP: PSBTs built and signed with bitcoinjs-lib, broadcast with POST /tx, read back
// through the Esplora endpoints. Accounts 8 and 9 belong to this package (README); this file runs its own networks.
import * as ecc from '@bitcoinerlab/secp256k1'
import { crypto, Psbt, payments, Transaction } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BitcoinNetworks,
  FUNDED_UTXO_SATS,
  getTestKeys,
  networkParams,
  startBitcoinNetworks,
} from '../src/index.js'
import { balance, broadcast, buildSpend, ecdsaSigner, getJson, getText, mine, type Utxo } from './helpers.js'

let btc: BitcoinNetworks
const sender = getTestKeys(8)
const receiver = getTestKeys(9)

beforeAll(async () => {
  btc = await startBitcoinNetworks({ ephemeral: true })
})
afterAll(async () => {
  await btc.stop()
})

const rpcError = (code: number, message: string) =>
  expect.stringMatching(new RegExp(`^sendrawtransaction RPC error: \\{"code":${code},"message":"${message}`))

describe('a P2WPKH payment', () => {
  it('is accepted into the mempool, read back through Esplora, and confirmed by mining', async () => {
    const { esploraUrl, network } = btc.networks[0]
    const params = networkParams(network)
    const from = sender.payment.addresses[network]
    const to = receiver.payment.addresses[network]
    const [utxo] = await getJson<Utxo[]>(`${esploraUrl}/address/${from}/utxo`)
    const spend = buildSpend({
      network: params,
      kind: 'p2wpkh',
      privateKey: sender.paymentPrivateKey,
      utxos: [utxo!],
      outputs: [
        { address: to, value: 100_000_000 },
        { address: from, value: FUNDED_UTXO_SATS - 100_000_000 - 1_000 },
      ],
    })
    expect(await broadcast(esploraUrl, spend.hex)).toEqual({ status: 200, text: spend.txid })

    expect(await balance(esploraUrl, to)).toBe(2 * FUNDED_UTXO_SATS + 100_000_000)
    expect(await balance(esploraUrl, from)).toBe(2 * FUNDED_UTXO_SATS - 100_000_000 - 1_000)
    expect(await getJson(`${esploraUrl}/tx/${spend.txid}/status`)).toEqual({ confirmed: false })
    const tx = await getJson<Record<string, unknown>>(`${esploraUrl}/tx/${spend.txid}`)
    expect(tx).toMatchObject({
      txid: spend.txid,
      fee: 1_000,
      status: { confirmed: false },
      vin: [
        {
          txid: utxo!.txid,
          vout: utxo!.vout,
          is_coinbase: false,
          prevout: { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: from, value: FUNDED_UTXO_SATS },
        },
      ],
      vout: [
        { scriptpubkey_address: to, value: 100_000_000, scriptpubkey_type: 'v0_p2wpkh' },
        { scriptpubkey_address: from, value: FUNDED_UTXO_SATS - 100_001_000 },
      ],
    })
    expect((tx.vout as { scriptpubkey_asm: string }[])[0]!.scriptpubkey_asm).toMatch(
      /^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/,
    )
    expect(await getText(`${esploraUrl}/tx/${spend.txid}/hex`)).toEqual({ status: 200, text: spend.hex })
    const receiverStats = await getJson<{ mempool_stats: { funded_txo_count: number; tx_count: number } }>(
      `${esploraUrl}/address/${to}`,
    )
    expect(receiverStats.mempool_stats).toMatchObject({ funded_txo_count: 1, tx_count: 1 })

    const mined = await mine(esploraUrl)
    expect(mined).toMatchObject({ height: 2, txids: [spend.txid] })
    expect(await getText(`${esploraUrl}/blocks/tip/height`)).toEqual({ status: 200, text: '2' })
    const tip = (await getText(`${esploraUrl}/blocks/tip/hash`)).text
    expect(await getJson(`${esploraUrl}/tx/${spend.txid}/status`)).toEqual({
      confirmed: true,
      block_height: 2,
      block_hash: tip,
      block_time: expect.any(Number),
    })
    const after = await getJson<{
      chain_stats: { spent_txo_count: number; tx_count: number }
      mempool_stats: { tx_count: number }
    }>(`${esploraUrl}/address/${from}`)
    expect(after.chain_stats).toMatchObject({ spent_txo_count: 1, tx_count: 2 })
    expect(after.mempool_stats.tx_count).toBe(0)
    const history = await getJson<{ txid: string }[]>(`${esploraUrl}/address/${from}/txs`)
    expect(history.map((entry) => entry.txid)[0]).toBe(spend.txid)
    // The same payment on the other network is unaffected.
    const other = btc.networks[1]
    expect(await balance(other.esploraUrl, receiver.payment.addresses.testnet)).toBe(2 * FUNDED_UTXO_SATS)
  })
})

describe('a taproot key-path spend', () => {
  it('is verified and accepted on the testnet network', async () => {
    const { esploraUrl, network } = btc.networks[1]
    const from = sender.taproot.addresses[network]
    const to = receiver.taproot.addresses[network]
    const utxos = await getJson<Utxo[]>(`${esploraUrl}/address/${from}/utxo`)
    const spend = buildSpend({
      network: networkParams(network),
      kind: 'p2tr',
      privateKey: sender.taprootPrivateKey,
      utxos,
      outputs: [{ address: to, value: 2 * FUNDED_UTXO_SATS - 500 }],
    })
    expect(await broadcast(esploraUrl, spend.hex)).toEqual({ status: 200, text: spend.txid })
    await mine(esploraUrl)
    expect(await balance(esploraUrl, from)).toBe(0)
    expect(await balance(esploraUrl, to)).toBe(4 * FUNDED_UTXO_SATS - 500)
    const tx = await getJson<{ vin: { prevout: { scriptpubkey_type: string }; witness: string[] }[] }>(
      `${esploraUrl}/tx/${spend.txid}`,
    )
    expect(tx.vin[0]!.prevout.scriptpubkey_type).toBe('v1_p2tr')
    expect(tx.vin[0]!.witness[0]).toMatch(/^[0-9a-f]{128}$/)
  })
})

describe('rejections', () => {
  it('a double spend: against the mempool, then against the chain', async () => {
    const { esploraUrl, network } = btc.networks[1]
    const params = networkParams(network)
    const from = sender.payment.addresses[network]
    const [utxo] = await getJson<Utxo[]>(`${esploraUrl}/address/${from}/utxo`)
    const pay = (to: string) =>
      buildSpend({
        network: params,
        kind: 'p2wpkh',
        privateKey: sender.paymentPrivateKey,
        utxos: [utxo!],
        outputs: [{ address: to, value: utxo!.value - 300 }],
      })
    const first = pay(receiver.payment.addresses[network])
    const second = pay(sender.taproot.addresses[network])
    expect((await broadcast(esploraUrl, first.hex)).status).toBe(200)
    const conflict = await broadcast(esploraUrl, second.hex)
    expect(conflict.status).toBe(400)
    expect(conflict.text).toEqual(rpcError(-26, 'txn-mempool-conflict'))
    expect(conflict.text).toContain(`spends ${utxo!.txid}:${utxo!.vout}`)
    expect((await getText(`${esploraUrl}/tx/${second.txid}`)).status).toBe(404)

    const again = await broadcast(esploraUrl, first.hex)
    expect(again.text).toEqual(rpcError(-27, 'txn-already-in-mempool'))

    await mine(esploraUrl)
    const afterMining = await broadcast(esploraUrl, second.hex)
    expect(afterMining.status).toBe(400)
    expect(afterMining.text).toEqual(rpcError(-25, 'bad-txns-inputs-missingorspent'))
    expect(afterMining.text).toContain(`already spent in block by ${first.txid}`)
    expect((await broadcast(esploraUrl, first.hex)).text).toEqual(
      rpcError(-27, 'Transaction already in block chain'),
    )
  })

  it('a bad signature, a wrong key, and nothing changes', async () => {
    const { esploraUrl, network } = btc.networks[0]
    const params = networkParams(network)
    const from = receiver.taproot.addresses[network]
    const [utxo] = await getJson<Utxo[]>(`${esploraUrl}/address/${from}/utxo`)
    const before = await balance(esploraUrl, from)
    const spend = buildSpend({
      network: params,
      kind: 'p2tr',
      privateKey: receiver.taprootPrivateKey,
      utxos: [utxo!],
      outputs: [{ address: sender.payment.addresses[network], value: utxo!.value - 1_000 }],
    })
    const tx = Transaction.fromHex(spend.hex)
    const signature = tx.ins[0]!.witness[0]!
    signature[10] = signature[10]! ^ 0xff
    const tampered = await broadcast(esploraUrl, tx.toHex())
    expect(tampered.status).toBe(400)
    expect(tampered.text).toEqual(rpcError(-26, 'mandatory-script-verify-flag-failed'))
    expect(tampered.text).toContain('input 0')

    // The sender's key signs for the receiver's P2WPKH output: the witness key does not match the output.
    const [paymentUtxo] = await getJson<Utxo[]>(
      `${esploraUrl}/address/${receiver.payment.addresses[network]}/utxo`,
    )
    const foreign = buildSpend({
      network: params,
      kind: 'p2wpkh',
      privateKey: sender.paymentPrivateKey,
      utxos: [paymentUtxo!],
      outputs: [{ address: from, value: paymentUtxo!.value - 1_000 }],
    })
    const wrongKey = await broadcast(esploraUrl, foreign.hex)
    expect(wrongKey.text).toEqual(rpcError(-26, 'mandatory-script-verify-flag-failed'))
    expect(wrongKey.text).toContain('does not match the output')
    expect(await balance(esploraUrl, from)).toBe(before)
    expect(await getJson(`${esploraUrl}/mempool/txids`)).toEqual([])
  })

  it('malformed and unbalanced transactions', async () => {
    const { esploraUrl, network } = btc.networks[0]
    expect((await broadcast(esploraUrl, 'zz')).text).toEqual(rpcError(-22, 'TX decode failed'))
    expect((await broadcast(esploraUrl, '0200000000')).text).toEqual(rpcError(-22, 'TX decode failed'))
    const [utxo] = await getJson<Utxo[]>(`${esploraUrl}/address/${receiver.payment.addresses[network]}/utxo`)
    const valid = buildSpend({
      network: networkParams(network),
      kind: 'p2wpkh',
      privateKey: receiver.paymentPrivateKey,
      utxos: [utxo!],
      outputs: [{ address: sender.payment.addresses[network], value: utxo!.value - 100 }],
    })
    // Outputs worth more than the inputs (checked before the now-stale signature).
    const tooMuch = Transaction.fromHex(valid.hex)
    tooMuch.outs[0]!.value = BigInt(utxo!.value + 1)
    const answer = await broadcast(esploraUrl, tooMuch.toHex())
    expect(answer).toEqual({ status: 400, text: rpcError(-26, 'bad-txns-in-belowout') })
    const missing = buildSpend({
      network: networkParams(network),
      kind: 'p2wpkh',
      privateKey: receiver.paymentPrivateKey,
      utxos: [{ txid: 'cd'.repeat(32), vout: 0, value: 1_000 }],
      outputs: [{ address: sender.payment.addresses[network], value: 500 }],
    })
    expect((await broadcast(esploraUrl, missing.hex)).text).toEqual(
      rpcError(-25, 'bad-txns-inputs-missingorspent'),
    )
  })
})

describe('funding and mining controls', () => {
  it('fund mines a block paying a fresh P2SH-P2WPKH address, which can then spend', async () => {
    const network = btc.networks[0]
    const params = networkParams(network.network)
    const key = crypto.sha256(new TextEncoder().encode('bitcoin-chains p2sh test key'))
    const pubkey = ecc.pointFromScalar(key, true)!
    const wrapped = payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network: params }), network: params })
    const response = await fetch(`${network.esploraUrl}/latchkey/fund`, {
      method: 'POST',
      body: JSON.stringify({ address: wrapped.address, amount: 50_000 }),
    })
    const funded = (await response.json()) as { txid: string; vout: number }
    expect(await getJson(`${network.esploraUrl}/tx/${funded.txid}/status`)).toMatchObject({ confirmed: true })
    const psbt = new Psbt({ network: params })
    psbt.addInput({
      hash: funded.txid,
      index: funded.vout,
      witnessUtxo: { script: wrapped.output!, value: 50_000n },
      redeemScript: wrapped.redeem!.output!,
    })
    psbt.addOutput({ address: receiver.payment.addresses.regtest, value: 49_000n })
    psbt.signInput(0, ecdsaSigner(key))
    psbt.finalizeAllInputs()
    const tx = psbt.extractTransaction()
    expect(await broadcast(network.esploraUrl, tx.toHex())).toEqual({ status: 200, text: tx.getId() })
    expect(await balance(network.esploraUrl, wrapped.address!)).toBe(0)

    const bad = await fetch(`${network.esploraUrl}/latchkey/fund`, {
      method: 'POST',
      body: JSON.stringify({ address: 'nope', amount: 1 }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toBe('Invalid Bitcoin address: nope')
  })

  it('auto-mine confirms each accepted transaction at once', async () => {
    const network = btc.networks[0]
    network.setAutoMine(true)
    try {
      const [utxo] = await getJson<Utxo[]>(
        `${network.esploraUrl}/address/${sender.taproot.addresses.regtest}/utxo`,
      )
      const spend = buildSpend({
        network: networkParams('regtest'),
        kind: 'p2tr',
        privateKey: sender.taprootPrivateKey,
        utxos: [utxo!],
        outputs: [{ address: receiver.taproot.addresses.regtest, value: utxo!.value - 200 }],
      })
      expect((await broadcast(network.esploraUrl, spend.hex)).status).toBe(200)
      expect(await getJson(`${network.esploraUrl}/tx/${spend.txid}/status`)).toMatchObject({
        confirmed: true,
      })
    } finally {
      network.setAutoMine(false)
    }
  })
})
