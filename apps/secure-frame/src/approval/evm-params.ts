/**
 * Reading the EVM methods' params strictly enough that what is shown is what the signer gets: a quantity is a 0x hex
 * or decimal integer, an address has 40 hex digits, data is 0x and whole bytes.
 */
import { getAddress, type Hex } from 'viem'
import { type ApprovalChain, fail } from './model.js'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DECIMAL = /^\d{1,78}$/
const TWO_256 = 2n ** 256n

export function paramsArray(params: unknown, min: number): unknown[] {
  if (!Array.isArray(params)) fail('params', 'must be an array')
  if (params.length < min) fail('params', `must hold at least ${min} item${min === 1 ? '' : 's'}`)
  return params
}

/** An address param, checksummed. */
export function address(value: unknown, path: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value))
    fail(path, 'must be an address (0x and 40 hex digits)')
  return getAddress(value)
}

export function optionalAddress(value: unknown, path: string): string | undefined {
  return value === undefined || value === null ? undefined : address(value, path)
}

/** A text that is an address, checksummed; any other text as it is. */
export function checksummedOrRaw(value: string): string {
  return ADDRESS.test(value) ? getAddress(value) : value
}

export function quantity(value: unknown, path: string): bigint | undefined {
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

export function hexData(value: unknown, path: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !HEX_BYTES.test(value)) {
    fail(path, 'must be 0x and an even number of hex digits')
  }
  return value as Hex
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A chain id given as a number, a bigint, or a 0x hex or decimal string; undefined when it is none of these. */
export function chainIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && (HEX_QUANTITY.test(value) || DECIMAL.test(value))) return BigInt(value)
  return undefined
}

export function isOtherChain(chainId: bigint, chain: ApprovalChain): boolean {
  return !DECIMAL.test(chain.reference) || BigInt(chain.reference) !== chainId
}
