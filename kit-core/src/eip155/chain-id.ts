// The chain id as wallets write it and send it: only what switches chains or reads a session needs these.

/** An EIP-155 chain id as the wallet methods write it: `0x` hex, no leading zeros. */
export function toHexChainId(chainId: number | string): `0x${string}` {
  return `0x${Number(chainId).toString(16)}`
}

/** Reads a chain id a wallet sent (hex text, decimal text or a number); NaN when it is none of those. */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : Number.NaN
  if (typeof value !== 'string') return Number.NaN
  const parsed = /^0x[0-9a-f]+$/i.test(value)
    ? Number.parseInt(value, 16)
    : /^\d+$/.test(value)
      ? Number(value)
      : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : Number.NaN
}
