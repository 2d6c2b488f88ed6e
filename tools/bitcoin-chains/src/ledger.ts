// One local network's state: blocks, a UTXO set, a mempool, and an index of transactions by output script.
// Every change happens inside one synchronous call, so a rejected transaction leaves nothing behind.
import { Block, script as bscript, type Network, opcodes, Transaction } from 'bitcoinjs-lib'
import { TxRejectedError } from './errors.js'
import { genesisBlock } from './genesis.js'
import { type Prevout, verifyInput } from './verify.js'

/** Where a confirmed transaction is. */
interface BlockRef {
  readonly height: number
  readonly hash: string
  readonly time: number
}

/** A block of this network. */
export interface LedgerBlock extends BlockRef {
  readonly previousHash: string
  readonly txids: readonly string[]
}

/** A transaction the network knows, confirmed or in the mempool. */
export interface TxRecord {
  readonly txid: string
  readonly tx: Transaction
  readonly hex: string
  /** The outputs each input spends (null for a coinbase input). */
  readonly prevouts: readonly (Prevout | null)[]
  readonly fee: number
  block?: BlockRef
}

interface Utxo extends Prevout {
  readonly txid: string
  readonly vout: number
}

const ZERO_HASH = '0'.repeat(64)
const MAX_MONEY = 21_000_000 * 100_000_000
const outpointKey = (txid: string, vout: number): string => `${txid}:${vout}`
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

/** The ledger of one local network; see {@link createLedger}. */
export type Ledger = ReturnType<typeof createLedger>

/**
 * Creates a ledger that starts from the real genesis block of its kind (so its genesis hash is the one wallets
 * name the network by), then a block 1 whose coinbase pays `funding` (output script and value, in order). `tag`
 * goes into coinbase scripts so two networks' coinbases differ.
 */
export function createLedger(
  network: Network,
  tag: string,
  funding: readonly Prevout[],
  kind: 'regtest' | 'testnet' = 'regtest',
) {
  const utxos = new Map<string, Utxo>()
  /** outpoint -> txid of the mempool or chain transaction that spends it */
  const spentBy = new Map<string, string>()
  const txs = new Map<string, TxRecord>()
  const mempool: string[] = []
  const blocks: LedgerBlock[] = []
  /** output script hex -> txids that pay or spend it, in arrival order */
  const byScript = new Map<string, string[]>()
  let coinbaseCount = 0

  const indexScript = (script: Uint8Array, txid: string) => {
    const key = hex(script)
    const list = byScript.get(key)
    if (!list) byScript.set(key, [txid])
    else if (list[list.length - 1] !== txid) list.push(txid)
  }

  const record = (tx: Transaction, prevouts: (Prevout | null)[], fee: number): TxRecord => {
    const txid = tx.getId()
    const entry: TxRecord = { txid, tx, hex: tx.toHex(), prevouts, fee }
    txs.set(txid, entry)
    tx.ins.forEach((input, index) => {
      const prevout = prevouts[index]
      if (!prevout) return
      const key = outpointKey(hex(Uint8Array.from(input.hash).reverse()), input.index)
      utxos.delete(key)
      spentBy.set(key, txid)
      indexScript(prevout.script, txid)
    })
    tx.outs.forEach((output, vout) => {
      utxos.set(outpointKey(txid, vout), { txid, vout, script: output.script, value: Number(output.value) })
      indexScript(output.script, txid)
    })
    return entry
  }

  const coinbase = (outputs: readonly Prevout[]): Transaction => {
    const tx = new Transaction()
    tx.version = 2
    const height = blocks.length
    const marker = new TextEncoder().encode(`latchkey ${tag} ${coinbaseCount++}`)
    tx.addInput(
      new Uint8Array(32),
      0xffffffff,
      0xffffffff,
      bscript.compile([bscript.number.encode(height), marker]),
    )
    for (const output of outputs) tx.addOutput(output.script, BigInt(output.value))
    if (outputs.length === 0) tx.addOutput(bscript.compile([opcodes.OP_RETURN!, marker]), 0n)
    return tx
  }

  const mineBlock = (first: Transaction, included: readonly string[]): LedgerBlock => {
    const previous = blocks[blocks.length - 1]
    const height = blocks.length
    const time = Math.max(previous ? previous.time + 1 : 0, Math.floor(Date.now() / 1000))
    const first_ = record(first, [null], 0)
    const members = [first_.txid, ...included]
    const header = new Block()
    header.version = 0x2000_0000
    header.prevHash = previous
      ? Uint8Array.from(Buffer.from(previous.hash, 'hex')).reverse()
      : new Uint8Array(32)
    header.merkleRoot = Block.calculateMerkleRoot(members.map((txid) => txs.get(txid)!.tx))
    header.timestamp = time
    header.bits = 0x207fffff
    header.nonce = height
    const block: LedgerBlock = {
      height,
      hash: header.getId(),
      time,
      previousHash: previous?.hash ?? ZERO_HASH,
      txids: members,
    }
    blocks.push(block)
    for (const txid of members) txs.get(txid)!.block = { height, hash: block.hash, time }
    return block
  }

  const reject = (code: number, reason: string, detail?: string): never => {
    throw new TxRejectedError(code, reason, detail)
  }

  /** Checks a raw transaction against the UTXO set and mempool and returns what accepting it needs. */
  const check = (rawHex: string): { tx: Transaction; prevouts: Prevout[]; fee: number } => {
    let tx: Transaction
    try {
      tx = Transaction.fromHex(rawHex)
    } catch (error) {
      return reject(-22, 'TX decode failed', error instanceof Error ? error.message : undefined)
    }
    if (tx.toHex() !== rawHex.toLowerCase())
      reject(-22, 'TX decode failed', 'trailing or non-canonical bytes')
    if (tx.ins.length === 0) reject(-26, 'bad-txns-vin-empty')
    if (tx.outs.length === 0) reject(-26, 'bad-txns-vout-empty')
    if (tx.isCoinbase()) reject(-26, 'coinbase', 'a coinbase transaction cannot be broadcast')
    const txid = tx.getId()
    const known = txs.get(txid)
    if (known)
      reject(
        -27,
        known.block ? 'Transaction already in block chain' : 'txn-already-in-mempool',
        `txid ${txid}`,
      )
    let totalOut = 0
    tx.outs.forEach((output, vout) => {
      const value = Number(output.value)
      if (value < 0 || value > MAX_MONEY)
        reject(-26, 'bad-txns-vout-toolarge', `output ${vout} has value ${output.value}`)
      totalOut += value
    })
    if (totalOut > MAX_MONEY) reject(-26, 'bad-txns-txouttotal-toolarge')
    const seen = new Set<string>()
    const prevouts = tx.ins.map((input, index) => {
      const prevTxid = hex(Uint8Array.from(input.hash).reverse())
      const key = outpointKey(prevTxid, input.index)
      if (seen.has(key)) reject(-26, 'bad-txns-inputs-duplicate', `input ${index} spends ${key} twice`)
      seen.add(key)
      const spender = spentBy.get(key)
      if (spender && !txs.get(spender)?.block)
        reject(
          -26,
          'txn-mempool-conflict',
          `input ${index} spends ${key}, already spent by mempool transaction ${spender}`,
        )
      const utxo = utxos.get(key)
      if (!utxo)
        return reject(
          -25,
          'bad-txns-inputs-missingorspent',
          spender
            ? `input ${index} spends ${key}, already spent in block by ${spender}`
            : `input ${index} spends ${key}, which does not exist`,
        )
      return { script: utxo.script, value: utxo.value }
    })
    const totalIn = prevouts.reduce((sum, prevout) => sum + prevout.value, 0)
    if (totalIn < totalOut) reject(-26, 'bad-txns-in-belowout', `value in ${totalIn} < value out ${totalOut}`)
    tx.ins.forEach((_, index) => {
      verifyInput(tx, index, prevouts)
    })
    return { tx, prevouts, fee: totalIn - totalOut }
  }

  // Block 0: the network kind's real genesis block. Its coinbase output is unspendable (as in Bitcoin Core, it
  // never enters the UTXO set).
  const genesis = genesisBlock(kind)
  const genesisTxid = genesis.coinbase.getId()
  txs.set(genesisTxid, {
    txid: genesisTxid,
    tx: genesis.coinbase,
    hex: genesis.coinbase.toHex(),
    prevouts: [null],
    fee: 0,
    block: { height: 0, hash: genesis.hash, time: genesis.time },
  })
  blocks.push({
    height: 0,
    hash: genesis.hash,
    time: genesis.time,
    previousHash: ZERO_HASH,
    txids: [genesisTxid],
  })
  // Block 1: one coinbase paying the funded outputs.
  mineBlock(coinbase(funding), [])

  return {
    network,
    blocks: blocks as readonly LedgerBlock[],
    /** Validates and adds a raw transaction (hex) to the mempool; returns its txid. Throws TxRejectedError. */
    accept(rawHex: string): string {
      const { tx, prevouts, fee } = check(rawHex.trim())
      const entry = record(tx, prevouts, fee)
      mempool.push(entry.txid)
      return entry.txid
    },
    /** Mines `count` blocks; the first takes every mempool transaction. Returns the new blocks. */
    mine(count = 1): LedgerBlock[] {
      const mined: LedgerBlock[] = []
      for (let i = 0; i < count; i++) {
        const included = mempool.splice(0, mempool.length)
        mined.push(mineBlock(coinbase([]), included))
      }
      return mined
    },
    /** Mines one block whose coinbase pays `value` sats to `script`; the mempool stays as it is. */
    fund(script: Uint8Array, value: number): { txid: string; vout: number; block: LedgerBlock } {
      const block = mineBlock(coinbase([{ script, value }]), [])
      return { txid: block.txids[0]!, vout: 0, block }
    },
    tip(): LedgerBlock {
      return blocks[blocks.length - 1]!
    },
    blockAt(height: number): LedgerBlock | undefined {
      return blocks[height]
    },
    tx(txid: string): TxRecord | undefined {
      return txs.get(txid)
    },
    mempoolTxids(): readonly string[] {
      return [...mempool]
    },
    /** The transactions paying or spending `script`, oldest first. */
    txidsForScript(script: Uint8Array): readonly string[] {
      return byScript.get(hex(script)) ?? []
    },
    /** Unspent outputs paying `script` (including those created by mempool transactions, as Esplora lists them). */
    utxosForScript(script: Uint8Array): Utxo[] {
      const key = hex(script)
      const found: Utxo[] = []
      for (const txid of byScript.get(key) ?? []) {
        txs.get(txid)!.tx.outs.forEach((output, vout) => {
          const utxo = utxos.get(outpointKey(txid, vout))
          if (utxo && hex(output.script) === key) found.push(utxo)
        })
      }
      return found
    },
    /** The txid spending an outpoint, if any. */
    spender(txid: string, vout: number): string | undefined {
      return spentBy.get(outpointKey(txid, vout))
    },
  }
}
