// Balances of Bitcoin addresses, read live from a local network's Esplora API: funded minus spent, over the
// chain and the mempool (what a wallet may spend now).
import { type Holding, NATIVE } from './assets.js'

/** A local Bitcoin network the balance endpoint reads from. */
export interface ServicesBitcoinNetwork {
  /** `bip122:<first 32 hex characters of the genesis block hash>`. */
  caipNetworkId: string
  /** Esplora base URL (`${esploraUrl}/address/:a`). */
  esploraUrl: string
}

/** Where live Bitcoin balances come from. */
export interface ServicesBitcoin {
  networks: readonly ServicesBitcoinNetwork[]
}

/** Bech32 / base58 address characters, within the lengths Bitcoin addresses have. */
const ADDRESS_SHAPE =
  /^(?:[a-z]{1,83}1[02-9ac-hj-np-z]{6,87}|[A-Z]{1,83}1[02-9AC-HJ-NP-Z]{6,87}|[1-9A-HJ-NP-Za-km-z]{25,35})$/

/** Whether `address` has the shape of a Bitcoin address (the network checks the rest and answers 400). */
export function looksLikeBitcoinAddress(address: string): boolean {
  return address.length <= 90 && ADDRESS_SHAPE.test(address)
}

/** A Bitcoin address the network refused (Esplora's 400 `Invalid Bitcoin address`). */
export class InvalidBitcoinAddress extends Error {}

/**
 * The CAIP-2 id of the network behind an Esplora API: `bip122:` and the first 32 hex characters of the hash
 * of its block 0, as `/block-height/0` reports it. @throws when the API does not answer a block hash.
 */
export async function readBitcoinCaipNetworkId(esploraUrl: string): Promise<string> {
  const response = await fetch(`${esploraUrl}/block-height/0`)
  const hash = (await response.text()).trim()
  if (!response.ok || !/^[0-9a-f]{64}$/.test(hash)) {
    throw new Error(`${esploraUrl} did not answer the genesis block hash (${response.status})`)
  }
  return `bip122:${hash.slice(0, 32)}`
}

interface Stats {
  funded_txo_sum: number
  spent_txo_sum: number
}

function isStats(value: unknown): value is Stats {
  if (typeof value !== 'object' || value === null) return false
  const { funded_txo_sum: funded, spent_txo_sum: spent } = value as Record<string, unknown>
  return Number.isSafeInteger(funded) && Number.isSafeInteger(spent)
}

/**
 * Reads what a Bitcoin address holds on a local network, live (Esplora `GET /address/:a`: funded minus spent over
 * chain and mempool). @throws InvalidBitcoinAddress when the network refuses the address; Error when it does not
 * answer.
 */
export async function readBitcoinHoldings(
  network: ServicesBitcoinNetwork,
  address: string,
): Promise<Holding[]> {
  const response = await fetch(`${network.esploraUrl}/address/${encodeURIComponent(address)}`)
  if (response.status === 400) throw new InvalidBitcoinAddress(await response.text())
  if (!response.ok) throw new Error(`GET /address answered ${response.status}`)
  const body = (await response.json()) as { chain_stats?: unknown; mempool_stats?: unknown }
  if (!isStats(body.chain_stats) || !isStats(body.mempool_stats)) {
    throw new Error('GET /address: malformed answer')
  }
  const { chain_stats: chain, mempool_stats: mempool } = body
  const sats =
    BigInt(chain.funded_txo_sum) -
    BigInt(chain.spent_txo_sum) +
    BigInt(mempool.funded_txo_sum) -
    BigInt(mempool.spent_txo_sum)
  return [{ meta: NATIVE.bip122, amount: sats, caip2: network.caipNetworkId }]
}
