// The Blockchain API's history and price answers, checked as strictly as every service answer (validate.ts): a
// wrong top-level shape refuses the answer, a malformed item is dropped, an unsafe image URL is removed from its
// item, names are cleaned as plain text. Loaded with the Blockchain API client, on its first request.
import { parseCaipAddress } from '../caip/caip.js'
import { ServiceDefaults } from './constants.js'
import { cleanText, type ImagePolicy, isSafeImageUrl } from './sanitize.js'
import type {
  HistoryTransactionStatus,
  TokenPrice,
  Transaction,
  TransactionsPage,
  TransactionTransfer,
} from './types.js'
import { asCaipNetworkId, isRecord, MalformedResponse, record } from './validate.js'

const STATUSES: ReadonlySet<unknown> = new Set<HistoryTransactionStatus>([
  'confirmed',
  'failed',
  'pending',
  'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  'ONRAMP_TRANSACTION_STATUS_FAILED',
])
const DIRECTIONS: ReadonlySet<unknown> = new Set(['in', 'out', 'self'])
const NUMERIC = /^\d{1,78}(\.\d{1,78})?$/
const OPERATION = /^[a-z][a-z_]{0,31}$/
const ITEM_ID = /^[\x21-\x7e]{1,256}$/
const HASH = /^[0-9A-Za-z]{1,128}$/
const ADDRESS_TEXT = /^[0-9A-Za-z:._-]{0,128}$/
const CURSOR = /^[\x21-\x7e]{1,2048}$/

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
/** Absent (undefined or null), or passing `check`. */
const absentOr = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || value === null || check(value)
/** Absent, or a string that cleans to some text. */
const optionalText = (value: unknown) =>
  value === undefined || value === null || cleanText(value) !== undefined

function parseFungible(raw: unknown, images: ImagePolicy): TransactionTransfer['fungible_info'] | null {
  if (!isRecord(raw) || !optionalText(raw.name) || !optionalText(raw.symbol)) return null
  if (!absentOr(raw.icon, isRecord)) return null
  const name = cleanText(raw.name)
  const symbol = cleanText(raw.symbol, ServiceDefaults.maxSymbolLength)
  const icon = isRecord(raw.icon) ? raw.icon.url : undefined
  return {
    ...(name ? { name } : {}),
    ...(symbol ? { symbol } : {}),
    ...(isSafeImageUrl(icon, images) ? { icon: { url: icon } } : {}),
  }
}

function parseNft(raw: unknown, images: ImagePolicy): TransactionTransfer['nft_info'] | null {
  if (!isRecord(raw) || !optionalText(raw.name)) return null
  if (!isRecord(raw.flags) || typeof raw.flags.is_spam !== 'boolean') return null
  if (!absentOr(raw.content, isRecord)) return null
  const name = cleanText(raw.name)
  const preview = isRecord(raw.content) && isRecord(raw.content.preview) ? raw.content.preview.url : undefined
  return {
    ...(name ? { name } : {}),
    flags: { is_spam: raw.flags.is_spam },
    ...(isSafeImageUrl(preview, images) ? { content: { preview: { url: preview } } } : {}),
  }
}

/** One transfer, or null when a field is missing or has the wrong type. */
function parseTransfer(raw: unknown, images: ImagePolicy): TransactionTransfer | null {
  if (!isRecord(raw) || !DIRECTIONS.has(raw.direction) || !isRecord(raw.quantity)) return null
  const numeric = raw.quantity.numeric
  if (typeof numeric !== 'string' || !NUMERIC.test(numeric)) return null
  if (!absentOr(raw.value, isAmount) || !absentOr(raw.price, isAmount)) return null
  const transfer: TransactionTransfer = {
    direction: raw.direction as TransactionTransfer['direction'],
    quantity: { numeric },
  }
  if (raw.fungible_info !== undefined && raw.fungible_info !== null) {
    const fungible = parseFungible(raw.fungible_info, images)
    if (!fungible) return null
    transfer.fungible_info = fungible
  }
  if (raw.nft_info !== undefined && raw.nft_info !== null) {
    const nft = parseNft(raw.nft_info, images)
    if (!nft) return null
    transfer.nft_info = nft
  }
  if (isAmount(raw.value)) transfer.value = raw.value
  if (isAmount(raw.price)) transfer.price = raw.price
  return transfer
}

/** One history item, or undefined when it (or one of its transfers) is malformed. */
function parseTransaction(raw: unknown, images: ImagePolicy): Transaction | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !ITEM_ID.test(raw.id) || !isRecord(raw.metadata)) return
  const { operationType, hash, minedAt, chain, status, sentFrom, sentTo, nonce } = raw.metadata
  if (typeof operationType !== 'string' || !OPERATION.test(operationType)) return
  if (!absentOr(hash, (v) => typeof v === 'string' && HASH.test(v))) return
  if (typeof minedAt !== 'string' || minedAt.length > 64 || !Number.isFinite(Date.parse(minedAt))) return
  const caipNetworkId = asCaipNetworkId(chain)
  if (chain !== undefined && chain !== null && !caipNetworkId) return
  if (!STATUSES.has(status)) return
  if (typeof sentFrom !== 'string' || !ADDRESS_TEXT.test(sentFrom)) return
  if (typeof sentTo !== 'string' || !ADDRESS_TEXT.test(sentTo)) return
  if (!absentOr(nonce, (v) => Number.isSafeInteger(v) && (v as number) >= 0)) return
  const rawTransfers = raw.transfers ?? []
  if (!Array.isArray(rawTransfers)) return
  const transfers = rawTransfers.map((transfer) => parseTransfer(transfer, images))
  if (transfers.some((transfer) => transfer === null)) return
  return {
    id: raw.id,
    metadata: {
      operationType,
      ...(typeof hash === 'string' ? { hash } : {}),
      minedAt,
      ...(caipNetworkId ? { chain: caipNetworkId } : {}),
      status: status as HistoryTransactionStatus,
      sentFrom,
      sentTo,
      ...(typeof nonce === 'number' ? { nonce } : {}),
    },
    transfers: transfers as TransactionTransfer[],
  }
}

/** GET /v1/account/{account}/history: the well-formed items, and the next page's cursor. */
export function parseTransactions(body: unknown, images: ImagePolicy = {}): TransactionsPage {
  const { data, next } = record(body, 'history')
  if (!Array.isArray(data)) throw new MalformedResponse('history: data is not a list')
  if (!absentOr(next, (v) => typeof v === 'string' && CURSOR.test(v))) {
    throw new MalformedResponse('history: next is neither null nor a cursor')
  }
  return {
    data: data
      .map((raw) => parseTransaction(raw, images))
      .filter((item): item is Transaction => item !== undefined),
    ...(typeof next === 'string' ? { next } : {}),
  }
}

function parseTokenPrice(raw: unknown, images: ImagePolicy): TokenPrice | undefined {
  if (!isRecord(raw) || typeof raw.address !== 'string') return undefined
  let network: string
  try {
    network = parseCaipAddress(raw.address).caipNetworkId
  } catch {
    return undefined
  }
  const name = cleanText(raw.name)
  const symbol = cleanText(raw.symbol, ServiceDefaults.maxSymbolLength)
  if (!asCaipNetworkId(network) || !name || !symbol) return undefined
  if (!absentOr(raw.price, isAmount)) return undefined
  const decimals = raw.decimals
  if (!absentOr(decimals, (d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 255)) return
  return {
    address: raw.address,
    name,
    symbol,
    ...(isSafeImageUrl(raw.iconUrl, images) ? { iconUrl: raw.iconUrl } : {}),
    ...(typeof decimals === 'number' ? { decimals } : {}),
    ...(isAmount(raw.price) ? { price: raw.price } : {}),
  }
}

/** POST /v1/fungible/price: the well-formed price entries. */
export function parseTokenPrices(body: unknown, images: ImagePolicy = {}): TokenPrice[] {
  const { fungibles } = record(body, 'price')
  if (!Array.isArray(fungibles)) throw new MalformedResponse('price: fungibles is not a list')
  return fungibles
    .map((raw) => parseTokenPrice(raw, images))
    .filter((price): price is TokenPrice => price !== undefined)
}
