import type { BalanceResult } from '../adapter/adapter.js'
import { LatchkeyError } from '../errors/index.js'
import { cleanText } from '../services/sanitize.js'

/**
 * The ERC-20 functions the kit calls, as JSON ABI (plain data, no chain library): the standard ones, and the
 * USDT variant of SPEC §9 whose `transfer`, `transferFrom` and `approve` return nothing. Encoding with the
 * standard ABI against USDT works, but decoding a result that is not there fails in strict libraries, so the
 * kit picks the ABI per contract with {@link erc20AbiFor}.
 */
export const ERC20_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'transferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'decimals',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint8' }],
  },
  {
    type: 'function',
    name: 'symbol',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
  {
    type: 'function',
    name: 'name',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'string' }],
  },
] as const

/** USDT's ERC-20 ABI: the same functions, but `transfer`, `transferFrom` and `approve` have no outputs. */
export const USDT_ABI = ERC20_ABI.map((item) =>
  item.name === 'transfer' || item.name === 'transferFrom' || item.name === 'approve'
    ? { ...item, outputs: [] as const }
    : item,
)

/** Tether USD (USDT) contracts that answer with the non-standard ABI, by CAIP-2 network id. */
export const USDT_CONTRACTS: Readonly<Record<string, readonly string[]>> = {
  'eip155:1': ['0xdAC17F958D2ee523a2206206994597C13D831ec7'],
}

/**
 * The ABI to call an ERC-20 token with: {@link USDT_ABI} for the known USDT contracts and for `extraUsdt`
 * (the host's own list, e.g. a testnet deployment), else {@link ERC20_ABI}.
 */
export function erc20AbiFor(
  caipNetworkId: string,
  tokenAddress: string,
  extraUsdt: readonly string[] = [],
): typeof ERC20_ABI | typeof USDT_ABI {
  const address = tokenAddress.toLowerCase()
  const known = [...(USDT_CONTRACTS[caipNetworkId] ?? []), ...extraUsdt]
  return known.some((entry) => entry.toLowerCase() === address) ? USDT_ABI : ERC20_ABI
}

/** The ERC-1271 magic value `isValidSignature` returns for a valid signature. */
export const ERC1271_MAGIC_VALUE = '0x1626ba7e'

/** ERC-1271 `isValidSignature(bytes32 hash, bytes signature) returns (bytes4)`. */
export const ERC1271_ABI = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const

/**
 * The balance result of an ERC-20 from what its contract answered. Token metadata is hostile: the symbol is
 * cleaned as text (control and bidi characters out, at most 32 characters) and decimals must be a whole number
 * from 0 to 255 (a `uint8`). @throws LatchkeyError INVALID_PARAMS for decimals outside that range.
 */
export function erc20Balance(
  answer: { value: bigint; decimals: unknown; symbol: unknown },
  formatUnits: (value: bigint, decimals: number) => string,
): BalanceResult {
  const decimals = Number(answer.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new LatchkeyError('The token contract answered decimals that are not a uint8', {
      code: 'INVALID_PARAMS',
      details: String(answer.decimals).slice(0, 80),
    })
  }
  const symbol = cleanText(answer.symbol, 32) ?? ''
  return { value: answer.value, decimals, symbol, formatted: formatUnits(answer.value, decimals) }
}
