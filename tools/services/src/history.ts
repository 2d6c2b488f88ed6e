// GET /v1/account/{account}/history: one page of an address's transactions, newest first, in SPEC §3's Transaction
// shape (Reown's HistoryTransaction): what the indexer read from the chains followed now (their current genesis
// only) merged with the items the control API added for the project, by one sort key (time, then position).
import type { Database, SqlParam } from '@latchkey/service-db'
import { assetKey, formatUnits, tokenIconUrl } from './assets.js'
import type { AssetCatalog } from './prices.js'
import { pricesOf } from './prices.js'

/** Items per page. */
export const HISTORY_PAGE_SIZE = 50
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** Where a page ends: the last item's sort key. Opaque to clients (base64url JSON). */
export interface Cursor {
  ms: number
  key: string
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.ms, cursor.key])).toString('base64url')
}

/** The cursor a `next` encoded; undefined for anything else. */
export function decodeCursor(text: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(text)) return undefined
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (!Array.isArray(value) || value.length !== 2) return undefined
    const [ms, key] = value as [unknown, unknown]
    if (!Number.isSafeInteger(ms) || typeof key !== 'string' || key.length === 0 || key.length > 300)
      return undefined
    return { ms: ms as number, key }
  } catch {
    return undefined
  }
}

interface HistoryTransfer {
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string } }
  nft_info?: unknown
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  value?: number
  price?: number
}

export interface HistoryItem {
  id: string
  metadata: {
    operationType: string
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: string
    nonce: number
    chain: string
  }
  transfers: HistoryTransfer[]
}

export interface HistoryRequest {
  /** Lowercase for an EVM address. */
  address: string
  projectId: string
  chainId?: string | undefined
  cursor?: Cursor | undefined
}

interface PageRow {
  chain: number | null
  tx_hash: string | null
  item: HistoryItem | null
  sort_ms: string
  sort_key: string
}

interface TransactionRecord {
  chain: number
  tx_hash: string
  caip2: string
  mined_at: Date
  sent_from: string
  sent_to: string | null
  created: string | null
  nonce: string
  status: string
  kind: string
}

interface TransferRecord {
  chain: number
  tx_hash: string
  asset: string
  sent_from: string
  sent_to: string
  amount: string
  name: string | null
  symbol: string | null
  decimals: number | null
}

/** The operation from `address`'s point of view (Zerion's operation types, as the Reown API reports them). */
function operationType(
  address: string,
  tx: TransactionRecord,
  transfers: readonly HistoryTransfer[],
): string {
  if (tx.kind === 'deploy' && tx.sent_from === address) return 'deploy'
  if (transfers.length > 0) {
    const out = transfers.some((t) => t.direction !== 'in')
    const into = transfers.some((t) => t.direction === 'in')
    if (out && into) return 'trade'
    return out ? 'send' : 'receive'
  }
  if (tx.kind === 'call') return 'execute'
  return tx.sent_from === address ? 'send' : 'receive'
}

/** One page: up to {@link HISTORY_PAGE_SIZE} items and the cursor of the next page (null on the last one). */
export async function readHistory(
  db: Database,
  context: { chainKeys: readonly number[]; catalog: AssetCatalog; baseUrl: string },
  request: HistoryRequest,
): Promise<{ data: HistoryItem[]; next: string | null }> {
  const params: SqlParam[] = [request.address, [...context.chainKeys], request.projectId]
  let where = ''
  if (request.chainId !== undefined) {
    params.push(request.chainId)
    where += ` AND caip2 = $${params.length}`
  }
  if (request.cursor) {
    params.push(request.cursor.ms, request.cursor.key)
    where += ` AND (sort_ms, sort_key) < ($${params.length - 1}, $${params.length})`
  }
  const order = `ORDER BY sort_ms DESC, sort_key DESC LIMIT ${HISTORY_PAGE_SIZE + 1}`
  const page = await db.query<PageRow>(
    `(SELECT chain, tx_hash, NULL::jsonb AS item, sort_ms, sort_key FROM activity
       WHERE address = $1 AND chain = ANY($2::int[])${where} ${order})
     UNION ALL
     (SELECT NULL, NULL, item, sort_ms, sort_key FROM extra_items
       WHERE project_id = $3 AND address = $1${where} ${order})
     ${order}`,
    params,
  )
  const rows = page.rows.slice(0, HISTORY_PAGE_SIZE)
  const last = rows.at(-1)
  const next =
    page.rows.length > HISTORY_PAGE_SIZE && last
      ? encodeCursor({ ms: Number(last.sort_ms), key: last.sort_key })
      : null
  const indexed = await renderIndexed(db, context, request, rows)
  const data = rows
    .map((row) => row.item ?? indexed.get(`${row.chain}:${row.tx_hash}`))
    .filter((item): item is HistoryItem => item !== undefined)
  return { data, next }
}

/** The indexed items of a page, by `<chain key>:<tx hash>`. */
async function renderIndexed(
  db: Database,
  context: { catalog: AssetCatalog; baseUrl: string },
  request: HistoryRequest,
  rows: readonly PageRow[],
): Promise<Map<string, HistoryItem>> {
  const items = new Map<string, HistoryItem>()
  const wanted = rows.filter((row) => row.tx_hash !== null)
  if (wanted.length === 0) return items
  const chains = [...new Set(wanted.map((row) => row.chain as number))]
  const hashes = [...new Set(wanted.map((row) => row.tx_hash as string))]
  const [txs, transfers] = await Promise.all([
    db.query<TransactionRecord>(
      `SELECT t.chain, t.tx_hash, c.caip2, t.mined_at, t.sent_from, t.sent_to, t.created, t.nonce, t.status,
         t.kind
       FROM transactions t JOIN chains c ON c.id = t.chain
       WHERE t.chain = ANY($1::int[]) AND t.tx_hash = ANY($2::text[])`,
      [chains, hashes],
    ),
    db.query<TransferRecord>(
      `SELECT f.chain, f.tx_hash, f.asset, f.sent_from, f.sent_to, f.amount, k.name, k.symbol, k.decimals
       FROM transfers f LEFT JOIN tokens k ON k.chain = f.chain AND k.address = f.asset
       WHERE f.chain = ANY($1::int[]) AND f.tx_hash = ANY($2::text[])
         AND (f.sent_from = $3 OR f.sent_to = $3)
       ORDER BY f.transfer_index`,
      [chains, hashes, request.address],
    ),
  ])
  const caip2Of = new Map(txs.rows.map((tx) => [`${tx.chain}:${tx.tx_hash}`, tx.caip2]))
  const keyOf = (t: TransferRecord) =>
    assetKey(caip2Of.get(`${t.chain}:${t.tx_hash}`) ?? '', t.asset === 'native' ? undefined : t.asset)
  const prices = await pricesOf(db, request.projectId, transfers.rows.map(keyOf))
  const byTx = new Map<string, HistoryTransfer[]>()
  for (const t of transfers.rows) {
    const key = keyOf(t)
    const meta =
      context.catalog.get(key)?.meta ??
      (t.decimals === null
        ? undefined
        : { name: t.name ?? t.symbol ?? 'Token', symbol: t.symbol ?? '', decimals: t.decimals })
    if (!meta) continue // not a token whose amounts can be read
    const numeric = formatUnits(BigInt(t.amount), meta.decimals)
    const price = prices.get(key)
    const mine = t.sent_from === request.address
    const transfer: HistoryTransfer = {
      fungible_info: {
        name: meta.name,
        symbol: meta.symbol,
        ...(meta.symbol ? { icon: { url: tokenIconUrl(context.baseUrl, meta.symbol) } } : {}),
      },
      direction: mine && t.sent_to === request.address ? 'self' : mine ? 'out' : 'in',
      quantity: { numeric },
      ...(price !== undefined ? { value: Number(numeric) * price, price } : {}),
    }
    const list = byTx.get(`${t.chain}:${t.tx_hash}`) ?? []
    list.push(transfer)
    byTx.set(`${t.chain}:${t.tx_hash}`, list)
  }
  for (const tx of txs.rows) {
    const key = `${tx.chain}:${tx.tx_hash}`
    const mine = byTx.get(key) ?? []
    items.set(key, {
      id: `${tx.caip2}:${tx.tx_hash}`,
      metadata: {
        operationType: operationType(request.address, tx, mine),
        hash: tx.tx_hash,
        minedAt: tx.mined_at.toISOString(),
        sentFrom: tx.sent_from,
        sentTo: tx.sent_to ?? tx.created ?? ZERO_ADDRESS,
        status: tx.status,
        nonce: Number(tx.nonce),
        chain: tx.caip2,
      },
      transfers: mine,
    })
  }
  return items
}
