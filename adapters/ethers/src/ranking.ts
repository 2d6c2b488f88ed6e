import { TransportDefaults } from '@latchkey/core'
import { createFallbackTransport } from '@latchkey/core/rpc'
import { FetchRequest } from 'ethers'

/** One health check: resolves when the endpoint answered in time. */
export type Ping = (url: string, timeout: number) => Promise<void>

export interface RpcRanker {
  /** Indices of the URLs, best first; the given order until the first round of pings ends. */
  order(): readonly number[]
  /** Stops pinging. Idempotent. */
  stop(): void
}

/**
 * Ranks RPC URLs with core's health ranking (SPEC §9: a ping now and every 4000 ms, 1 s timeout, the last 10
 * samples, score 0.7·stability + 0.3·latency; ties keep the given order, so custom RPC URLs stay first). The
 * pings go through ethers' own HTTP ({@link pingNetListening}); only the scoring is core's.
 */
export function startRpcRanker(urls: readonly string[], ping: Ping = pingNetListening): RpcRanker {
  const ranking = createFallbackTransport(
    urls.map((url) => ({
      url,
      async request<T>(): Promise<T> {
        await ping(url, TransportDefaults.rankTimeout)
        return true as T
      },
    })),
    { rank: true },
  )
  return {
    order: () => ranking.ranking().map((rank) => urls.indexOf(rank.url)),
    stop: () => ranking.stop(),
  }
}

/** `net_listening` over ethers' own HTTP, once (no retry), within `timeout` ms. @throws when it fails. */
async function pingNetListening(url: string, timeout: number): Promise<void> {
  const request = new FetchRequest(url)
  request.timeout = timeout
  request.setThrottleParams({ maxAttempts: 1 })
  request.retryFunc = async () => false
  request.setHeader('content-type', 'application/json')
  request.body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'net_listening', params: [] })
  let expiry: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    expiry = setTimeout(() => {
      request.cancel()
      reject(new Error('ping timeout'))
    }, timeout)
  })
  const sending = request.send()
  // After a timeout the cancelled send rejects too; the race has already answered.
  sending.catch(() => undefined)
  try {
    const response = await Promise.race([sending, expired])
    response.assertOk()
    const body = response.bodyJson as { error?: unknown }
    if (body?.error !== undefined) throw new Error('net_listening failed')
  } finally {
    clearTimeout(expiry)
  }
}
