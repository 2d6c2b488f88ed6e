import type { CaipNetwork } from '../networks/define.js'
import type { DisplayBalance, TokenBalance } from './types.js'

/** The balance shown when there is none, and always on testnets (SPEC §3, §9). */
export const DEFAULT_BALANCE = '0.00'

const DECIMAL = /^\d+(\.\d+)?$/

/**
 * The balance an account shows on `network` (SPEC §3 "Balance result"): '0.00' on a testnet (SPEC §9),
 * otherwise the native amount from `source` — the portfolio of the Blockchain API (its entry without a token
 * address on this network) or a formatted amount read from the chain ('1.25') — and '0.00' when there is
 * none or it is not a plain decimal. The symbol is the network's native currency. Never throws.
 */
export function formatBalance(
  network: Pick<CaipNetwork, 'caipNetworkId' | 'nativeCurrency' | 'testnet'>,
  source: string | readonly TokenBalance[] | undefined,
): DisplayBalance {
  const symbol = network.nativeCurrency.symbol
  if (network.testnet) return { balance: DEFAULT_BALANCE, symbol }
  const amount =
    typeof source === 'string'
      ? source
      : source?.find((token) => token.address === undefined && token.chainId === network.caipNetworkId)
          ?.quantity.numeric
  return { balance: amount !== undefined && DECIMAL.test(amount) ? amount : DEFAULT_BALANCE, symbol }
}
