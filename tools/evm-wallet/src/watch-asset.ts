// wallet_watchAsset: the ERC-20 tokens a site asked the wallet to track.

import { invalidParams } from './errors.js'
import { isObject, parseAddress } from './params.js'
import type { MethodHandlers, WalletState } from './state.js'
import type { WatchedAsset } from './types.js'

export function watchAssetHandlers(state: WalletState): MethodHandlers {
  const { watchedAssets } = state
  return {
    wallet_watchAsset: async (params, entry) => {
      const request = Array.isArray(params) ? params[0] : params
      if (!isObject(request) || request.type !== 'ERC20' || !isObject(request.options)) {
        throw invalidParams('expected { type: "ERC20", options: { address, symbol, decimals } }')
      }
      const { options: asset } = request
      const address = parseAddress(asset.address, 'options.address')
      if (asset.symbol !== undefined && typeof asset.symbol !== 'string') throw invalidParams('bad symbol')
      if (asset.decimals !== undefined && !Number.isInteger(Number(asset.decimals))) {
        throw invalidParams('bad decimals')
      }
      await state.approvals.prompt(entry)
      const { chainId } = state
      const watched: WatchedAsset = { chainId, address }
      if (typeof asset.symbol === 'string') watched.symbol = asset.symbol
      if (asset.decimals !== undefined) watched.decimals = Number(asset.decimals)
      if (typeof asset.image === 'string') watched.image = asset.image
      const existing = watchedAssets.findIndex((item) => item.chainId === chainId && item.address === address)
      if (existing >= 0) watchedAssets.splice(existing, 1, watched)
      else watchedAssets.push(watched)
      return true
    },
  }
}
