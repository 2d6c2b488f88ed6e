/**
 * eth_signTypedData_v4's approval: the domain, the message's fields flattened in the order of their types (`a.b`,
 * `items[0].x`), at most {@link MAX_TYPED_DATA_ROWS} rows, and the permits that allow unlimited spending flagged.
 * The typed data is validated and hashed by viem first: what is shown is what can be signed.
 */
import { hashTypedData, maxUint256, type TypedDataDefinition, validateTypedData } from 'viem'
import { hasDeceptiveCharacters } from './bytes.js'
import { address, chainIdOf, checksummedOrRaw, isOtherChain, paramsArray, sameAddress } from './evm-params.js'
import { DECEPTIVE_MESSAGE } from './message.js'
import {
  type ApprovalRow,
  type ApprovalSection,
  type ApprovalSummary,
  capText,
  type DescribeInput,
  type Fields,
  fail,
  isRecord,
  MAX_LABEL_CHARS,
  networkName,
  quote,
  row,
} from './model.js'

/** At most this many rows of typed-data message fields (the last says how many more there are). */
const MAX_TYPED_DATA_ROWS = 200
/** Struct nesting deeper than this is refused. */
const MAX_TYPED_DATA_DEPTH = 32

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
    return { value: checksummedOrRaw(value), mono: true }
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
    domainRows.push(row('Verifying contract', checksummedOrRaw(contract), true))
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
