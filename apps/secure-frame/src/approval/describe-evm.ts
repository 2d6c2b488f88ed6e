/**
 * The EVM methods' approvals: personal_sign, eth_signTypedData_v4, eth_sendTransaction and wallet_sendCalls. Params
 * are read strictly enough that what is shown is what the signer gets: a message in 0x hex is bytes, a quantity is a
 * 0x hex or decimal integer, an address has 40 hex digits.
 */
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  hashTypedData,
  hexToBytes,
  maxUint256,
  type TypedDataDefinition,
  validateTypedData,
} from 'viem'
import { hasDeceptiveCharacters, showBytes, utf8Bytes } from './bytes.js'
import {
  type ApprovalChain,
  ApprovalDecodeError,
  type ApprovalRow,
  type ApprovalSection,
  type ApprovalSummary,
  capText,
  type DescribeInput,
  MAX_LABEL_CHARS,
  networkName,
  quote,
  row,
} from './model.js'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DECIMAL = /^\d{1,78}$/
const TWO_256 = 2n ** 256n

/** At most this many calls in one wallet_sendCalls. */
const MAX_CALLS = 100
/** At most this many rows of typed-data message fields (the last says how many more there are). */
const MAX_TYPED_DATA_ROWS = 200
/** Struct nesting deeper than this is refused. */
const MAX_TYPED_DATA_DEPTH = 32

export const DECEPTIVE_MESSAGE = 'The message contains invisible or direction-changing characters'

type Fields = Record<string, unknown>

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fail(path: string, problem: string): never {
  throw new ApprovalDecodeError(`${path}: ${problem}`)
}

function paramsArray(params: unknown, min: number): unknown[] {
  if (!Array.isArray(params)) fail('params', 'must be an array')
  if (params.length < min) fail('params', `must hold at least ${min} item${min === 1 ? '' : 's'}`)
  return params
}

function address(value: unknown, path: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value))
    fail(path, 'must be an address (0x and 40 hex digits)')
  return getAddress(value)
}

function optionalAddress(value: unknown, path: string): string | undefined {
  return value === undefined || value === null ? undefined : address(value, path)
}

function quantity(value: unknown, path: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) fail(path, 'must be a non-negative integer')
    return BigInt(value)
  }
  if (typeof value !== 'string' || !(HEX_QUANTITY.test(value) || DECIMAL.test(value))) {
    fail(path, 'must be a 0x hex quantity')
  }
  const parsed = BigInt(value)
  if (parsed >= TWO_256) fail(path, 'must be below 2^256')
  return parsed
}

function hexData(value: unknown, path: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !HEX_BYTES.test(value)) {
    fail(path, 'must be 0x and an even number of hex digits')
  }
  return value as Hex
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

function amount(value: bigint, chain: ApprovalChain): string {
  return `${formatUnits(value, chain.nativeDecimals)} ${chain.nativeSymbol}`
}

/** A chain id given as a number, a bigint, or a 0x hex or decimal string; undefined when it is none of these. */
function chainIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && (HEX_QUANTITY.test(value) || DECIMAL.test(value))) return BigInt(value)
  return undefined
}

function isOtherChain(chainId: bigint, chain: ApprovalChain): boolean {
  return !DECIMAL.test(chain.reference) || BigInt(chain.reference) !== chainId
}

// ---------------------------------------------------------------------------------------------------------------
// personal_sign

export function describePersonalSign(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 2)
  const message = params[0]
  if (typeof message !== 'string') fail('params[0]', 'must be a 0x hex string or text')
  const signer = address(params[1], 'params[1]')
  const bytes = HEX_BYTES.test(message) ? hexToBytes(message as Hex) : utf8Bytes(message)
  const shown = showBytes(bytes)
  const warnings: string[] = []
  if (!sameAddress(signer, input.account)) warnings.push(`This message is for another account (${signer})`)
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
          row('Signing account', signer, true),
        ],
      },
    ],
    warnings,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// eth_signTypedData_v4

interface TypedField {
  name: string
  type: string
}
type Types = Record<string, TypedField[]>

function readTypes(value: unknown, path: string): Types {
  if (!isRecord(value)) fail(path, 'must be an object')
  // Own properties only, whatever the names (`__proto__` included): Object.fromEntries defines, never assigns.
  return Object.fromEntries(
    Object.entries(value).map(([name, fields]) => {
      if (!Array.isArray(fields)) fail(`${path}.${quote(name)}`, 'must be an array of fields')
      const struct = fields.map((field: unknown, index): TypedField => {
        if (!isRecord(field) || typeof field.name !== 'string' || typeof field.type !== 'string') {
          fail(`${path}.${quote(name)}[${index}]`, 'must be { name, type } strings')
        }
        return { name: field.name, type: field.type }
      })
      return [name, struct]
    }),
  )
}

/** The rows of a typed-data message: counts every field, keeps the first rows. */
class RowCollector {
  readonly rows: ApprovalRow[] = []
  total = 0
  deceptive = false
  constructor(private readonly limit: number) {}
  add(label: string, value: string, mono?: boolean): void {
    this.total++
    if (this.rows.length < this.limit) this.rows.push(row(label, value, mono))
  }
  /** The rows, at most `limit`: past it, the last one says how many fields are not shown. */
  finish(): ApprovalRow[] {
    if (this.total <= this.limit) return this.rows
    const kept = this.rows.slice(0, this.limit - 1)
    kept.push(row('…', `${this.total - kept.length} more fields`))
    return kept
  }
}

const ARRAY_TYPE = /^(.+)\[(\d*)\]$/

function primitive(type: string, value: unknown): { value: string; mono: boolean } {
  if (type === 'address' && typeof value === 'string') {
    return { value: ADDRESS.test(value) ? getAddress(value) : value, mono: true }
  }
  if (
    /^u?int\d*$/.test(type) &&
    (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string')
  ) {
    try {
      return { value: BigInt(value).toString(), mono: true }
    } catch {
      return { value: String(value), mono: true }
    }
  }
  if (/^bytes\d*$/.test(type) && typeof value === 'string') return { value, mono: true }
  if (typeof value === 'string') return { value, mono: false }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') {
    return { value: String(value), mono: false }
  }
  return { value: JSON.stringify(value) ?? String(value), mono: true }
}

function flatten(
  types: Types,
  type: string,
  value: unknown,
  label: string,
  out: RowCollector,
  depth: number,
  path: string,
): void {
  if (depth > MAX_TYPED_DATA_DEPTH) fail(path, `nests deeper than ${MAX_TYPED_DATA_DEPTH} levels`)
  const array = ARRAY_TYPE.exec(type)
  if (array) {
    const element = array[1] ?? ''
    if (!Array.isArray(value)) fail(path, `must be an array (${quote(type)})`)
    if (value.length === 0) out.add(label, '[] (empty list)', true)
    value.forEach((item, index) => {
      flatten(types, element, item, `${label}[${index}]`, out, depth + 1, `${path}[${index}]`)
    })
    return
  }
  const struct = Object.hasOwn(types, type) ? types[type] : undefined
  if (struct) {
    if (!isRecord(value)) fail(path, `must be an object (${quote(type)})`)
    for (const field of struct) {
      const name = capText(field.name, MAX_LABEL_CHARS)
      flatten(
        types,
        field.type,
        Object.hasOwn(value, field.name) ? value[field.name] : undefined,
        label === '' ? name : `${label}.${name}`,
        out,
        depth + 1,
        `${path}.${name}`,
      )
    }
    return
  }
  const shown = primitive(type, value)
  if (!shown.mono && hasDeceptiveCharacters(shown.value)) out.deceptive = true
  out.add(label, shown.value, shown.mono)
}

/** An EIP-2612, DAI-style or Permit2 permit that allows unlimited spending: the warning, else undefined. */
function unlimitedPermit(primaryType: string, domain: Fields, message: Fields): string | undefined {
  const token = typeof domain.name === 'string' && domain.name !== '' ? quote(domain.name) : 'token'
  const isMax = (value: unknown, max: bigint) => {
    try {
      return (
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') &&
        BigInt(value) >= max
      )
    } catch {
      return false
    }
  }
  if (primaryType === 'Permit') {
    if (isMax(message.value, maxUint256) || message.allowed === true)
      return `Unlimited approval of ${token} spending`
    return undefined
  }
  const maxUint160 = 2n ** 160n - 1n
  const details = message.details
  if (primaryType === 'PermitSingle' && isRecord(details) && isMax(details.amount, maxUint160)) {
    return 'Unlimited approval of token spending (Permit2)'
  }
  if (
    primaryType === 'PermitBatch' &&
    Array.isArray(details) &&
    details.some((each) => isRecord(each) && isMax(each.amount, maxUint160))
  ) {
    return 'Unlimited approval of token spending (Permit2)'
  }
  return undefined
}

export function describeTypedData(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 2)
  const signer = address(params[0], 'params[0]')
  let typedData = params[1]
  if (typeof typedData === 'string') {
    try {
      typedData = JSON.parse(typedData) as unknown
    } catch {
      fail('params[1]', 'is not valid JSON')
    }
  }
  if (!isRecord(typedData)) fail('params[1]', 'must be typed data (an object or its JSON text)')
  const types = readTypes(typedData.types, 'params[1].types')
  const primaryType = typedData.primaryType
  if (typeof primaryType !== 'string' || primaryType === '') fail('params[1].primaryType', 'must be a string')
  if (!Object.hasOwn(types, primaryType))
    fail('params[1].primaryType', `"${quote(primaryType)}" is not in types`)
  const domain = typedData.domain ?? {}
  if (!isRecord(domain)) fail('params[1].domain', 'must be an object')
  const message = typedData.message
  if (primaryType !== 'EIP712Domain' && !isRecord(message)) fail('params[1].message', 'must be an object')
  try {
    const definition = { domain, types, primaryType, message } as unknown as TypedDataDefinition
    validateTypedData(definition)
    hashTypedData(definition)
  } catch (error) {
    fail('params[1]', `invalid typed data: ${quote((error as Error).message.split('\n')[0] ?? '')}`)
  }

  const warnings: string[] = []
  if (!sameAddress(signer, input.account)) warnings.push(`This message is for another account (${signer})`)
  const domainRows: ApprovalRow[] = []
  if (domain.name !== undefined) domainRows.push(row('Name', String(domain.name)))
  if (domain.version !== undefined) domainRows.push(row('Version', String(domain.version)))
  if (domain.chainId !== undefined) {
    const chainId = chainIdOf(domain.chainId)
    domainRows.push(
      row('Chain ID', chainId === undefined ? String(domain.chainId) : chainId.toString(), true),
    )
    if (chainId !== undefined && input.chain.namespace === 'eip155' && isOtherChain(chainId, input.chain)) {
      warnings.push(`The typed data names chain ${chainId}, not ${networkName(input.chain)}`)
    }
  }
  if (domain.verifyingContract !== undefined) {
    const contract = String(domain.verifyingContract)
    domainRows.push(row('Verifying contract', ADDRESS.test(contract) ? getAddress(contract) : contract, true))
  }
  if (domain.salt !== undefined) domainRows.push(row('Salt', String(domain.salt), true))

  const sections: ApprovalSection[] = [{ title: 'Domain', rows: domainRows }]
  if (primaryType !== 'EIP712Domain' && isRecord(message)) {
    const collector = new RowCollector(MAX_TYPED_DATA_ROWS)
    flatten(types, primaryType, message, '', collector, 0, 'params[1].message')
    if (collector.deceptive) warnings.push(DECEPTIVE_MESSAGE)
    sections.push({ title: `Message: ${quote(primaryType)}`, rows: collector.finish() })
    const permit = unlimitedPermit(primaryType, domain, message)
    if (permit) warnings.push(permit)
  }
  sections.push({ title: 'Signer', rows: [row('Signing account', signer, true)] })
  return { method: input.method, title: 'Sign typed data', sections, warnings }
}

// ---------------------------------------------------------------------------------------------------------------
// eth_sendTransaction and wallet_sendCalls

interface DecodedCall {
  /** The call's own rows: To, Value, what its data is. */
  rows: ApprovalRow[]
  /** A decoded ERC-20 call, when the data is one. */
  token?: ApprovalRow[]
  warnings: string[]
  value: bigint
}

/** `data` as an ERC-20 transfer, transferFrom or approve: its rows and warnings, else undefined. */
function decodeTokenCall(to: string, data: Hex): { rows: ApprovalRow[]; warnings: string[] } | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
  const rows = [row('Token contract', to, true), row('Function', decoded.functionName)]
  switch (decoded.functionName) {
    case 'transfer': {
      const [recipient, value] = decoded.args
      rows.push(
        row('Recipient', getAddress(recipient), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: [] }
    }
    case 'transferFrom': {
      const [from, recipient, value] = decoded.args
      rows.push(
        row('From', getAddress(from), true),
        row('Recipient', getAddress(recipient), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: [] }
    }
    case 'approve': {
      const [spender, value] = decoded.args
      rows.push(
        row('Spender', getAddress(spender), true),
        row('Amount (token units)', value.toString(), true),
      )
      return { rows, warnings: value === maxUint256 ? ['Unlimited token approval'] : [] }
    }
    default:
      return undefined
  }
}

function readCall(call: Fields, path: string, chain: ApprovalChain): DecodedCall {
  const to = optionalAddress(call.to, `${path}.to`)
  const value = quantity(call.value, `${path}.value`) ?? 0n
  let data = hexData(call.data, `${path}.data`)
  const input = hexData(call.input, `${path}.input`)
  if (data !== undefined && input !== undefined && data.toLowerCase() !== input.toLowerCase()) {
    fail(path, 'has data and input that differ')
  }
  data ??= input
  const rows: ApprovalRow[] = []
  const warnings: string[] = []
  rows.push(row('To', to ?? 'New contract', to !== undefined))
  if (to === undefined) warnings.push('Contract creation')
  rows.push(row('Value', amount(value, chain), true))
  const size = data === undefined ? 0 : (data.length - 2) / 2
  let token: ApprovalRow[] | undefined
  if (data !== undefined && size > 0) {
    if (to === undefined) {
      rows.push(row('Contract code', `${size} bytes`))
    } else {
      const decoded = size >= 4 ? decodeTokenCall(to, data) : undefined
      if (decoded) {
        token = decoded.rows
        warnings.push(...decoded.warnings)
      } else if (size >= 4) {
        rows.push(
          row('Contract call', `selector ${data.slice(0, 10).toLowerCase()}, ${size} bytes of data`, true),
        )
      } else {
        rows.push(row('Data', `${size} bytes`, true))
      }
    }
  }
  const result: DecodedCall = { rows, warnings, value }
  if (token) result.token = token
  return result
}

export function describeSendTransaction(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 1)
  const tx = params[0]
  if (!isRecord(tx)) fail('params[0]', 'must be a transaction object')
  const from = optionalAddress(tx.from, 'params[0].from')
  const call = readCall(tx, 'params[0]', input.chain)
  const warnings: string[] = []
  if (from !== undefined && !sameAddress(from, input.account)) {
    warnings.push(`This transaction is from another account (${from})`)
  }
  const chainId = quantity(tx.chainId, 'params[0].chainId')
  if (chainId !== undefined && isOtherChain(chainId, input.chain)) {
    warnings.push(`The transaction names chain ${chainId}, not ${networkName(input.chain)}`)
  }
  if (Array.isArray(tx.authorizationList) && tx.authorizationList.length > 0) {
    warnings.push('The transaction delegates this account to a contract (EIP-7702)')
  }
  warnings.push(...call.warnings)
  const rows = [row('From', from ?? getAddressOrRaw(input.account), true), ...call.rows]
  rows.push(row('Network', networkName(input.chain)))
  const gas = quantity(tx.gas, 'params[0].gas')
  const price =
    quantity(tx.maxFeePerGas, 'params[0].maxFeePerGas') ?? quantity(tx.gasPrice, 'params[0].gasPrice')
  quantity(tx.maxPriorityFeePerGas, 'params[0].maxPriorityFeePerGas')
  quantity(tx.nonce, 'params[0].nonce')
  if (gas !== undefined) rows.push(row('Gas limit', gas.toString(), true))
  if (gas !== undefined && price !== undefined)
    rows.push(row('Max network fee', amount(gas * price, input.chain), true))
  const sections: ApprovalSection[] = [{ title: 'Transaction', rows }]
  if (call.token) sections.push({ title: 'Token call', rows: call.token })
  return { method: input.method, title: 'Send a transaction', sections, warnings }
}

function getAddressOrRaw(value: string): string {
  return ADDRESS.test(value) ? getAddress(value) : value
}

export function describeSendCalls(input: DescribeInput): ApprovalSummary {
  const params = paramsArray(input.params, 1)
  const batch = params[0]
  if (!isRecord(batch)) fail('params[0]', 'must be an object with calls')
  if (typeof batch.version !== 'string' || batch.version === '') fail('params[0].version', 'must be a string')
  const from = optionalAddress(batch.from, 'params[0].from')
  const chainId = quantity(batch.chainId, 'params[0].chainId')
  if (batch.atomicRequired !== undefined && typeof batch.atomicRequired !== 'boolean') {
    fail('params[0].atomicRequired', 'must be true or false')
  }
  const calls = batch.calls
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_CALLS) {
    fail('params[0].calls', `must be an array of 1 to ${MAX_CALLS} calls`)
  }
  const warnings: string[] = []
  if (from !== undefined && !sameAddress(from, input.account)) {
    warnings.push(`These calls are from another account (${from})`)
  }
  if (chainId !== undefined && isOtherChain(chainId, input.chain)) {
    warnings.push(`The calls name chain ${chainId}, not ${networkName(input.chain)}`)
  }
  let total = 0n
  const sections: ApprovalSection[] = []
  calls.forEach((call: unknown, index) => {
    const path = `params[0].calls[${index}]`
    if (!isRecord(call)) fail(path, 'must be an object')
    const decoded = readCall(call, path, input.chain)
    total += decoded.value
    for (const warning of decoded.warnings) warnings.push(`${warning} (call ${index + 1})`)
    const rows = [...decoded.rows]
    if (decoded.token) rows.push(...decoded.token.filter((each) => each.label !== 'Token contract'))
    sections.push({ title: `Call ${index + 1}`, rows })
  })
  const overview = [
    row('From', from ?? getAddressOrRaw(input.account), true),
    row('Network', networkName(input.chain)),
    row('Total value', amount(total, input.chain), true),
  ]
  if (batch.atomicRequired !== undefined) {
    overview.push(row('All or nothing', batch.atomicRequired ? 'required' : 'not required'))
  }
  sections.unshift({ title: 'Calls', rows: overview })
  return {
    method: input.method,
    title: `Send ${calls.length} call${calls.length === 1 ? '' : 's'}`,
    sections,
    warnings,
  }
}
