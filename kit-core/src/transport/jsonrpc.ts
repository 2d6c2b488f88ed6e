import { normalizeProviderError, ProviderRpcError, RpcErrorCode } from '../errors/index.js'

/**
 * JSON.stringify that also accepts bigints, written as decimal strings (JSON has no bigint). Used for
 * the request body and the dedupe key alike, so two calls share a key exactly when they send the same.
 */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item))
}

/** The result of one JSON-RPC response object; throws its error as a ProviderRpcError. */
export function readResponse(response: unknown): unknown {
  if (typeof response !== 'object' || response === null || Array.isArray(response))
    throw invalidResponse(response)
  const record = response as { error?: unknown; result?: unknown }
  if (record.error !== undefined && record.error !== null) throw normalizeProviderError(record.error)
  if (!('result' in record)) throw invalidResponse(response)
  return record.result
}

/** A malformed answer counts as an internal error (-32603), which the policy retries. */
function invalidResponse(response: unknown): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.InternalError, undefined, { cause: response })
}

interface Queued {
  id: number
  body: string
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Collects calls for `wait` ms (0: until the current macrotask ends) or until `batchSize` are queued,
 * then sends them as one JSON-RPC array and hands each caller the response with its id. A failure of
 * the whole batch (HTTP error, timeout, an error object instead of an array) fails every call in it.
 */
export function createBatcher(send: (body: string) => Promise<unknown>, batchSize: number, wait: number) {
  let queue: Queued[] = []
  let timer: ReturnType<typeof setTimeout> | undefined

  function flush() {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const items = queue
    queue = []
    if (items.length > 0) void dispatch(items)
  }

  async function dispatch(items: Queued[]) {
    try {
      const first = items[0]
      if (items.length === 1 && first) {
        first.resolve(readResponse(await send(first.body)))
        return
      }
      const response = await send(`[${items.map((item) => item.body).join(',')}]`)
      if (!Array.isArray(response)) {
        let error: unknown = invalidResponse(response)
        try {
          readResponse(response)
        } catch (thrown) {
          error = thrown
        }
        for (const item of items) item.reject(error)
        return
      }
      const byId = new Map<string, unknown>()
      for (const entry of response) {
        if (typeof entry === 'object' && entry !== null)
          byId.set(String((entry as { id?: unknown }).id), entry)
      }
      for (const item of items) {
        const entry = byId.get(String(item.id))
        try {
          item.resolve(readResponse(entry))
        } catch (error) {
          item.reject(error)
        }
      }
    } catch (error) {
      for (const item of items) item.reject(error)
    }
  }

  return {
    enqueue(id: number, body: string): Promise<unknown> {
      return new Promise((resolve, reject) => {
        queue.push({ id, body, resolve, reject })
        if (queue.length >= batchSize) flush()
        else if (timer === undefined) timer = setTimeout(flush, wait)
      })
    },
  }
}
