// The JSON Esplora (Blockstream's electrs REST API) answers with, built from the ledger.
import type { Network } from 'bitcoinjs-lib'
import type { Ledger, TxRecord } from './ledger.js'
import { scriptAddress, scriptAsm, scriptType } from './script.js'

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

/** Esplora's transaction status. */
export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

export function txStatus(record: TxRecord): EsploraStatus {
  return record.block
    ? {
        confirmed: true,
        block_height: record.block.height,
        block_hash: record.block.hash,
        block_time: record.block.time,
      }
    : { confirmed: false }
}

function outputJson(script: Uint8Array, value: number, network: Network) {
  const address = scriptAddress(script, network)
  return {
    scriptpubkey: hex(script),
    scriptpubkey_asm: scriptAsm(script),
    scriptpubkey_type: scriptType(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value,
  }
}

/** Esplora's transaction JSON (`GET /tx/:txid`). */
export function txJson(record: TxRecord, network: Network) {
  const { tx } = record
  return {
    txid: record.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, index) => {
      const prevout = record.prevouts[index]
      const witness = input.witness.map(hex)
      return {
        txid: hex(Uint8Array.from(input.hash).reverse()),
        vout: input.index,
        prevout: prevout ? outputJson(prevout.script, prevout.value, network) : null,
        scriptsig: hex(input.script),
        scriptsig_asm: scriptAsm(input.script),
        ...(witness.length > 0 ? { witness } : {}),
        is_coinbase: prevout === null,
        sequence: input.sequence,
      }
    }),
    vout: tx.outs.map((output) => outputJson(output.script, Number(output.value), network)),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: record.fee,
    status: txStatus(record),
  }
}

interface TxoStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

const emptyStats = (): TxoStats => ({
  funded_txo_count: 0,
  funded_txo_sum: 0,
  spent_txo_count: 0,
  spent_txo_sum: 0,
  tx_count: 0,
})

/** Esplora's address JSON (`GET /address/:address`): chain and mempool statistics. */
export function addressJson(ledger: Ledger, address: string, script: Uint8Array) {
  const key = hex(script)
  const chain = emptyStats()
  const mempool = emptyStats()
  for (const txid of ledger.txidsForScript(script)) {
    const record = ledger.tx(txid)!
    const stats = record.block ? chain : mempool
    stats.tx_count++
    for (const output of record.tx.outs) {
      if (hex(output.script) !== key) continue
      stats.funded_txo_count++
      stats.funded_txo_sum += Number(output.value)
    }
    for (const prevout of record.prevouts) {
      if (!prevout || hex(prevout.script) !== key) continue
      stats.spent_txo_count++
      stats.spent_txo_sum += prevout.value
    }
  }
  return { address, chain_stats: chain, mempool_stats: mempool }
}

/** Esplora's UTXO list (`GET /address/:address/utxo`). */
export function utxoJson(ledger: Ledger, script: Uint8Array) {
  return ledger.utxosForScript(script).map((utxo) => ({
    txid: utxo.txid,
    vout: utxo.vout,
    status: txStatus(ledger.tx(utxo.txid)!),
    value: utxo.value,
  }))
}

/**
 * Esplora's address history (`GET /address/:address/txs`): up to 50 mempool transactions then up to 25 confirmed
 * ones, newest first.
 */
export function addressTxsJson(ledger: Ledger, script: Uint8Array, network: Network) {
  const records = ledger.txidsForScript(script).map((txid) => ledger.tx(txid)!)
  const unconfirmed = records
    .filter((record) => !record.block)
    .reverse()
    .slice(0, 50)
  const confirmed = records
    .filter((record) => record.block)
    .reverse()
    .sort((a, b) => b.block!.height - a.block!.height)
    .slice(0, 25)
  return [...unconfirmed, ...confirmed].map((record) => txJson(record, network))
}

/** Fee estimates (sat/vB) by confirmation target, the keys Esplora answers with; fixed on a local network. */
export const FEE_ESTIMATES: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008].map((target) => [
      String(target),
      Math.max(1, Math.round((25 / Math.sqrt(target)) * 1000) / 1000),
    ]),
  ),
)
