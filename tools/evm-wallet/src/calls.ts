// EIP-5792 calls: wallet_getCapabilities, wallet_sendCalls (each call a transaction, in order) and
// wallet_getCallsStatus.

import type { Hex, LocalAccount } from 'viem'
import { chainRpc, toHexChainId } from './chains.js'
import { keyFor, senderKey } from './connection.js'
import { ErrorCode, errorSummary, invalidParams, ProviderRpcError } from './errors.js'
import { isObject, optionalQuantity, paramsArray, parseAddress, parseChainId, parseData } from './params.js'
import { randomHex } from './random.js'
import type { ChainState, MethodHandlers, WalletState } from './state.js'
import { sendTransaction, type TxFields } from './transactions.js'

interface CallBundle {
  readonly id: string
  readonly chainId: number
  readonly hashes: Hex[]
  readonly callCount: number
  /** False while later calls are still waiting for the receipt of the previous one. */
  done: boolean
  /** Set when a call could not be sent or the previous one reverted; the calls after it are not sent. */
  failure?: { index: number; code: number; message: string }
}

type Receipt = Record<string, unknown>

const duplicateBundleId = (id: string) =>
  new ProviderRpcError(ErrorCode.duplicateBundleId, `Duplicate bundle id ${id}`)

function assertOptionalCapabilities(capabilities: unknown): void {
  if (capabilities === undefined || capabilities === null) return
  if (!isObject(capabilities)) throw invalidParams('"capabilities" must be an object')
  for (const [name, capability] of Object.entries(capabilities)) {
    if (!isObject(capability) || capability.optional !== true) {
      throw new ProviderRpcError(
        ErrorCode.unsupportedCapability,
        `Unsupported non-optional capability: ${name}`,
      )
    }
  }
}

function parseCall(call: unknown, i: number): TxFields {
  if (!isObject(call)) throw invalidParams(`"calls[${i}]" must be an object`)
  assertOptionalCapabilities(call.capabilities)
  const fields: TxFields = {}
  if (call.to !== undefined && call.to !== null) fields.to = parseAddress(call.to, `calls[${i}].to`)
  const value = optionalQuantity(call.value, `calls[${i}].value`)
  if (value !== undefined) fields.value = value
  const data = parseData(call.data, `calls[${i}].data`)
  if (data !== undefined) fields.data = data
  return fields
}

export function callHandlers(state: WalletState): MethodHandlers {
  const { chains } = state
  const bundles = new Map<string, CallBundle>()

  /** Polls for a receipt; gives up (null) after about a minute. */
  const waitForReceipt = async (chain: ChainState, hash: Hex): Promise<Receipt | null> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const receipt = (await chainRpc(state, chain, 'eth_getTransactionReceipt', [hash])) as Receipt | null
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * 2 ** attempt, 100)))
    }
    return null
  }

  const runRestOfBundle = async (
    bundle: CallBundle,
    key: LocalAccount,
    chain: ChainState,
    calls: TxFields[],
  ) => {
    const fail = (index: number, error: unknown) => {
      bundle.failure = { index, ...errorSummary(error) }
    }
    try {
      for (let index = 1; index < calls.length; index++) {
        const previous = await waitForReceipt(chain, bundle.hashes[index - 1]!)
        if (!previous) return fail(index, new Error('The previous call was not mined'))
        if (previous.status !== '0x1') return fail(index, new Error('The previous call reverted'))
        try {
          bundle.hashes.push(await sendTransaction(state, key, chain, calls[index]!))
        } catch (error) {
          return fail(index, error)
        }
      }
    } catch (error) {
      fail(bundle.hashes.length, error)
    } finally {
      bundle.done = true
    }
  }

  return {
    wallet_getCapabilities: async (params) => {
      const [address, requested] = paramsArray(params, 'wallet_getCapabilities', 1)
      keyFor(state, address, 'address')
      let ids = [...chains.keys()]
      if (requested !== undefined && requested !== null) {
        if (!Array.isArray(requested)) throw invalidParams('the chain ids must be an array')
        const wanted = new Set(requested.map((id) => parseChainId(id)))
        ids = ids.filter((id) => wanted.has(id))
      }
      // Calls are executed one transaction after another, so atomicity is truthfully unsupported.
      return Object.fromEntries(ids.map((id) => [toHexChainId(id), { atomic: { status: 'unsupported' } }]))
    },

    wallet_sendCalls: async (params, entry) => {
      const [request] = paramsArray(params, 'wallet_sendCalls', 1)
      if (!isObject(request)) throw invalidParams('expected [{ version, chainId, calls, atomicRequired }]')
      const key = senderKey(state, request.from)
      const target = parseChainId(request.chainId)
      const chain = chains.get(target)
      if (!chain) {
        throw new ProviderRpcError(
          ErrorCode.unsupportedChainId,
          `Unsupported chain id ${toHexChainId(target)}`,
        )
      }
      if (request.atomicRequired === true) {
        throw new ProviderRpcError(
          ErrorCode.atomicityNotSupported,
          'Atomicity not supported: this wallet executes calls sequentially.',
        )
      }
      const { calls } = request
      if (!Array.isArray(calls) || calls.length === 0)
        throw invalidParams('"calls" must be a non-empty array')
      assertOptionalCapabilities(request.capabilities)
      const parsedCalls = calls.map(parseCall)
      let id: string
      if (request.id !== undefined && request.id !== null) {
        if (typeof request.id !== 'string' || request.id.length === 0 || request.id.length > 4096) {
          throw invalidParams('"id" must be a string of 1 to 4096 characters')
        }
        if (bundles.has(request.id)) throw duplicateBundleId(request.id)
        id = request.id
      } else {
        id = randomHex(32)
      }
      await state.approvals.prompt(entry)
      keyFor(state, key.address, 'from')
      if (bundles.has(id)) throw duplicateBundleId(id)
      const bundle: CallBundle = {
        id,
        chainId: target,
        hashes: [],
        callCount: parsedCalls.length,
        done: parsedCalls.length === 1,
      }
      // The first call is sent before answering: if it cannot be, nothing was sent and the request fails like
      // eth_sendTransaction would. The others follow in the background, each once the previous one is mined
      // and succeeded, so later calls see the effects of earlier ones.
      bundle.hashes.push(await sendTransaction(state, key, chain, parsedCalls[0]!))
      bundles.set(id, bundle)
      if (!bundle.done) void runRestOfBundle(bundle, key, chain, parsedCalls)
      return { id }
    },

    wallet_getCallsStatus: async (params) => {
      const [id] = paramsArray(params, 'wallet_getCallsStatus', 1)
      const bundle = typeof id === 'string' ? bundles.get(id) : undefined
      if (!bundle) throw new ProviderRpcError(ErrorCode.unknownBundleId, `Unknown bundle id ${String(id)}`)
      const chain = chains.get(bundle.chainId)!
      // The bundle as it stands now, read together: the next call may be sent while the receipts are fetched, and
      // `done` read after that fetch would then pass judgement on receipts that lack it (a 600 for a bundle that
      // is still running and succeeds).
      const { done, failure } = bundle
      const hashes = [...bundle.hashes]
      const receipts = (await Promise.all(
        hashes.map((hash) => chainRpc(state, chain, 'eth_getTransactionReceipt', [hash])),
      )) as (Receipt | null)[]
      const found = receipts.filter((receipt): receipt is Receipt => receipt !== null)
      const succeeded = found.filter((receipt) => receipt.status === '0x1').length
      let status: number
      if (!done || found.length < receipts.length) status = 100
      else if (!failure && succeeded === bundle.callCount) status = 200
      else if (succeeded === 0) status = 500
      else status = 600
      return {
        version: '2.0.0',
        id: bundle.id,
        chainId: toHexChainId(bundle.chainId),
        status,
        atomic: false,
        receipts: found.map((receipt) => ({
          logs: ((receipt.logs as Record<string, unknown>[] | undefined) ?? []).map((log) => ({
            address: log.address,
            data: log.data,
            topics: log.topics,
          })),
          status: receipt.status,
          blockHash: receipt.blockHash,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
          transactionHash: receipt.transactionHash,
        })),
      }
    },
  }
}
