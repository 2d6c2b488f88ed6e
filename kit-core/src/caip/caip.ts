import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'

/** The chain namespaces the kit knows (SPEC §1). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** CAIP-2 chain id: `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** CAIP-10 account id: `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** An account address as its namespace writes it: `0x…` on eip155, the chain's own string elsewhere. */
export type NamespaceAddress<N extends ChainNamespace = ChainNamespace> = N extends 'eip155'
  ? `0x${string}`
  : string
/** The CAIP-10 id of an account of namespace `N`, e.g. `eip155:1:0xab…`. */
export type NamespaceCaipAddress<N extends ChainNamespace = ChainNamespace> = N extends ChainNamespace
  ? `${N}:${string}:${NamespaceAddress<N>}`
  : never

export interface ParsedCaipNetworkId {
  namespace: string
  reference: string
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
  /** The CAIP-2 part of the account id. */
  caipNetworkId: string
}

// Grammar of CAIP-2 and CAIP-10.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/** True when the value is one of {@link CHAIN_NAMESPACES}. */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

/**
 * Parses a CAIP-2 network id.
 * @throws LatchkeyError 'Invalid CAIP-2 network id' unless it has exactly 2 non-empty, well-formed parts.
 */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace, reference] = parts
  if (
    parts.length !== 2 ||
    !namespace ||
    !reference ||
    !NAMESPACE.test(namespace) ||
    !REFERENCE.test(reference)
  ) {
    throw new LatchkeyError(Messages.invalidCaip2, { code: 'INVALID_CAIP', details: `Got: ${String(value)}` })
  }
  return { namespace, reference }
}

/**
 * Parses a CAIP-10 account id.
 * @throws LatchkeyError 'Invalid CAIP-10 address' unless it has exactly 3 non-empty, well-formed parts.
 */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace, reference, address] = parts
  if (
    parts.length !== 3 ||
    !namespace ||
    !reference ||
    !address ||
    !NAMESPACE.test(namespace) ||
    !REFERENCE.test(reference) ||
    !ACCOUNT_ADDRESS.test(address)
  ) {
    throw new LatchkeyError(Messages.invalidCaip10, {
      code: 'INVALID_CAIP',
      details: `Got: ${String(value)}`,
    })
  }
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

/**
 * Builds a CAIP-2 id from a namespace and a chain reference.
 * @throws LatchkeyError 'Invalid CAIP-2 network id' when the result is not valid CAIP-2.
 */
export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  const id = `${namespace}:${reference}`
  parseCaipNetworkId(id)
  return id as CaipNetworkId
}

/**
 * Builds a CAIP-10 id from a CAIP-2 id and an address.
 * @throws LatchkeyError 'Invalid CAIP-10 address' when the result is not valid CAIP-10.
 */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const id = `${caipNetworkId}:${address}`
  parseCaipAddress(id)
  return id as CaipAddress
}

const ADDRESS_SHAPES: Partial<Record<ChainNamespace, RegExp>> = {
  eip155: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  bip122: /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$|^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/,
}

/**
 * Checks that a value the kit is about to store as an account is a CAIP-10 id of a known namespace whose
 * address has that chain's shape, and returns it typed.
 * @throws LatchkeyError 'Invalid CAIP Address'.
 */
export function validateCaipAddress(value: string): CaipAddress {
  let parsed: ParsedCaipAddress
  try {
    parsed = parseCaipAddress(value)
  } catch (cause) {
    throw new LatchkeyError(Messages.invalidCaipAddress, { code: 'INVALID_CAIP', cause })
  }
  if (!isChainNamespace(parsed.namespace)) {
    throw new LatchkeyError(Messages.invalidCaipAddress, {
      code: 'INVALID_CAIP',
      details: `Unknown namespace ${parsed.namespace}`,
    })
  }
  const shape = ADDRESS_SHAPES[parsed.namespace]
  if (shape && !shape.test(parsed.address)) {
    throw new LatchkeyError(Messages.invalidCaipAddress, {
      code: 'INVALID_CAIP',
      details: `Not a ${parsed.namespace} address`,
    })
  }
  return value as CaipAddress
}

/** The plain address of a CAIP-10 id (`eip155:1:0xab` -> `0xab`). @throws as {@link parseCaipAddress}. */
export function getPlainAddress(caipAddress: string): string {
  return parseCaipAddress(caipAddress).address
}

/**
 * ENSIP-11 coin type of an EVM chain: 60 for Ethereum mainnet, `0x80000000 | chainId` for every other chain.
 * @throws LatchkeyError 'Invalid chainId' for a chain id that is not a non-negative integer below 0x80000000.
 */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= 0x80000000) {
    throw new LatchkeyError(Messages.invalidChainId, { code: 'INVALID_CHAIN_ID', details: `Got: ${chainId}` })
  }
  if (chainId === 1) return 60
  return (0x80000000 | chainId) >>> 0
}
