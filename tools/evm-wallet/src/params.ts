// Parsing of JSON-RPC request parameters; every failure is a -32602 ProviderRpcError.

import type { Address, Hex } from 'viem'
import { getAddress, hexToBigInt, isAddress, isHex } from 'viem/utils'
import { invalidParams } from './errors.js'

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function paramsArray(params: unknown, method: string, min: number): unknown[] {
  if (!Array.isArray(params) || params.length < min) {
    throw invalidParams(`${method} expects an array of at least ${min} parameter(s)`)
  }
  return params
}

/** Parses a JSON-RPC quantity (hex string; numbers and bigints are tolerated). */
export function quantity(value: unknown, field: string): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return hexToBigInt(value as Hex)
  throw invalidParams(`"${field}" must be a hex quantity`)
}

export function optionalQuantity(value: unknown, field: string): bigint | undefined {
  return value === undefined || value === null ? undefined : quantity(value, field)
}

export function parseChainId(value: unknown, field = 'chainId'): number {
  const id = quantity(value, field)
  if (id === 0n || id > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams(`"${field}" is out of range`)
  return Number(id)
}

export function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw invalidParams(`"${field}" must be an address`)
  }
  return getAddress(value)
}

export function parseData(value: unknown, field: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value.length % 2 !== 0) {
    throw invalidParams(`"${field}" must be hex bytes`)
  }
  return value
}
