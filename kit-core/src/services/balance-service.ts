import type { BalanceService } from '../adapter/adapter.js'
import type { BlockchainApi } from './types.js'

/** The balance service handed to adapters: the Blockchain API's native entry, when it serves the network. */
export function balanceServiceOf(api: BlockchainApi | undefined): BalanceService | undefined {
  if (!api) return undefined
  return {
    async getBalance({ address, network, forceUpdate }) {
      if (!(await api.isNetworkSupported(network.caipNetworkId))) return null
      const tokens = await api.getBalance({ address, caipNetworkId: network.caipNetworkId, forceUpdate })
      const native = tokens.find((t) => t.address === undefined)
      if (!native) return null
      const { decimals, symbol } = network.nativeCurrency
      const [whole = '0', fraction = ''] = native.quantity.numeric.split('.')
      const value = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
      return { value, decimals, symbol, formatted: native.quantity.numeric }
    },
  }
}
