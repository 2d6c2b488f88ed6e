// The sats-connect provider object: request(method, params) answers JSON-RPC 2.0 shaped responses, as
// @sats-connect/core's request() expects; addListener({ eventName, cb }) returns an unsubscribe.
import type { WalletRpcError } from './errors.js'
import { type Handler, methodNotFound } from './methods.js'
import type { Run } from './router.js'
import type { WalletState } from './state.js'
import type { SatsConnectProvider } from './types.js'

const EVENTS = new Set(['accountChange', 'networkChange', 'disconnect'])

export function createSatsProvider(
  state: WalletState,
  handlers: Record<string, Handler>,
  run: Run,
): SatsConnectProvider {
  let nextId = 1
  return Object.freeze({
    isLatchkeyTestWallet: true as const,
    async request(method: string, params?: unknown) {
      const id = String(nextId++)
      try {
        const handler =
          typeof method === 'string' && Object.hasOwn(handlers, method) ? handlers[method] : undefined
        const result = await run(String(method), params, (entry) => {
          if (!handler) throw methodNotFound(String(method))
          return handler(params, entry)
        })
        return { jsonrpc: '2.0' as const, id, result: result ?? null }
      } catch (error) {
        const rpc = error as WalletRpcError
        return {
          jsonrpc: '2.0' as const,
          id,
          error: {
            code: rpc.code,
            message: rpc.message,
            ...(rpc.data === undefined ? {} : { data: rpc.data }),
          },
        }
      }
    },
    addListener(listener: { eventName: string; cb: (event: unknown) => void }) {
      if (!listener || typeof listener.cb !== 'function' || !EVENTS.has(listener.eventName))
        throw new Error('addListener expects { eventName: accountChange | networkChange | disconnect, cb }')
      const set = state.satsListeners.get(listener.eventName) ?? new Set()
      state.satsListeners.set(listener.eventName, set)
      const cb = listener.cb
      set.add(cb)
      return () => {
        set.delete(cb)
      }
    },
  })
}
