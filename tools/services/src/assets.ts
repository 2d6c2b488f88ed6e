// What the Blockchain API says about an asset (a chain's native currency or a token): its metadata, the key its
// price is stored under, amounts as decimal text, and the balance entry of SPEC §3.

/** The name, symbol and decimals of an asset. */
export interface AssetMeta {
  name: string
  symbol: string
  decimals: number
}

/** The native currencies of the namespaces the stand-in reads, and their default USD prices. */
export const NATIVE: Record<'eip155' | 'solana' | 'bip122', AssetMeta & { price: number }> = {
  eip155: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 2500 },
  solana: { name: 'Solana', symbol: 'SOL', decimals: 9, price: 150 },
  bip122: { name: 'Bitcoin', symbol: 'BTC', decimals: 8, price: 60_000 },
}

/**
 * The address that stands for a namespace's native currency in a CAIP-10 token address (the placeholders the
 * Reown Blockchain API uses); `<caip2>:native` is accepted too.
 */
export const NATIVE_PLACEHOLDERS: Record<string, string> = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
}

/** An amount of one asset held by an address. */
export interface Holding {
  meta: AssetMeta
  /** Base units. */
  amount: bigint
  /** The CAIP-2 id of its chain. */
  caip2: string
  /** The token contract or mint; undefined for the native currency. */
  token?: string
}

/** One entry of the balance answer (SPEC §3 "Token balance"); `price` and `value` only when a price is known. */
export interface BalanceEntry {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** Formats a base-unit amount as a decimal string without trailing zeros ('1.5', '10000', '0'). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * The key an asset's price is stored under: `<caip2>:native`, or `<caip2>:<token>` (an EVM token address in
 * lowercase, any other as it is).
 */
export function assetKey(caip2: string, token?: string): string {
  if (token === undefined) return `${caip2}:native`
  return `${caip2}:${caip2.startsWith('eip155:') ? token.toLowerCase() : token}`
}

/** The icon URL the stand-in serves for a token symbol. */
export function tokenIconUrl(baseUrl: string, symbol: string): string {
  return `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
}

/**
 * The answer entry of a holding (its `address` is `<caip2>:<token>` for a token), with `price` and `value` when
 * `price` is known; undefined for a zero amount, which the real service leaves out.
 */
export function balanceEntry(
  holding: Holding,
  price: number | undefined,
  baseUrl: string,
): BalanceEntry | undefined {
  if (holding.amount === 0n) return undefined
  const { meta, caip2, token } = holding
  const numeric = formatUnits(holding.amount, meta.decimals)
  return {
    name: meta.name,
    symbol: meta.symbol,
    chainId: caip2,
    ...(token ? { address: `${caip2}:${token}` } : {}),
    ...(price !== undefined ? { value: Number(numeric) * price, price } : {}),
    quantity: { decimals: String(meta.decimals), numeric },
    iconUrl: tokenIconUrl(baseUrl, meta.symbol),
  }
}
