import type { WalletAsset } from '../adapter/adapter.js'

/** One call of an EIP-5792 `wallet_sendCalls` request. */
export interface WalletCall {
  to: `0x${string}`
  data?: `0x${string}`
  value?: `0x${string}` | bigint
}

const HEX = /^0x[0-9a-fA-F]*$/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * True for a wallet call list: an array whose every call has a `to` starting with 0x, and a `data` that
 * starts with 0x when present (SPEC §5).
 */
export function isWalletCallList(value: unknown): value is readonly WalletCall[] {
  return (
    Array.isArray(value) &&
    value.every(
      (call) =>
        isRecord(call) &&
        typeof call.to === 'string' &&
        call.to.startsWith('0x') &&
        (call.data === undefined || (typeof call.data === 'string' && call.data.startsWith('0x'))),
    )
  )
}

/**
 * True for a well-formed asset (SPEC §3 "Wallet asset"): an address, a hex balance, type ERC20 or NATIVE,
 * and metadata with a name, a symbol, whole non-negative decimals, and optionally a finite price and an
 * icon URL.
 */
export function isWalletAsset(value: unknown): value is WalletAsset {
  if (!isRecord(value)) return false
  const { address, balance, type, metadata } = value
  if (typeof address !== 'string' || address === '') return false
  if (typeof balance !== 'string' || balance.length < 3 || !HEX.test(balance)) return false
  if (type !== 'ERC20' && type !== 'NATIVE') return false
  if (!isRecord(metadata)) return false
  const { name, symbol, decimals, price, iconUrl } = metadata
  return (
    typeof name === 'string' &&
    typeof symbol === 'string' &&
    typeof decimals === 'number' &&
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    (price === undefined || (typeof price === 'number' && Number.isFinite(price))) &&
    (iconUrl === undefined || typeof iconUrl === 'string')
  )
}

/**
 * True when an assets response (EIP-7811 `wallet_getAssets`: an object of asset lists keyed by hex chain
 * id, or a single list) is valid: every asset in it is well formed (SPEC §5).
 */
export function isWalletAssetsResponse(
  value: unknown,
): value is readonly WalletAsset[] | Record<string, readonly WalletAsset[]> {
  const isList = (list: unknown) => Array.isArray(list) && list.every(isWalletAsset)
  if (Array.isArray(value)) return isList(value)
  return isRecord(value) && Object.values(value).every(isList)
}
