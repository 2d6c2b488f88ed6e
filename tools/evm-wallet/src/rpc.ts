import { ErrorCode, ProviderRpcError } from './errors.js'

let nextRpcId = 1

/**
 * Sends one JSON-RPC 2.0 request over HTTP and returns its `result`. A JSON-RPC error from the node is rethrown
 * as a {@link ProviderRpcError} with the node's code, message and data; a transport failure becomes -32603.
 */
export async function rpcRequest(
  url: string,
  method: string,
  params: unknown,
  timeoutMs = 30_000,
): Promise<unknown> {
  const id = nextRpcId++
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined
  const timer = controller ? setTimeout(() => controller.abort(), timeoutMs) : undefined
  let body: unknown
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? [] }),
      ...(controller ? { signal: controller.signal } : {}),
    })
    const text = await response.text()
    try {
      body = JSON.parse(text)
    } catch {
      throw new ProviderRpcError(ErrorCode.internal, `HTTP request failed: status ${response.status}`, {
        url,
        body: text.slice(0, 500),
      })
    }
  } catch (error) {
    if (error instanceof ProviderRpcError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new ProviderRpcError(ErrorCode.internal, `HTTP request failed: ${reason}`, { url })
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
  if (typeof body !== 'object' || body === null) {
    throw new ProviderRpcError(ErrorCode.internal, 'Invalid JSON-RPC response', { url })
  }
  const { error, result } = body as { error?: unknown; result?: unknown }
  if (error !== undefined && error !== null) {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
    throw new ProviderRpcError(
      typeof code === 'number' ? code : ErrorCode.internal,
      typeof message === 'string' ? message : 'JSON-RPC error',
      data,
    )
  }
  return result ?? null
}
