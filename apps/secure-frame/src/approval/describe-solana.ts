/**
 * The Solana methods' approvals: solana_signMessage, and the transactions of solana_signTransaction,
 * solana_signAndSendTransaction and solana_signAllTransactions (wire bytes in base64, legacy or v0), summarised
 * instruction by instruction. Amounts are exact decimals (bigint, never floats).
 */
import { type PublicKey, VersionedTransaction } from '@solana/web3.js'
import { formatUnits } from 'viem'
import {
  base58Decode,
  base58Encode,
  base64Decode,
  hasDeceptiveCharacters,
  readUintLE,
  showBytes,
} from './bytes.js'
import { DECEPTIVE_MESSAGE } from './describe-evm.js'
import {
  type ApprovalChain,
  ApprovalDecodeError,
  type ApprovalRow,
  type ApprovalSection,
  type ApprovalSummary,
  type DescribeInput,
  networkName,
  row,
} from './model.js'

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

type Fields = Record<string, unknown>

function fail(path: string, problem: string): never {
  throw new ApprovalDecodeError(`${path}: ${problem}`)
}

function paramsObject(params: unknown): Fields {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    fail('params', 'must be an object')
  return params as Fields
}

function solanaAddress(value: unknown, path: string): string {
  const bytes = typeof value === 'string' && value.length <= 44 ? base58Decode(value) : undefined
  if (typeof value !== 'string' || bytes?.length !== 32) fail(path, 'must be a Solana address (base58)')
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
  const shown = showBytes(bytes)
  const warnings: string[] = []
  if (pubkey !== input.account) warnings.push(`This message is for another account (${pubkey})`)
  if (shown.kind === 'text' && hasDeceptiveCharacters(shown.value)) warnings.push(DECEPTIVE_MESSAGE)
  return {
    method: input.method,
    title: 'Sign a message',
    sections: [
      {
        title: 'Message',
        rows: [
          shown.kind === 'text' ? row('Message', shown.value) : row('Message (hex)', shown.value, true),
          row('Length', `${bytes.length} bytes`),
          row('Signing account', pubkey, true),
        ],
      },
    ],
    warnings,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Transactions

function readTransaction(value: unknown, path: string): VersionedTransaction {
  const bytes =
    typeof value === 'string' && value.length > 0 && value.length <= MAX_TRANSACTION_CHARS
      ? base64Decode(value)
      : undefined
  if (bytes === undefined) fail(path, 'must be a transaction in base64')
  try {
    return VersionedTransaction.deserialize(bytes)
  } catch {
    fail(path, 'is not a Solana transaction')
  }
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

const sol = (lamports: bigint, chain: ApprovalChain) =>
  `${formatUnits(lamports, chain.nativeDecimals)} ${chain.nativeSymbol}`

function describeSystem(data: Uint8Array, context: Context): Described | undefined {
  if (data.length < 4) return undefined
  const tag = readUintLE(data, 0, 4)
  const { accountAt, chain } = context
  if (tag === 2n && data.length === 12) {
    return {
      title: `Transfer ${chain.nativeSymbol}`,
      rows: [
        row('From', accountAt(0), true),
        row('To', accountAt(1), true),
        row('Amount', sol(readUintLE(data, 4, 8), chain), true),
      ],
      warnings: [],
    }
  }
  if (tag === 0n && data.length === 52) {
    const owner = data.subarray(20, 52)
    return {
      title: 'Create an account',
      rows: [
        row('Funded by', accountAt(0), true),
        row('New account', accountAt(1), true),
        row('Lamports', `${readUintLE(data, 4, 8)} (${sol(readUintLE(data, 4, 8), chain)})`, true),
        row('Space', `${readUintLE(data, 12, 8)} bytes`, true),
        row('Owner program', base58Encode(owner), true),
      ],
      warnings: [],
    }
  }
  if (tag === 1n && data.length === 36) {
    const owner = base58Encode(data.subarray(4, 36))
    const target = accountAt(0)
    return {
      title: 'Assign an account to a program',
      rows: [row('Account', target, true), row('New owner program', owner, true)],
      warnings: target === context.account ? [`This account is handed to the program ${owner}`] : [],
    }
  }
  return undefined
}

function describeToken(data: Uint8Array, context: Context): Described | undefined {
  const tag = data[0]
  const { accountAt } = context
  if (tag === 3 && data.length === 9) {
    return {
      title: 'Token transfer',
      rows: [
        row('From token account', accountAt(0), true),
        row('To token account', accountAt(1), true),
        row('Owner', accountAt(2), true),
        row('Amount (token units)', readUintLE(data, 1, 8).toString(), true),
      ],
      warnings: [],
    }
  }
  if (tag === 12 && data.length === 10) {
    const decimals = data[9] ?? 0
    return {
      title: 'Token transfer',
      rows: [
        row('From token account', accountAt(0), true),
        row('Mint', accountAt(1), true),
        row('To token account', accountAt(2), true),
        row('Owner', accountAt(3), true),
        row('Amount', `${formatUnits(readUintLE(data, 1, 8), decimals)} (${decimals} decimals)`, true),
      ],
      warnings: [],
    }
  }
  if ((tag === 4 && data.length === 9) || (tag === 13 && data.length === 10)) {
    const checked = tag === 13
    const amount = readUintLE(data, 1, 8)
    const ownerAt = checked ? 3 : 2
    const rows = [
      row('Token account', accountAt(0), true),
      row('Delegate', accountAt(checked ? 2 : 1), true),
      row('Owner', accountAt(ownerAt), true),
      checked
        ? row('Amount', `${formatUnits(amount, data[9] ?? 0)} (${data[9] ?? 0} decimals)`, true)
        : row('Amount (token units)', amount.toString(), true),
    ]
    const unlimited = amount === 2n ** 64n - 1n
    return { title: 'Token approval', rows, warnings: unlimited ? ['Unlimited token approval'] : [] }
  }
  if (tag === 6 && data.length >= 3) {
    const authorityType = ['mint tokens', 'freeze accounts', 'owner', 'close the account'][data[1] ?? 9]
    const hasNew = data[2] === 1 && data.length >= 35
    const next = hasNew ? base58Encode(data.subarray(3, 35)) : 'nobody'
    return {
      title: 'Change a token authority',
      rows: [
        row('Account', accountAt(0), true),
        row('Authority', authorityType ?? `type ${data[1]}`),
        row('New authority', next, true),
      ],
      warnings: [`A token authority (${authorityType ?? `type ${data[1]}`}) is handed to ${next}`],
    }
  }
  return undefined
}

function describeAssociatedToken(data: Uint8Array, context: Context): Described | undefined {
  if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1)) return undefined
  const { accountAt } = context
  return {
    title: data[0] === 1 ? 'Create a token account (if missing)' : 'Create a token account',
    rows: [
      row('Payer', accountAt(0), true),
      row('Token account', accountAt(1), true),
      row('Owner', accountAt(2), true),
      row('Mint', accountAt(3), true),
    ],
    warnings: [],
  }
}

function describeComputeBudget(data: Uint8Array): Described | undefined {
  if (data[0] === 2 && data.length === 5) {
    return {
      title: 'Compute budget',
      rows: [row('Unit limit', readUintLE(data, 1, 4).toString(), true)],
      warnings: [],
    }
  }
  if (data[0] === 3 && data.length === 9) {
    return {
      title: 'Compute budget',
      rows: [row('Unit price', `${readUintLE(data, 1, 8)} micro-lamports`, true)],
      warnings: [],
    }
  }
  return undefined
}

function describeMemo(data: Uint8Array): Described {
  const shown = showBytes(data)
  return {
    title: 'Memo',
    rows: [shown.kind === 'text' ? row('Memo', shown.value) : row('Memo (hex)', shown.value, true)],
    warnings: shown.kind === 'text' && hasDeceptiveCharacters(shown.value) ? [DECEPTIVE_MESSAGE] : [],
  }
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

const keyText = (key: PublicKey | undefined) => key?.toBase58() ?? LOOKUP_ACCOUNT

/** One transaction's sections and warnings; `number` (1-based) when it is one of several. */
function describeTransaction(
  transaction: VersionedTransaction,
  input: DescribeInput,
  number: number | undefined,
): { sections: ApprovalSection[]; warnings: string[] } {
  const { message } = transaction
  const keys = message.staticAccountKeys
  const feePayer = keyText(keys[0])
  const warnings: string[] = []
  if (feePayer !== input.account) warnings.push(`The fee payer is another account (${feePayer})`)
  const signers = keys.slice(0, message.header.numRequiredSignatures).map((key) => key.toBase58())
  if (!signers.includes(input.account))
    warnings.push("The transaction does not ask for this account's signature")
  const prefix = number === undefined ? '' : `Transaction ${number}, `
  const overview = [
    row('Fee payer', feePayer, true),
    row('Network', networkName(input.chain)),
    row('Format', message.version === 'legacy' ? 'legacy' : `version ${message.version}`),
  ]
  const tables = message.addressTableLookups
  if (tables.length > 0) {
    overview.push(
      row(
        'Lookup tables',
        tables
          .map(
            (table) =>
              `${table.accountKey.toBase58()} (${table.writableIndexes.length + table.readonlyIndexes.length} accounts)`,
          )
          .join('\n'),
        true,
      ),
    )
  }
  const instructions = message.compiledInstructions
  if (instructions.length === 0) overview.push(row('Instructions', 'none'))
  const sections: ApprovalSection[] = [
    { title: number === undefined ? 'Transaction' : `Transaction ${number}`, rows: overview },
  ]
  instructions.forEach((instruction, index) => {
    const program = keyText(keys[instruction.programIdIndex])
    const context: Context = {
      chain: input.chain,
      account: input.account,
      accountAt: (position) => {
        const keyIndex = instruction.accountKeyIndexes[position]
        return keyIndex === undefined ? 'missing account' : keyText(keys[keyIndex])
      },
    }
    const described = describeInstruction(program, instruction.data, context)
    sections.push({ title: `${prefix}Instruction ${index + 1}: ${described.title}`, rows: described.rows })
    warnings.push(...described.warnings)
  })
  return { sections, warnings }
}

function describeTransactions(
  input: DescribeInput,
  transactions: VersionedTransaction[],
  title: string,
): ApprovalSummary {
  const sections: ApprovalSection[] = []
  const warnings = new Set<string>()
  transactions.forEach((transaction, index) => {
    const described = describeTransaction(transaction, input, transactions.length > 1 ? index + 1 : undefined)
    sections.push(...described.sections)
    for (const warning of described.warnings) warnings.add(warning)
  })
  return { method: input.method, title, sections, warnings: [...warnings] }
}

export function describeSolanaTransaction(input: DescribeInput): ApprovalSummary {
  const params = paramsObject(input.params)
  const transaction = readTransaction(params.transaction, 'params.transaction')
  const title =
    input.method === 'solana_signAndSendTransaction'
      ? 'Sign and send a Solana transaction'
      : 'Sign a Solana transaction'
  return describeTransactions(input, [transaction], title)
}

export function describeSolanaTransactions(input: DescribeInput): ApprovalSummary {
  const params = paramsObject(input.params)
  const list = params.transactions
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TRANSACTIONS) {
    fail('params.transactions', `must be an array of 1 to ${MAX_TRANSACTIONS} transactions`)
  }
  const transactions = list.map((each: unknown, index) =>
    readTransaction(each, `params.transactions[${index}]`),
  )
  const count = transactions.length
  return describeTransactions(
    input,
    transactions,
    `Sign ${count} Solana transaction${count === 1 ? '' : 's'}`,
  )
}
