// wallet_getAssets (EIP-7811): what the wallet knows the account holds, read live from each chain.

import { type Address, encodeFunctionData, type Hex, hexToBigInt, numberToHex } from 'viem'
import { chainRpc } from './chains.js'
import { keyFor } from './connection.js'
import { invalidParams } from './errors.js'
import { isObject, paramsArray, parseChainId } from './params.js'
import type { MethodHandlers, WalletState } from './state.js'
import type { TestWalletToken } from './types.js'

const BALANCE_OF_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

interface Asset {
  address: Address | 'native'
  type: 'native' | 'erc20'
  balance: Hex
  metadata: { name: string; symbol: string; decimals: number }
}

/** The ERC-20s the wallet reports on a chain: its configured tokens, then the watched ones it does not have yet. */
function tokensOn(
  state: WalletState,
  tokens: readonly TestWalletToken[],
  chainId: number,
): TestWalletToken[] {
  const list = tokens.filter((token) => token.chainId === chainId)
  for (const watched of state.watchedAssets) {
    if (watched.chainId !== chainId || list.some((token) => token.address === watched.address)) continue
    const symbol = watched.symbol ?? 'TOKEN'
    list.push({ chainId, address: watched.address, name: symbol, symbol, decimals: watched.decimals ?? 18 })
  }
  return list
}

export function assetHandlers(state: WalletState, tokens: readonly TestWalletToken[]): MethodHandlers {
  return {
    wallet_getAssets: async (params) => {
      const [request] = paramsArray(params, 'wallet_getAssets', 1)
      if (!isObject(request)) throw invalidParams('expected [{ account, chainFilter? }]')
      const account = keyFor(state, request.account, 'account').address
      const filter = request.chainFilter
      if (filter !== undefined && !Array.isArray(filter)) throw invalidParams('chainFilter must be an array')
      const chainIds = filter ? filter.map((id) => parseChainId(id)) : [...state.chains.keys()]
      const answer: Record<Hex, Asset[]> = {}
      for (const chainId of chainIds) {
        const chain = state.chains.get(chainId)
        if (!chain) continue
        const native = (await chainRpc(state, chain, 'eth_getBalance', [account, 'latest'])) as Hex
        const assets: Asset[] = [
          {
            address: 'native',
            type: 'native',
            balance: numberToHex(hexToBigInt(native)),
            metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ]
        for (const token of tokensOn(state, tokens, chainId)) {
          const data = encodeFunctionData({ abi: BALANCE_OF_ABI, functionName: 'balanceOf', args: [account] })
          const raw = (await chainRpc(state, chain, 'eth_call', [
            { to: token.address, data },
            'latest',
          ])) as Hex
          assets.push({
            address: token.address,
            type: 'erc20',
            balance: numberToHex(hexToBigInt(raw)),
            metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals },
          })
        }
        answer[numberToHex(chainId)] = assets
      }
      return answer
    },
  }
}
