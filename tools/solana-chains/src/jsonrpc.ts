// JSON-RPC 2.0 framing: one request or a batch in, responses out, with Solana's error shapes.

import { RPC_ERROR, RpcError } from './errors.js'

export type JsonRpcId = string | number | null

export interface JsonRpcResponse {
  readonly jsonrpc: '2.0'
  readonly id: JsonRpcId
  readonly result?: unknown
  readonly error?: { code: number; message: string; data?: unknown }
}

/** Most requests one batch may hold. */
const MAX_BATCH_REQUESTS = 100

function errorResponse(id: JsonRpcId, error: RpcError): JsonRpcResponse {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
  }
}

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/**
 * Handles one parsed request object with `call(method, params)`; returns its response. `call` throws
 * RpcError for errors a client should see; anything else becomes -32603 (its message is not leaked).
 */
function handleOne(
  request: unknown,
  call: (method: string, params: unknown, id: JsonRpcId) => unknown,
): JsonRpcResponse {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, new RpcError(RPC_ERROR.invalidRequest, 'Invalid request'))
  }
  const { jsonrpc, id, method, params } = request as Record<string, unknown>
  const responseId = isId(id) ? id : null
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !isId(id ?? null)) {
    return errorResponse(responseId, new RpcError(RPC_ERROR.invalidRequest, 'Invalid request'))
  }
  try {
    return { jsonrpc: '2.0', id: responseId, result: call(method, params, responseId) }
  } catch (error) {
    if (error instanceof RpcError) return errorResponse(responseId, error)
    console.error('solana-chains: internal error in', method, error)
    return errorResponse(responseId, new RpcError(RPC_ERROR.internal, 'Internal error'))
  }
}

/** Handles a request body's text (one request or a batch); returns the response value to send. */
export function handleBody(
  text: string,
  call: (method: string, params: unknown, id: JsonRpcId) => unknown,
): JsonRpcResponse | JsonRpcResponse[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return errorResponse(null, new RpcError(RPC_ERROR.parse, 'Parse error'))
  }
  if (!Array.isArray(parsed)) return handleOne(parsed, call)
  if (parsed.length === 0 || parsed.length > MAX_BATCH_REQUESTS) {
    return errorResponse(
      null,
      new RpcError(
        RPC_ERROR.invalidRequest,
        parsed.length === 0
          ? 'Invalid request'
          : `Invalid request: a batch holds at most ${MAX_BATCH_REQUESTS} requests`,
      ),
    )
  }
  return parsed.map((request) => handleOne(request, call))
}
