// Chain management: the chains a wallet knows, the current one, and wallet_switchEthereumChain /
// wallet_addEthereumChain.

import type { Hex } from 'viem'
import { numberToHex } from 'viem/utils'
import { ErrorCode, invalidParams, ProviderRpcError } from './errors.js'
import { isObject, paramsArray, parseChainId } from './params.js'
import { rpcRequest } from './rpc.js'
import type { ChainState, MethodHandlers, WalletState } from './state.js'
import type { TestWalletChain } from './types.js'

export const toHexChainId = (chainId: number): Hex => numberToHex(chainId)

/** Adds a chain, or replaces a known chain's RPC URL (keeping its name unless a new one is given). */
export function addKnownChain(chains: Map<number, ChainState>, chain: TestWalletChain): void {
  if (!Number.isSafeInteger(chain.chainId) || chain.chainId <= 0) {
    throw new Error(`createTestWallet: bad chain id ${chain.chainId}`)
  }
  if (typeof chain.rpcUrl !== 'string' || chain.rpcUrl === '') {
    throw new Error(`createTestWallet: chain ${chain.chainId} has no rpcUrl`)
  }
  chains.set(chain.chainId, {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    name: chain.name ?? chains.get(chain.chainId)?.name ?? `Chain ${chain.chainId}`,
  })
}

export const currentChain = (state: WalletState): ChainState => state.chains.get(state.chainId)!

/** Sends a JSON-RPC request to a chain's endpoint. */
export const chainRpc = (state: WalletState, chain: ChainState, method: string, params: unknown) =>
  rpcRequest(chain.rpcUrl, method, params, state.rpcTimeoutMs)

/** Makes `id` the current chain; emits `chainChanged` only when it really changes. */
export function setChain(state: WalletState, id: number): void {
  if (id === state.chainId) return
  state.chainId = id
  state.emitter.emit('chainChanged', toHexChainId(id))
}

/** eth_chainId, wallet_switchEthereumChain and wallet_addEthereumChain. */
export function chainHandlers(state: WalletState): MethodHandlers {
  const { chains, approvals } = state
  return {
    eth_chainId: async () => toHexChainId(state.chainId),

    wallet_switchEthereumChain: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_switchEthereumChain', 1)
      if (!isObject(request)) throw invalidParams('expected [{ chainId }]')
      const target = parseChainId(request.chainId)
      if (!chains.has(target)) {
        throw new ProviderRpcError(
          ErrorCode.unrecognizedChain,
          `Unrecognized chain ID "${toHexChainId(target)}". Try adding the chain using wallet_addEthereumChain first.`,
        )
      }
      if (target === state.chainId) return null
      await approvals.prompt(entry)
      if (!chains.has(target))
        throw new ProviderRpcError(ErrorCode.unrecognizedChain, 'The chain was removed.')
      setChain(state, target)
      return null
    },

    wallet_addEthereumChain: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_addEthereumChain', 1)
      if (!isObject(request))
        throw invalidParams('expected [{ chainId, chainName, rpcUrls, nativeCurrency }]')
      const target = parseChainId(request.chainId)
      const known = chains.get(target)
      if (known) {
        if (target === state.chainId) return null
        await approvals.prompt(entry)
        setChain(state, target)
        return null
      }
      const rpcUrls = request.rpcUrls
      if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !/^https?:\/\//.test(rpcUrls[0])) {
        throw invalidParams('"rpcUrls" must list at least one http(s) URL')
      }
      const rpcUrl = rpcUrls[0]
      if (request.chainName !== undefined && typeof request.chainName !== 'string') {
        throw invalidParams('"chainName" must be a string')
      }
      const name = typeof request.chainName === 'string' ? request.chainName : `Chain ${target}`
      if (state.verifyAddedChains) {
        let answered: unknown
        try {
          answered = await rpcRequest(rpcUrl, 'eth_chainId', [], state.rpcTimeoutMs)
        } catch (error) {
          throw new ProviderRpcError(
            ErrorCode.internal,
            `Could not fetch the chain id from ${rpcUrl}: ${error instanceof Error ? error.message : error}`,
          )
        }
        if (typeof answered !== 'string' || parseChainId(answered) !== target) {
          throw invalidParams(
            `The RPC endpoint ${rpcUrl} returned chain id ${String(answered)}, not ${toHexChainId(target)}`,
          )
        }
      }
      await approvals.prompt(entry)
      addKnownChain(chains, { chainId: target, rpcUrl, name })
      setChain(state, target)
      return null
    },
  }
}
