/** A local EVM chain the balance endpoint reads from. */
export interface ServicesEvmChain {
  chainId: number
  rpcUrl: string
}

/** An ERC-20 token deployed on the local chains (the same address on each). */
export interface ServicesToken {
  address: `0x${string}`
  symbol: string
  name: string
  decimals: number
  /** Price in USD reported with the balance. Default 1. */
  price?: number
}

/** Where live balances come from. */
export interface ServicesEvm {
  chains: readonly ServicesEvmChain[]
  tokens: readonly ServicesToken[]
}

/** The native currency of the local chains and its made-up USD price. */
const NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2500 }

/** `balanceOf(address)` selector. */
const BALANCE_OF = '0x70a08231'

/** Formats a base-unit amount as a decimal string without trailing zeros ('1.5', '10000', '0'). */
function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (typeof body.result !== 'string') throw new Error(`${method}: ${body.error?.message ?? 'no result'}`)
  return body.result
}

/** One entry of the balance answer (SPEC §3 "Token balance"). */
export interface BalanceEntry {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** What an answer entry says about its asset. */
export interface BalanceMeta {
  name: string
  symbol: string
  decimals: number
  price: number
}

/**
 * One answer entry for `amount` base units of an asset on `caip2` (a token's `address` is `<caip2>:<token>`);
 * undefined for a zero amount, which the real service leaves out.
 */
export function balanceEntry(
  meta: BalanceMeta,
  amount: bigint,
  caip2: string,
  baseUrl: string,
  tokenAddress?: string,
): BalanceEntry | undefined {
  if (amount === 0n) return undefined
  const numeric = formatUnits(amount, meta.decimals)
  return {
    name: meta.name,
    symbol: meta.symbol,
    chainId: caip2,
    ...(tokenAddress ? { address: `${caip2}:${tokenAddress}` } : {}),
    value: Number(numeric) * meta.price,
    price: meta.price,
    quantity: { decimals: String(meta.decimals), numeric },
    iconUrl: `${baseUrl}/public/getTokenImage/${meta.symbol}`,
  }
}

/**
 * Reads an account's balances live from a local chain: the native balance (eth_getBalance) and each token's
 * balanceOf, in the shape of GET /v1/account/{address}/balance. Zero balances are left out, as the real
 * service does. @throws when the chain does not answer.
 */
export async function readBalances(
  chain: ServicesEvmChain,
  tokens: readonly ServicesToken[],
  address: string,
  baseUrl: string,
): Promise<BalanceEntry[]> {
  const caip2 = `eip155:${chain.chainId}`
  const data = `${BALANCE_OF}${address.slice(2).toLowerCase().padStart(64, '0')}`
  const [native, ...held] = await Promise.all([
    rpc(chain.rpcUrl, 'eth_getBalance', [address, 'latest']),
    ...tokens.map((token) => rpc(chain.rpcUrl, 'eth_call', [{ to: token.address, data }, 'latest'])),
  ])
  const entries: BalanceEntry[] = []
  const add = (meta: BalanceMeta, raw: string | undefined, tokenAddress?: string) => {
    const entry = balanceEntry(meta, raw && raw !== '0x' ? BigInt(raw) : 0n, caip2, baseUrl, tokenAddress)
    if (entry) entries.push(entry)
  }
  add(NATIVE, native)
  tokens.forEach((token, index) => {
    add({ ...token, price: token.price ?? 1 }, held[index], token.address)
  })
  return entries
}
