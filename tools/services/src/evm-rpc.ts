// JSON-RPC over HTTP to an EVM node: one call, or several in one batch request.

/** A JSON-RPC error answer (`code` is the node's), or an answer that is not JSON-RPC at all. */
export class EvmRpcError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

type Call = readonly [method: string, params: readonly unknown[]]

interface RpcAnswer {
  id?: unknown
  result?: unknown
  error?: { code?: number; message?: string }
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new EvmRpcError(`HTTP ${response.status}`)
  return response.json()
}

function resultOf(answer: RpcAnswer | undefined, method: string): unknown {
  if (answer?.error) throw new EvmRpcError(`${method}: ${answer.error.message ?? 'error'}`, answer.error.code)
  if (answer === undefined || !('result' in answer)) throw new EvmRpcError(`${method}: no result`)
  return answer.result
}

/** Sends one call and returns its result. @throws EvmRpcError on an error answer or a failed request. */
export async function evmRpc(url: string, method: string, params: readonly unknown[]): Promise<unknown> {
  return resultOf((await post(url, { jsonrpc: '2.0', id: 1, method, params })) as RpcAnswer, method)
}

/**
 * Sends the calls as one batch request and returns their results in order.
 * @throws EvmRpcError when any call failed, or the answer is not a batch answer.
 */
export async function evmBatch(url: string, calls: readonly Call[]): Promise<unknown[]> {
  if (calls.length === 0) return []
  const answers = await post(
    url,
    calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params })),
  )
  if (!Array.isArray(answers)) throw new EvmRpcError(`batch: ${JSON.stringify(answers).slice(0, 200)}`)
  const byId = new Map((answers as RpcAnswer[]).map((answer) => [answer?.id, answer]))
  return calls.map(([method], id) => resultOf(byId.get(id), method))
}

/** A quantity as JSON-RPC writes it (`0x1a`). */
export const toQuantity = (value: number | bigint): string => `0x${value.toString(16)}`
