// The request router: logs every request, routes it to the wallet's own handler or passes it through to the
// current chain's RPC, and records how it settled.

import { chainRpc, currentChain } from './chains.js'
import {
  disconnected,
  ErrorCode,
  errorSummary,
  hasErrorCode,
  ProviderRpcError,
  unsupportedMethod,
} from './errors.js'
import { isObject } from './params.js'
import type { MethodHandlers, WalletState } from './state.js'
import type { RequestLogEntry } from './types.js'

const PASSTHROUGH_PREFIXES = ['eth_', 'net_', 'web3_']
/** Methods with a passthrough prefix that a wallet must not forward: key-bound or stateful over HTTP. */
const NOT_FORWARDED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_subscribe',
  'eth_unsubscribe',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
])

/** The provider's `request`: every call is appended to `log` and its entry updated when it settles. */
export function createRequestRouter(
  state: WalletState,
  handlers: MethodHandlers,
  log: RequestLogEntry[],
): (args: unknown) => Promise<unknown> {
  let nextId = 1

  const dispatch = (method: string, params: unknown, entry: RequestLogEntry): Promise<unknown> => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (handler) return handler(params, entry)
    if (PASSTHROUGH_PREFIXES.some((prefix) => method.startsWith(prefix)) && !NOT_FORWARDED.has(method)) {
      return chainRpc(state, currentChain(state), method, params ?? [])
    }
    return Promise.reject(unsupportedMethod(method))
  }

  return async (args) => {
    const method = isObject(args) && typeof args.method === 'string' ? args.method : undefined
    const params = isObject(args) ? args.params : undefined
    const entry: RequestLogEntry = {
      id: nextId++,
      method: method ?? String(isObject(args) ? args.method : args),
      params,
      at: Date.now(),
      outcome: 'pending',
      prompted: false,
    }
    log.push(entry)
    try {
      if (method === undefined || method === '') {
        throw new ProviderRpcError(ErrorCode.invalidRequest, 'Expected a request object { method, params? }.')
      }
      if (params !== undefined && params !== null && typeof params !== 'object') {
        throw new ProviderRpcError(ErrorCode.invalidRequest, '"params" must be an array or an object.')
      }
      if (state.offline) throw disconnected()
      const passthrough = !Object.hasOwn(handlers, method)
      const result = await dispatch(method, params, entry)
      entry.outcome = passthrough ? 'passthrough' : 'approved'
      entry.result = result
      return result
    } catch (error) {
      const { code, message } = errorSummary(error)
      entry.outcome = code === ErrorCode.userRejected ? 'rejected' : 'error'
      entry.error = { code, message }
      throw error instanceof Error && hasErrorCode(error) ? error : new ProviderRpcError(code, message)
    }
  }
}
