// The two cluster calls the wallet makes itself: send a signed transaction, and wait for its status.

import { SolanaWalletError } from './errors.js'

async function call(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  if (!response.ok)
    throw new SolanaWalletError(-32603, `The cluster answered HTTP ${response.status} to ${method}.`)
  const body = (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
  if (body.error) throw new SolanaWalletError(body.error.code, body.error.message, body.error.data)
  return body.result
}

export interface SendOptions {
  readonly skipPreflight?: boolean
  readonly preflightCommitment?: string
  readonly maxRetries?: number
  readonly minContextSlot?: number
  readonly commitment?: string
}

/** Sends a signed transaction; when a commitment is asked for, waits (up to ~30 s) until the cluster reports it. */
export async function sendTransaction(
  rpcUrl: string,
  wire: Uint8Array,
  options: SendOptions = {},
): Promise<string> {
  let binary = ''
  for (const byte of wire) binary += String.fromCharCode(byte)
  const config: Record<string, unknown> = {
    encoding: 'base64',
    skipPreflight: options.skipPreflight === true,
  }
  if (options.preflightCommitment) config.preflightCommitment = options.preflightCommitment
  if (options.maxRetries !== undefined) config.maxRetries = options.maxRetries
  if (options.minContextSlot !== undefined) config.minContextSlot = options.minContextSlot
  const signature = (await call(rpcUrl, 'sendTransaction', [btoa(binary), config])) as string
  if (!options.commitment) return signature
  for (let attempt = 0; attempt < 150; attempt++) {
    const statuses = (await call(rpcUrl, 'getSignatureStatuses', [[signature]])) as {
      value: ({ err: unknown } | null)[]
    }
    const status = statuses.value[0]
    if (status) {
      if (status.err)
        throw new SolanaWalletError(
          -32002,
          `The transaction failed: ${JSON.stringify(status.err)}`,
          status.err,
        )
      return signature
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new SolanaWalletError(-32603, `The transaction ${signature} was not confirmed.`)
}
