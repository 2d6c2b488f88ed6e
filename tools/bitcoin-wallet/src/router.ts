// Runs a request through its handler and keeps the request log.
import { RpcErrorCode, WalletRpcError } from './errors.js'
import type { RequestLogEntry } from './types.js'

export type Run = (
  method: string,
  params: unknown,
  handler: (entry: RequestLogEntry) => Promise<unknown>,
) => Promise<unknown>

/** A runner that logs each request in `log` and settles its entry with the outcome. */
export function createRunner(log: RequestLogEntry[]): Run {
  let nextId = 1
  return async (method, params, handler) => {
    const entry: RequestLogEntry = {
      id: nextId++,
      method,
      params,
      at: Date.now(),
      outcome: 'pending',
      prompted: false,
    }
    log.push(entry)
    try {
      const result = await handler(entry)
      entry.outcome = 'approved'
      entry.result = result
      return result
    } catch (error) {
      const rpc =
        error instanceof WalletRpcError
          ? error
          : new WalletRpcError(
              RpcErrorCode.INTERNAL_ERROR,
              error instanceof Error ? error.message : String(error),
            )
      entry.outcome = rpc.code === RpcErrorCode.USER_REJECTION ? 'rejected' : 'error'
      entry.error = { code: rpc.code, message: rpc.message }
      throw rpc
    }
  }
}
