/**
 * The Solana methods' approvals: solana_signMessage, and the transactions of solana_signTransaction,
 * solana_signAndSendTransaction and solana_signAllTransactions (wire bytes in base64, legacy or v0, decoded by the
 * Solana codecs), summarised instruction by instruction. Amounts are exact decimals (bigint, never floats).
 */
import {
  type CompiledTransactionMessage,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getU32Decoder,
  getU64Decoder,
  isAddress,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { formatUnits } from 'viem'
import { base58Decode, base64Decode } from './bytes.js'
import { bytesRow, describeMessage } from './message.js'
import type { ApprovalChain, ApprovalRow, ApprovalSection, ApprovalSummary, DescribeInput } from './model.js'
import { fail, isRecord, nativeAmount, networkName, row } from './model.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])

/** The name shown for an account a v0 transaction loads from an address lookup table. */
const LOOKUP_ACCOUNT = 'account from a lookup table'
/** At most this many transactions in one solana_signAllTransactions. */
const MAX_TRANSACTIONS = 100
/** The longest base64 transaction taken (a transaction is at most 1,232 bytes: 1,644 characters). */
const MAX_TRANSACTION_CHARS = 4_096
/** The longest base58 message taken. */
const MAX_MESSAGE_CHARS = 20_000
const MAX_U64 = 2n ** 64n - 1n

const TRANSACTION = getTransactionDecoder()
const MESSAGE = getCompiledTransactionMessageDecoder()
const ADDRESS = getAddressDecoder()
const U32 = getU32Decoder()
const U64 = getU64Decoder()

function paramsObject(params: unknown) {
  if (!isRecord(params)) fail('params', 'must be an object')
  return params
}

function solanaAddress(value: unknown, path: string): string {
  if (typeof value !== 'string' || !isAddress(value)) fail(path, 'must be a Solana address (base58)')
  return value
}

// ---------------------------------------------------------------------------------------------------------------
// solana_signMessage

export function describeSolanaMessage(input: DescribeInput): ApprovalSummary {
  const params = paramsObject(input.params)
  const text = params.message
  const bytes =
    typeof text === 'string' && text.length > 0 && text.length <= MAX_MESSAGE_CHARS
      ? base58Decode(text)
      : undefined
  if (bytes === undefined) {
    fail(
      'params.message',
      `must be base58 text (1 to ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters)`,
    )
  }
  const pubkey = solanaAddress(params.pubkey, 'params.pubkey')
  return describeMessage(input, bytes, pubkey, pubkey !== input.account)
}

// ---------------------------------------------------------------------------------------------------------------
// Transactions

/** A decoded legacy or v0 transaction message (version 1 is refused: the signer does not take it). */
type Message = LegacyCompiledTransactionMessage | V0CompiledTransactionMessage

function readTransaction(value: unknown, path: string): Message {
  const bytes =
    typeof value === 'string' && value.length > 0 && value.length <= MAX_TRANSACTION_CHARS
      ? base64Decode(value)
      : undefined
  if (bytes === undefined) fail(path, 'must be a transaction in base64')
  let message: CompiledTransactionMessage
  try {
    message = MESSAGE.decode(TRANSACTION.decode(bytes).messageBytes)
  } catch {
    fail(path, 'is not a Solana transaction')
  }
  if (message.version !== 'legacy' && message.version !== 0) {
    fail(path, `is a version ${message.version} transaction: only legacy and version 0 are taken`)
  }
  return message
}

/** One instruction as shown: a title and rows, and what it warns of. */
interface Described {
  title: string
  rows: ApprovalRow[]
  warnings: string[]
}

interface Context {
  chain: ApprovalChain
  account: string
  /** An account of the instruction by its position, or {@link LOOKUP_ACCOUNT}. */
  accountAt(position: number): string
}

/** Rows of the instruction's accounts, by position: `labels[0]` is its first account. */
const accountRows = (labels: string[], accountAt: (position: number) => string) =>
  labels.map((label, position) => row(label, accountAt(position), true))

function describeSystem(data: Uint8Array, context: Context): Described | undefined {
  if (data.length < 4) return undefined
  const tag = U32.decode(data)
  const { accountAt, chain } = context
  if (tag === 2 && data.length === 12) {
    const rows = accountRows(['From', 'To'], accountAt)
    rows.push(row('Amount', nativeAmount(U64.decode(data, 4), chain), true))
    return { title: `Transfer ${chain.nativeSymbol}`, rows, warnings: [] }
  }
  if (tag === 0 && data.length === 52) {
    const lamports = U64.decode(data, 4)
    const rows = accountRows(['Funded by', 'New account'], accountAt)
    rows.push(
      row('Lamports', `${lamports} (${nativeAmount(lamports, chain)})`, true),
      row('Space', `${U64.decode(data, 12)} bytes`, true),
      row('Owner program', ADDRESS.decode(data, 20), true),
    )
    return { title: 'Create an account', rows, warnings: [] }
  }
  if (tag === 1 && data.length === 36) {
    const owner = ADDRESS.decode(data, 4)
    const target = accountAt(0)
    return {
      title: 'Assign an account to a program',
      rows: [row('Account', target, true), row('New owner program', owner, true)],
      warnings: target === context.account ? [`This account is handed to the program ${owner}`] : [],
    }
  }
  return undefined
}

/**
 * SPL Token's Transfer (3) and Approve (4), and their checked forms (12, 13), which take the mint as their second
 * account and the decimals after the amount.
 */
function describeTokenAmount(data: Uint8Array, context: Context): Described | undefined {
  const tag = data[0] ?? 0
  const checked = tag === 12 || tag === 13
  const kind = checked ? tag - 9 : tag
  if ((kind !== 3 && kind !== 4) || data.length !== (checked ? 10 : 9)) return undefined
  const { accountAt } = context
  /** The account at the position it has in the unchecked form. */
  const at = (position: number) => accountAt(checked && position > 0 ? position + 1 : position)
  const amount = U64.decode(data, 1)
  const decimals = data[9] ?? 0
  const amountRow = checked
    ? row('Amount', `${formatUnits(amount, decimals)} (${decimals} decimals)`, true)
    : row('Amount (token units)', amount.toString(), true)
  if (kind === 3) {
    const rows = accountRows(['From token account'], at)
    if (checked) rows.push(row('Mint', accountAt(1), true))
    rows.push(row('To token account', at(1), true), row('Owner', at(2), true), amountRow)
    return { title: 'Token transfer', rows, warnings: [] }
  }
  const rows = [...accountRows(['Token account', 'Delegate', 'Owner'], at), amountRow]
  return { title: 'Token approval', rows, warnings: amount === MAX_U64 ? ['Unlimited token approval'] : [] }
}

const AUTHORITY_TYPES = ['mint tokens', 'freeze accounts', 'owner', 'close the account']

function describeToken(data: Uint8Array, context: Context): Described | undefined {
  if (data[0] !== 6 || data.length < 3) return describeTokenAmount(data, context)
  const authorityType = AUTHORITY_TYPES[data[1] ?? 9] ?? `type ${data[1]}`
  const next = data[2] === 1 && data.length >= 35 ? ADDRESS.decode(data, 3) : 'nobody'
  return {
    title: 'Change a token authority',
    rows: [
      row('Account', context.accountAt(0), true),
      row('Authority', authorityType),
      row('New authority', next, true),
    ],
    warnings: [`A token authority (${authorityType}) is handed to ${next}`],
  }
}

function describeAssociatedToken(data: Uint8Array, context: Context): Described | undefined {
  if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1)) return undefined
  return {
    title: data[0] === 1 ? 'Create a token account (if missing)' : 'Create a token account',
    rows: accountRows(['Payer', 'Token account', 'Owner', 'Mint'], context.accountAt),
    warnings: [],
  }
}

function describeComputeBudget(data: Uint8Array): Described | undefined {
  let budget: ApprovalRow | undefined
  if (data[0] === 2 && data.length === 5) budget = row('Unit limit', U32.decode(data, 1).toString(), true)
  if (data[0] === 3 && data.length === 9)
    budget = row('Unit price', `${U64.decode(data, 1)} micro-lamports`, true)
  return budget && { title: 'Compute budget', rows: [budget], warnings: [] }
}

function describeMemo(data: Uint8Array): Described {
  const memo = bytesRow('Memo', data)
  return { title: 'Memo', rows: [memo.row], warnings: memo.warnings }
}

function describeInstruction(program: string, data: Uint8Array, context: Context): Described {
  let described: Described | undefined
  if (program === SYSTEM_PROGRAM) described = describeSystem(data, context)
  else if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM)
    described = describeToken(data, context)
  else if (program === ASSOCIATED_TOKEN_PROGRAM) described = describeAssociatedToken(data, context)
  else if (program === COMPUTE_BUDGET_PROGRAM) described = describeComputeBudget(data)
  else if (MEMO_PROGRAMS.has(program)) described = describeMemo(data)
  return (
    described ?? {
      title: 'Program call',
      rows: [row(`Program ${program}`, `${data.length} bytes of data`, true)],
      warnings: [],
    }
  )
}

/** One transaction's sections and warnings; `number` (1-based) when it is one of several. */
function describeTransaction(
  message: Message,
  input: DescribeInput,
  number: number | undefined,
): { sections: ApprovalSection[]; warnings: string[] } {
  const keys = message.staticAccounts
  const keyAt = (index: number | undefined) =>
    index === undefined ? 'missing account' : (keys[index] ?? LOOKUP_ACCOUNT)
  const feePayer = keyAt(0)
  const warnings: string[] = []
  if (feePayer !== input.account) warnings.push(`The fee payer is another account (${feePayer})`)
  const signers: readonly string[] = keys.slice(0, message.header.numSignerAccounts)
  if (!signers.includes(input.account))
    warnings.push("The transaction does not ask for this account's signature")
  const prefix = number === undefined ? '' : `Transaction ${number}, `
  const overview = [
    row('Fee payer', feePayer, true),
    row('Network', networkName(input.chain)),
    row('Format', message.version === 'legacy' ? 'legacy' : `version ${message.version}`),
  ]
  const tables = message.version === 0 ? (message.addressTableLookups ?? []) : []
  if (tables.length > 0) {
    const lines = tables.map(
      (table) =>
        `${table.lookupTableAddress} (${table.writableIndexes.length + table.readonlyIndexes.length} accounts)`,
    )
    overview.push(row('Lookup tables', lines.join('\n'), true))
  }
  if (message.instructions.length === 0) overview.push(row('Instructions', 'none'))
  const sections: ApprovalSection[] = [
    { title: number === undefined ? 'Transaction' : `Transaction ${number}`, rows: overview },
  ]
  message.instructions.forEach((instruction, index) => {
    const context: Context = {
      chain: input.chain,
      account: input.account,
      accountAt: (position) => keyAt(instruction.accountIndices?.[position]),
    }
    const data = Uint8Array.from(instruction.data ?? [])
    const described = describeInstruction(keyAt(instruction.programAddressIndex), data, context)
    sections.push({ title: `${prefix}Instruction ${index + 1}: ${described.title}`, rows: described.rows })
    warnings.push(...described.warnings)
  })
  return { sections, warnings }
}

function describeTransactions(input: DescribeInput, messages: Message[], title: string): ApprovalSummary {
  const sections: ApprovalSection[] = []
  const warnings = new Set<string>()
  messages.forEach((message, index) => {
    const described = describeTransaction(message, input, messages.length > 1 ? index + 1 : undefined)
    sections.push(...described.sections)
    for (const warning of described.warnings) warnings.add(warning)
  })
  return { method: input.method, title, sections, warnings: [...warnings] }
}

export function describeSolanaTransaction(input: DescribeInput): ApprovalSummary {
  const params = paramsObject(input.params)
  const message = readTransaction(params.transaction, 'params.transaction')
  const title =
    input.method === 'solana_signAndSendTransaction'
      ? 'Sign and send a Solana transaction'
      : 'Sign a Solana transaction'
  return describeTransactions(input, [message], title)
}

export function describeSolanaTransactions(input: DescribeInput): ApprovalSummary {
  const params = paramsObject(input.params)
  const list = params.transactions
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TRANSACTIONS) {
    fail('params.transactions', `must be an array of 1 to ${MAX_TRANSACTIONS} transactions`)
  }
  const messages = list.map((each: unknown, index) => readTransaction(each, `params.transactions[${index}]`))
  const count = messages.length
  return describeTransactions(input, messages, `Sign ${count} Solana transaction${count === 1 ? '' : 's'}`)
}
