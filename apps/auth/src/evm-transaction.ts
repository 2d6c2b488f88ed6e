// The EVM transaction the signing endpoint takes: eth_sendTransaction's fields (quantities as 0x hex or decimal
// strings), complete enough to sign without asking a chain (chainId, nonce, gas and fees are required).
import type { TransactionSerializable } from 'viem'
import { ApiError, invalidField } from './errors.js'
import { type Body, strictObject } from './validate.js'

const FIELDS = [
  'type',
  'chainId',
  'from',
  'to',
  'value',
  'data',
  'nonce',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DECIMAL = /^\d{1,78}$/

/** A quantity: a 0x hex or decimal string, or a safe integer. Undefined when absent. */
function quantity(body: Body, name: string): bigint | undefined {
  const value = body[name]
  const field = `transaction.${name}`
  if (value === undefined) return undefined
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidField(field, 'must be a non-negative integer')
    return BigInt(value)
  }
  if (typeof value !== 'string' || !(HEX_QUANTITY.test(value) || DECIMAL.test(value))) {
    throw invalidField(field, 'must be a 0x hex or decimal quantity')
  }
  const parsed = BigInt(value)
  if (parsed >= 2n ** 256n) throw invalidField(field, 'must be below 2^256')
  return parsed
}

function required(body: Body, name: string): bigint {
  const value = quantity(body, name)
  if (value === undefined)
    throw invalidField(`transaction.${name}`, 'is required (the service does not ask a chain)')
  return value
}

/**
 * The transaction of a signing request, checked field by field, as viem signs it: EIP-1559 when it has
 * maxFeePerGas, legacy (EIP-155) when it has gasPrice.
 * @throws ApiError 400 naming the field; also when `from` is not the user's address.
 */
export function readEvmTransaction(value: unknown, userAddress: string): TransactionSerializable {
  const body = strictObject(value, FIELDS, 'transaction')
  const from = body.from
  if (from !== undefined) {
    if (typeof from !== 'string' || !ADDRESS.test(from))
      throw invalidField('transaction.from', 'must be an address')
    if (from.toLowerCase() !== userAddress.toLowerCase()) {
      throw invalidField('transaction.from', "must be the user's address (or left out)")
    }
  }
  const to = body.to
  if (to !== undefined && to !== null && (typeof to !== 'string' || !ADDRESS.test(to))) {
    throw invalidField('transaction.to', 'must be an address, or null to deploy')
  }
  const data = body.data
  if (data !== undefined && (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))) {
    throw invalidField('transaction.data', 'must be 0x and an even number of hex digits')
  }
  const chainId = required(body, 'chainId')
  if (chainId === 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw invalidField('transaction.chainId', 'must be a positive safe integer')
  }
  const nonce = required(body, 'nonce')
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidField('transaction.nonce', 'is too large')
  const common = {
    chainId: Number(chainId),
    nonce: Number(nonce),
    gas: required(body, 'gas'),
    value: quantity(body, 'value') ?? 0n,
    ...(typeof to === 'string' ? { to: to as `0x${string}` } : {}),
    ...(typeof data === 'string' ? { data: data as `0x${string}` } : {}),
  }
  const type = body.type
  if (type !== undefined && type !== 'legacy' && type !== 'eip1559' && type !== '0x0' && type !== '0x2') {
    throw invalidField('transaction.type', "must be 'legacy' ('0x0') or 'eip1559' ('0x2')")
  }
  const gasPrice = quantity(body, 'gasPrice')
  const maxFeePerGas = quantity(body, 'maxFeePerGas')
  const maxPriorityFeePerGas = quantity(body, 'maxPriorityFeePerGas')
  const legacy = type === 'legacy' || type === '0x0' || (type === undefined && gasPrice !== undefined)
  if (legacy) {
    if (gasPrice === undefined)
      throw invalidField('transaction.gasPrice', 'is required for a legacy transaction')
    if (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined) {
      throw invalidField('transaction.maxFeePerGas', 'is not a field of a legacy transaction')
    }
    return { ...common, type: 'legacy', gasPrice }
  }
  if (gasPrice !== undefined)
    throw invalidField('transaction.gasPrice', 'is not a field of an EIP-1559 transaction')
  if (maxFeePerGas === undefined) throw invalidField('transaction.maxFeePerGas', 'is required')
  if (maxPriorityFeePerGas !== undefined && maxPriorityFeePerGas > maxFeePerGas) {
    throw new ApiError(
      400,
      'INVALID_BODY',
      'transaction.maxPriorityFeePerGas: must not exceed maxFeePerGas',
      {
        field: 'transaction.maxPriorityFeePerGas',
      },
    )
  }
  return { ...common, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas: maxPriorityFeePerGas ?? 0n }
}
