// The contract's reference checks: what a well-formed answer of the balance, price and history endpoints is,
// field by field (SPEC §3 and §7; the open details as Reown's Blockchain API answers them). The stand-in's own
// answers must pass them without a problem; @latchkey/core's client applies the same rules (kit-core/src/services/
// validate-chain.ts and validate-history.ts), which the shared fixtures (fixtures.ts) hold both sides to.

export type ContractEndpoint = 'balance' | 'price' | 'history'

export interface CheckOptions {
  /** Accept image URLs on this machine (the stand-in serves its icons from 127.0.0.1). Default false. */
  allowLocalImages?: boolean
}

type Json = Record<string, unknown>
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Transaction statuses: the indexer's, and the onramp provider's (SPEC §3 coinbaseTransactions). */
const TRANSACTION_STATUSES = [
  'confirmed',
  'failed',
  'pending',
  'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  'ONRAMP_TRANSACTION_STATUS_FAILED',
] as const
const TRANSFER_DIRECTIONS = ['in', 'out', 'self'] as const

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
const DECIMALS = /^\d{1,3}$/
const NUMERIC = /^\d{1,78}(\.\d{1,78})?$/
const OPERATION = /^[a-z][a-z_]{0,31}$/
const ITEM_ID = /^[\x21-\x7e]{1,256}$/
const HASH = /^[0-9A-Za-z]{1,128}$/
const ADDRESS_TEXT = /^[0-9A-Za-z:._-]{0,128}$/
const CURSOR = /^[\x21-\x7e]{1,2048}$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: a URL with blanks or control characters is refused
const URL_BLANK = /[\s\u0000-\u001f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: text with control or bidi characters is not plain text
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/

/** Plain text to show: a non-empty string of at most `max` characters, without control or bidi characters. */
function isText(value: unknown, max: number): boolean {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    Array.from(value).length <= max &&
    !NOT_PLAIN.test(value)
  )
}

const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0
const absentOr = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value)

function isImageUrl(value: unknown, options: CheckOptions): boolean {
  if (typeof value !== 'string' || value.length > 65_536 || URL_BLANK.test(value)) return false
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return true
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password || !url.hostname) return false
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname)
  if (local)
    return options.allowLocalImages === true && (url.protocol === 'http:' || url.protocol === 'https:')
  return url.protocol === 'https:'
}

/** The problems of one token balance entry (SPEC §3 "Token balance"). */
function balanceProblems(entry: unknown, options: CheckOptions): string[] {
  if (!isRecord(entry)) return ['not an object']
  const problems: string[] = []
  if (!isText(entry.name, 64)) problems.push('name: not plain text of 1 to 64 characters')
  if (!isText(entry.symbol, 24)) problems.push('symbol: not plain text of 1 to 24 characters')
  if (typeof entry.chainId !== 'string' || !CAIP2.test(entry.chainId))
    problems.push('chainId: not a CAIP-2 id')
  if (entry.address !== undefined) {
    const address = entry.address
    if (typeof address !== 'string' || !CAIP10.test(address)) problems.push('address: not a CAIP-10 address')
    else if (!address.startsWith(`${String(entry.chainId)}:`))
      problems.push('address: on another chain than chainId')
  }
  if (!absentOr(entry.value, isAmount)) problems.push('value: not an amount')
  if (!absentOr(entry.price, isAmount)) problems.push('price: not an amount')
  const quantity = entry.quantity
  if (!isRecord(quantity)) problems.push('quantity: not an object')
  else {
    const { decimals, numeric } = quantity
    if (typeof decimals !== 'string' || !DECIMALS.test(decimals) || Number(decimals) === 0) {
      problems.push(
        'quantity.decimals: not a decimal count of 1 to 999 (zero-decimal entries are dropped, SPEC §5)',
      )
    }
    if (typeof numeric !== 'string' || !NUMERIC.test(numeric))
      problems.push('quantity.numeric: not a decimal')
  }
  if (!absentOr(entry.iconUrl, (url) => isImageUrl(url, options)))
    problems.push('iconUrl: not a safe image URL')
  return problems
}

/** The problems of one price entry (Reown's FungiblePriceItem; `price` absent when none is known). */
function priceProblems(entry: unknown, options: CheckOptions): string[] {
  if (!isRecord(entry)) return ['not an object']
  const problems: string[] = []
  if (typeof entry.address !== 'string' || !CAIP10.test(entry.address)) problems.push('address: not CAIP-10')
  if (!isText(entry.name, 64)) problems.push('name: not plain text of 1 to 64 characters')
  if (!isText(entry.symbol, 24)) problems.push('symbol: not plain text of 1 to 24 characters')
  if (!absentOr(entry.price, isAmount)) problems.push('price: not an amount')
  const decimals = entry.decimals
  if (!absentOr(decimals, (d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 255)) {
    problems.push('decimals: not an integer from 0 to 255')
  }
  if (!absentOr(entry.iconUrl, (url) => isImageUrl(url, options)))
    problems.push('iconUrl: not a safe image URL')
  return problems
}

function transferProblems(transfer: unknown, options: CheckOptions): string[] {
  if (!isRecord(transfer)) return ['not an object']
  const problems: string[] = []
  if (!(TRANSFER_DIRECTIONS as readonly unknown[]).includes(transfer.direction))
    problems.push('direction: not in, out or self')
  const quantity = transfer.quantity
  if (!isRecord(quantity) || typeof quantity.numeric !== 'string' || !NUMERIC.test(quantity.numeric)) {
    problems.push('quantity.numeric: not a decimal')
  }
  if (!absentOr(transfer.value, isAmount)) problems.push('value: not an amount')
  if (!absentOr(transfer.price, isAmount)) problems.push('price: not an amount')
  const fungible = transfer.fungible_info
  if (fungible !== undefined) {
    if (!isRecord(fungible)) problems.push('fungible_info: not an object')
    else {
      if (!absentOr(fungible.name, (v) => isText(v, 64))) problems.push('fungible_info.name: not plain text')
      if (!absentOr(fungible.symbol, (v) => isText(v, 24)))
        problems.push('fungible_info.symbol: not plain text')
      const icon = fungible.icon
      if (icon !== undefined && !(isRecord(icon) && isImageUrl(icon.url, options))) {
        problems.push('fungible_info.icon: not a safe image URL')
      }
    }
  }
  const nft = transfer.nft_info
  if (nft !== undefined) {
    if (!isRecord(nft)) problems.push('nft_info: not an object')
    else {
      if (!absentOr(nft.name, (v) => isText(v, 64))) problems.push('nft_info.name: not plain text')
      if (!isRecord(nft.flags) || typeof nft.flags.is_spam !== 'boolean')
        problems.push('nft_info.flags.is_spam: not a boolean')
      const preview = isRecord(nft.content) ? nft.content.preview : undefined
      if (nft.content !== undefined && !isRecord(nft.content))
        problems.push('nft_info.content: not an object')
      if (preview !== undefined && !(isRecord(preview) && isImageUrl(preview.url, options))) {
        problems.push('nft_info.content.preview: not a safe image URL')
      }
    }
  }
  return problems
}

/** The problems of one history item (SPEC §3 "Transaction"). */
export function transactionProblems(item: unknown, options: CheckOptions = {}): string[] {
  if (!isRecord(item)) return ['not an object']
  const problems: string[] = []
  if (typeof item.id !== 'string' || !ITEM_ID.test(item.id))
    problems.push('id: not 1 to 256 printable characters')
  const metadata = item.metadata
  if (!isRecord(metadata)) return [...problems, 'metadata: not an object']
  const { operationType, hash, minedAt, chain, status, sentFrom, sentTo, nonce } = metadata
  if (typeof operationType !== 'string' || !OPERATION.test(operationType))
    problems.push('metadata.operationType: not an operation type')
  if (!absentOr(hash, (v) => typeof v === 'string' && HASH.test(v)))
    problems.push('metadata.hash: not a hash')
  if (typeof minedAt !== 'string' || minedAt.length > 64 || !Number.isFinite(Date.parse(minedAt)))
    problems.push('metadata.minedAt: not a date')
  if (!absentOr(chain, (v) => typeof v === 'string' && CAIP2.test(v)))
    problems.push('metadata.chain: not a CAIP-2 id')
  if (!(TRANSACTION_STATUSES as readonly unknown[]).includes(status))
    problems.push('metadata.status: not a known status')
  for (const [name, value] of [
    ['sentFrom', sentFrom],
    ['sentTo', sentTo],
  ] as const) {
    if (typeof value !== 'string' || !ADDRESS_TEXT.test(value))
      problems.push(`metadata.${name}: not an address`)
  }
  if (!absentOr(nonce, (v) => Number.isSafeInteger(v) && (v as number) >= 0))
    problems.push('metadata.nonce: not a nonce')
  if (!Array.isArray(item.transfers)) problems.push('transfers: not a list')
  else
    item.transfers.forEach((t, i) => {
      for (const problem of transferProblems(t, options)) problems.push(`transfers[${i}].${problem}`)
    })
  return problems
}

const LISTS: Record<ContractEndpoint, string> = { balance: 'balances', price: 'fungibles', history: 'data' }
const ITEM_CHECKS: Record<ContractEndpoint, (item: unknown, options: CheckOptions) => string[]> = {
  balance: balanceProblems,
  price: priceProblems,
  history: transactionProblems,
}

/**
 * Everything wrong with an answer of `endpoint`, one line each (`data[2].metadata.minedAt: not a date`); empty for a
 * well-formed answer. What the kit does with each problem (refuse the answer, drop the item, remove the field) is
 * the fixtures' `outcome`.
 */
export function contractProblems(
  endpoint: ContractEndpoint,
  body: unknown,
  options: CheckOptions = {},
): string[] {
  if (!isRecord(body)) return ['the answer is not a JSON object']
  const list = body[LISTS[endpoint]]
  if (!Array.isArray(list)) return [`${LISTS[endpoint]}: not a list`]
  const problems: string[] = []
  if (
    endpoint === 'history' &&
    !absentOr(body.next, (v) => v === null || (typeof v === 'string' && CURSOR.test(v)))
  ) {
    problems.push('next: neither null nor a cursor')
  }
  list.forEach((item, index) => {
    for (const problem of ITEM_CHECKS[endpoint](item, options))
      problems.push(`${LISTS[endpoint]}[${index}].${problem}`)
  })
  return problems
}
