// One EVM block as the indexer stores it: its transactions (status from the receipts), their transfers (the native
// value and the ERC-20 Transfer logs) and who took part in each, written in one database transaction with the
// chain's new last-block marker, so a crash never leaves a block half-written.
import type { Queryable } from '@latchkey/service-db'

/** topic0 of the ERC-20 (and ERC-721) `Transfer(address,address,uint256)` event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

const HASH = /^0x[0-9a-fA-F]{64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** A block as `eth_getBlockByNumber(n, true)` answers it (the fields the indexer reads). */
export interface RpcBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: unknown[]
}

interface TransactionRow {
  hash: string
  index: number
  from: string
  to: string | null
  created: string | null
  nonce: string
  status: 'confirmed' | 'failed'
  kind: 'transfer' | 'call' | 'deploy'
}

interface TransferRow {
  hash: string
  index: number
  /** 'native' or the token contract (lowercase). */
  asset: string
  from: string
  to: string
  amount: bigint
}

/** What the indexer writes for one block. */
export interface BlockRows {
  number: number
  hash: string
  parentHash: string
  minedAt: Date
  transactions: TransactionRow[]
  transfers: TransferRow[]
  /** [address, tx hash] pairs: who took part in which transaction. */
  activity: [string, string][]
}

function field(record: unknown, name: string, shape: RegExp, what: string): string {
  const value = (record as Record<string, unknown> | null)?.[name]
  if (typeof value !== 'string' || !shape.test(value)) throw new Error(`${what}: malformed ${name}`)
  return value
}

function optionalAddress(record: unknown, name: string, what: string): string | null {
  const value = (record as Record<string, unknown>)[name]
  return value === null || value === undefined ? null : field(record, name, ADDRESS, what).toLowerCase()
}

/** Checks the block header fields the indexer relies on. @throws naming the malformed field. */
export function checkBlock(block: unknown, number: number): RpcBlock {
  const what = `block ${number}`
  field(block, 'hash', HASH, what)
  field(block, 'parentHash', HASH, what)
  field(block, 'timestamp', QUANTITY, what)
  if (Number(field(block, 'number', QUANTITY, what)) !== number)
    throw new Error(`${what}: another block answered`)
  if (!Array.isArray((block as RpcBlock).transactions)) throw new Error(`${what}: malformed transactions`)
  return block as RpcBlock
}

/** The ERC-20 transfers among a receipt's logs: `Transfer` with two indexed addresses and a 32-byte amount. */
function logTransfers(receipt: unknown, hash: string): TransferRow[] {
  const logs = (receipt as { logs?: unknown }).logs
  if (!Array.isArray(logs)) throw new Error(`receipt of ${hash}: malformed logs`)
  const transfers: TransferRow[] = []
  for (const log of logs as { topics?: unknown; data?: unknown; removed?: unknown }[]) {
    const topics = log.topics
    if (log.removed === true || !Array.isArray(topics) || topics.length !== 3) continue
    if (String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) continue
    if (typeof log.data !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(log.data)) continue
    const [, from, to] = topics.map((topic) => `0x${String(topic).slice(-40)}`.toLowerCase())
    transfers.push({
      hash,
      index: Number(field(log, 'logIndex', QUANTITY, `log of ${hash}`)) + 1,
      asset: field(log, 'address', ADDRESS, `log of ${hash}`).toLowerCase(),
      from: from ?? ZERO_ADDRESS,
      to: to ?? ZERO_ADDRESS,
      amount: BigInt(log.data),
    })
  }
  return transfers
}

/**
 * The rows of one block, from the block with full transactions and the receipts of its transactions (in any
 * order). Failed transactions keep their row (status 'failed') without transfers. @throws naming what is malformed
 * or missing (a receipt, a field).
 */
export function blockRows(block: RpcBlock, receipts: readonly unknown[]): BlockRows {
  const byHash = new Map<string, unknown>()
  for (const receipt of receipts) {
    byHash.set(String((receipt as { transactionHash?: unknown })?.transactionHash).toLowerCase(), receipt)
  }
  const rows: BlockRows = {
    number: Number(block.number),
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    minedAt: new Date(Number(block.timestamp) * 1000),
    transactions: [],
    transfers: [],
    activity: [],
  }
  for (const tx of block.transactions) {
    const hash = field(tx, 'hash', HASH, 'transaction').toLowerCase()
    const what = `transaction ${hash}`
    const receipt = byHash.get(hash)
    if (receipt === undefined) throw new Error(`${what}: no receipt`)
    const from = field(tx, 'from', ADDRESS, what).toLowerCase()
    const to = optionalAddress(tx, 'to', what)
    const created = to === null ? optionalAddress(receipt, 'contractAddress', `receipt of ${hash}`) : null
    const status = (receipt as { status?: unknown }).status
    const input = (tx as { input?: unknown }).input
    const value = BigInt(field(tx, 'value', QUANTITY, what))
    const row: TransactionRow = {
      hash,
      index: Number(field(tx, 'transactionIndex', QUANTITY, what)),
      from,
      to,
      created,
      nonce: BigInt(field(tx, 'nonce', QUANTITY, what)).toString(),
      status: status === '0x0' || status === 0 ? 'failed' : 'confirmed',
      kind: to === null ? 'deploy' : typeof input === 'string' && input.length > 2 ? 'call' : 'transfer',
    }
    rows.transactions.push(row)
    const transfers = row.status === 'failed' ? [] : logTransfers(receipt, hash)
    if (row.status === 'confirmed' && value > 0n && (to ?? created)) {
      transfers.unshift({
        hash,
        index: 0,
        asset: 'native',
        from,
        to: (to ?? created) as string,
        amount: value,
      })
    }
    rows.transfers.push(...transfers)
    const parties = new Set([from, to, created, ...transfers.flatMap((t) => [t.from, t.to])])
    for (const party of parties) {
      if (party !== null && party !== ZERO_ADDRESS) rows.activity.push([party, hash])
    }
  }
  return rows
}

/** The order history pages are read in, within one chain: by block, then by position in the block. */
function sortKey(caip2: string, block: number, txIndex: number): string {
  return `i|${caip2}|${String(block).padStart(16, '0')}|${String(txIndex).padStart(8, '0')}`
}

/** An ERC-20 contract the configuration does not name, as the chain described it. */
export interface TokenRow {
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
}

/**
 * Writes one block's rows and moves the chain's marker from `block.number - 1` to it, through `tx` (one
 * transaction). @throws when the marker is not where it should be (another indexer wrote this chain meanwhile).
 */
export async function writeBlock(
  tx: Queryable,
  chain: { id: number; caip2: string },
  block: BlockRows,
  tokens: readonly TokenRow[],
): Promise<void> {
  const { id, caip2 } = chain
  const moved = await tx.query(
    'UPDATE chains SET last_block = $2, last_hash = $3 WHERE id = $1 AND last_block = $4',
    [id, block.number, block.hash, block.number - 1],
  )
  if (moved.rowCount !== 1) throw new Error(`${caip2}: block ${block.number - 1} is not the last one written`)
  await tx.query('INSERT INTO blocks (chain, number, hash, mined_at) VALUES ($1, $2, $3, $4)', [
    id,
    block.number,
    block.hash,
    block.minedAt,
  ])
  if (tokens.length > 0) {
    await tx.query(
      `INSERT INTO tokens (chain, address, name, symbol, decimals)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) ON CONFLICT DO NOTHING`,
      [
        id,
        tokens.map((t) => t.address),
        tokens.map((t) => t.name),
        tokens.map((t) => t.symbol),
        tokens.map((t) => t.decimals),
      ],
    )
  }
  const txs = block.transactions
  if (txs.length === 0) return
  await tx.query(
    `INSERT INTO transactions (chain, block_number, mined_at, tx_hash, tx_index, sent_from, sent_to, created,
       nonce, status, kind)
     SELECT $1, $2, $3, * FROM unnest($4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::bigint[],
       $10::text[], $11::text[])`,
    [
      id,
      block.number,
      block.minedAt,
      txs.map((t) => t.hash),
      txs.map((t) => t.index),
      txs.map((t) => t.from),
      txs.map((t) => t.to),
      txs.map((t) => t.created),
      txs.map((t) => t.nonce),
      txs.map((t) => t.status),
      txs.map((t) => t.kind),
    ],
  )
  const transfers = block.transfers
  if (transfers.length > 0) {
    await tx.query(
      `INSERT INTO transfers (chain, tx_hash, transfer_index, asset, sent_from, sent_to, amount)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::numeric[])`,
      [
        id,
        transfers.map((t) => t.hash),
        transfers.map((t) => t.index),
        transfers.map((t) => t.asset),
        transfers.map((t) => t.from),
        transfers.map((t) => t.to),
        transfers.map((t) => t.amount.toString()),
      ],
    )
  }
  const indexOf = new Map(txs.map((t) => [t.hash, t.index]))
  await tx.query(
    `INSERT INTO activity (chain, caip2, sort_ms, address, tx_hash, sort_key)
     SELECT $1, $2, $3, * FROM unnest($4::text[], $5::text[], $6::text[])`,
    [
      id,
      caip2,
      block.minedAt.getTime(),
      block.activity.map(([address]) => address),
      block.activity.map(([, hash]) => hash),
      block.activity.map(([, hash]) => sortKey(caip2, block.number, indexOf.get(hash) ?? 0)),
    ],
  )
}
