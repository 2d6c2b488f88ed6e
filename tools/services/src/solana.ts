// Balances of Solana accounts, read live from a local cluster over JSON-RPC: SOL (getBalance) and the test
// mint's SPL balance (getTokenAccountsByOwner, jsonParsed).
import { type Holding, NATIVE } from './assets.js'

/** A local Solana cluster the balance endpoint reads from. */
export interface ServicesSolanaCluster {
  /** `solana:<first 32 characters of the genesis hash>`. */
  caipNetworkId: string
  rpcUrl: string
}

/** The SPL mint whose balance is reported (the same address on every cluster). */
export interface ServicesSolanaMint {
  /** Base58 mint address. */
  address: string
  symbol: string
  name: string
  decimals: number
  /** Its default USD price (the control API can change it per project). Default 1. */
  price?: number
}

/** Where live Solana balances come from. */
export interface ServicesSolana {
  clusters: readonly ServicesSolanaCluster[]
  mint?: ServicesSolanaMint
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE58_INDEX = new Map([...BASE58].map((char, index) => [char, BigInt(index)]))

/** The CAIP-2 id of a Solana cluster: its namespace and the first 32 characters of its genesis hash. */
export function solanaCaipNetworkId(genesisHash: string): string {
  return `solana:${genesisHash.slice(0, 32)}`
}

/** Whether `address` is a Solana public key: base58 that decodes to exactly 32 bytes. */
export function isSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false
  let zeros = 0
  while (zeros < address.length && address[zeros] === '1') zeros++
  let value = 0n
  for (const char of address) {
    const digit = BASE58_INDEX.get(char)
    if (digit === undefined) return false
    value = value * 58n + digit
  }
  let bytes = zeros
  while (value > 0n) {
    bytes++
    value >>= 8n
  }
  return bytes === 32
}

async function solanaRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}

/** The `value` of an RPC answer in a context envelope; throws when it is missing. */
function contextValue(result: unknown, method: string): unknown {
  if (typeof result !== 'object' || result === null || !('value' in result)) {
    throw new Error(`${method}: malformed answer`)
  }
  return result.value
}

/** Sums the raw amounts of jsonParsed token accounts; throws on an entry that is not one. */
function tokenAmount(accounts: unknown): bigint {
  if (!Array.isArray(accounts)) throw new Error('getTokenAccountsByOwner: malformed answer')
  let total = 0n
  for (const account of accounts as { account?: { data?: { parsed?: { info?: unknown } } } }[]) {
    const info = account.account?.data?.parsed?.info as { tokenAmount?: { amount?: unknown } } | undefined
    const amount = info?.tokenAmount?.amount
    if (typeof amount !== 'string' || !/^\d+$/.test(amount)) {
      throw new Error('getTokenAccountsByOwner: a token account without a raw amount')
    }
    total += BigInt(amount)
  }
  return total
}

/**
 * Reads what a Solana account holds on a local cluster, live: SOL and the mint's SPL balance (summed over the
 * owner's token accounts). @throws when the cluster does not answer or answers something malformed.
 */
export async function readSolanaHoldings(
  cluster: ServicesSolanaCluster,
  mint: ServicesSolanaMint | undefined,
  address: string,
): Promise<Holding[]> {
  const [lamports, accounts] = await Promise.all([
    solanaRpc(cluster.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }]),
    mint
      ? solanaRpc(cluster.rpcUrl, 'getTokenAccountsByOwner', [
          address,
          { mint: mint.address },
          { encoding: 'jsonParsed', commitment: 'confirmed' },
        ])
      : undefined,
  ])
  const sol = contextValue(lamports, 'getBalance')
  if (typeof sol !== 'number' || !Number.isSafeInteger(sol) || sol < 0) {
    throw new Error('getBalance: malformed answer')
  }
  const holdings: Holding[] = [{ meta: NATIVE.solana, amount: BigInt(sol), caip2: cluster.caipNetworkId }]
  if (mint) {
    const held = tokenAmount(contextValue(accounts, 'getTokenAccountsByOwner'))
    holdings.push({ meta: mint, amount: held, caip2: cluster.caipNetworkId, token: mint.address })
  }
  return holdings
}
