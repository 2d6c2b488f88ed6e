/**
 * JSON-RPC to a network's node from the frame: the EVM reads of the allowed list are forwarded as they are, the
 * frame's own transactions are filled (nonce, gas, fees) and sent raw; Solana transactions are sent base64.
 */
import { FrameHandlerError } from '@latchkey/core/embedded'

let nextId = 1

/** One JSON-RPC call; the node's error comes back with its code and message. */
export async function jsonRpc<T>(
  rpcUrl: string,
  method: string,
  params: unknown,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<T> {
  let response: Response
  try {
    response = await fetcher(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      credentials: 'omit',
    })
  } catch {
    throw new FrameHandlerError('The network cannot be reached. Try again in a moment.')
  }
  const body = (await response.json().catch(() => undefined)) as
    | { result?: T; error?: { code?: unknown; message?: unknown } }
    | undefined
  if (!body) throw new FrameHandlerError(`The network answered ${response.status} without JSON.`)
  if (body.error) {
    const code =
      typeof body.error.code === 'number' && Number.isInteger(body.error.code) ? body.error.code : undefined
    const message =
      typeof body.error.message === 'string'
        ? body.error.message.slice(0, 500)
        : 'The network refused the call.'
    throw new FrameHandlerError(message, code)
  }
  return body.result as T
}

/** What an EVM transaction request may carry (EIP-1193 `eth_sendTransaction`'s object, hex quantities). */
export interface EvmTransactionRequest {
  from?: string
  to?: string
  value?: string
  data?: string
  gas?: string
  nonce?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Checks a transaction object's fields; @throws naming the field. */
export function readTransactionRequest(input: unknown, at = 'params[0]'): EvmTransactionRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new FrameHandlerError(`${at}: must be a transaction object`, -32602)
  const tx = input as Record<string, unknown>
  const out: EvmTransactionRequest = {}
  for (const [key, value] of Object.entries(tx)) {
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') throw new FrameHandlerError(`${at}.${key}: must be a hex string`, -32602)
    if (key === 'from' || key === 'to') {
      if (!ADDRESS.test(value)) throw new FrameHandlerError(`${at}.${key}: must be an address`, -32602)
    } else if (key === 'data' || key === 'input') {
      if (!HEX_DATA.test(value)) throw new FrameHandlerError(`${at}.${key}: must be 0x hex bytes`, -32602)
    } else if (['value', 'gas', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'].includes(key)) {
      if (!HEX_QUANTITY.test(value))
        throw new FrameHandlerError(`${at}.${key}: must be a 0x hex quantity`, -32602)
    } else if (key !== 'chainId' && key !== 'type' && key !== 'gasLimit') {
      throw new FrameHandlerError(`${at}.${key}: unknown field`, -32602)
    }
    const field = key === 'input' ? 'data' : key === 'gasLimit' ? 'gas' : key
    if (field !== 'chainId' && field !== 'type') (out as Record<string, string>)[field] = value
  }
  return out
}

/**
 * The transaction the auth service signs: the request with the chain id, the next nonce (the pending count: a batch's
 * calls are sent one after the other, each counted once sent), the gas (estimated when absent) and EIP-1559 fees when
 * the chain has a base fee, else a gas price.
 */
export async function fillTransaction(
  rpcUrl: string,
  chainId: number,
  from: string,
  request: EvmTransactionRequest,
): Promise<Record<string, string | number>> {
  const call = {
    from,
    ...(request.to ? { to: request.to } : {}),
    ...(request.value ? { value: request.value } : {}),
    ...(request.data ? { data: request.data } : {}),
  }
  const [nonce, gas, block] = await Promise.all([
    request.nonce ?? jsonRpc<string>(rpcUrl, 'eth_getTransactionCount', [from, 'pending']),
    request.gas ?? jsonRpc<string>(rpcUrl, 'eth_estimateGas', [call]),
    jsonRpc<{ baseFeePerGas?: string } | null>(rpcUrl, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const fees: Record<string, string> = {}
  if (request.maxFeePerGas || (block?.baseFeePerGas && !request.gasPrice)) {
    const priority =
      request.maxPriorityFeePerGas ?? (await jsonRpc<string>(rpcUrl, 'eth_maxPriorityFeePerGas', []))
    fees.maxPriorityFeePerGas = priority
    fees.maxFeePerGas =
      request.maxFeePerGas ??
      `0x${(BigInt(block?.baseFeePerGas ?? '0x0') * 2n + BigInt(priority)).toString(16)}`
  } else {
    fees.gasPrice = request.gasPrice ?? (await jsonRpc<string>(rpcUrl, 'eth_gasPrice', []))
  }
  return {
    ...call,
    chainId,
    nonce,
    gas,
    ...fees,
  }
}
