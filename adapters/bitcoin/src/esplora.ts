// The Esplora HTTP API the adapter reads balances and fee estimates from and broadcasts through, and which server
// that is for a network.
import {
  type AdapterOptions,
  type CaipNetwork,
  type CaipNetworkId,
  HttpRequestError,
  LatchkeyError,
  rpcUrlsFor,
} from '@latchkey/core'
import { DEFAULT_ESPLORA_URLS } from './chains.js'

const TIMEOUT_MS = 15_000

/**
 * The Esplora base URL of `network`: the host's Esplora URL for it, else its custom RPC URL, else a known public
 * Esplora server, else the network's own RPC URL. @throws LatchkeyError NETWORK_NOT_FOUND when there is none.
 */
export function esploraUrlOf(
  network: CaipNetwork,
  esploraUrls: Readonly<Record<CaipNetworkId, string>> | undefined,
  customRpcUrls: AdapterOptions['customRpcUrls'],
): string {
  const id = network.caipNetworkId
  const url =
    esploraUrls?.[id] ??
    rpcUrlsFor(network, customRpcUrls, [DEFAULT_ESPLORA_URLS[id], ...network.rpcUrls.default.http])[0]
  if (!url) throw new LatchkeyError(`No Esplora URL for ${network.name}`, { code: 'NETWORK_NOT_FOUND' })
  return url
}

async function call(base: string, path: string, init?: RequestInit): Promise<Response> {
  const url = `${base.replace(/\/+$/, '')}${path}`
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (cause) {
    throw new HttpRequestError('The Esplora server did not answer', { url, cause })
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 300)
    throw new HttpRequestError(`Esplora answered ${response.status}: ${body}`, {
      url,
      status: response.status,
      body,
    })
  }
  return response
}

interface Stats {
  funded_txo_sum: number
  spent_txo_sum: number
}

function statsValue(stats: unknown): bigint {
  const s = stats as Partial<Stats> | undefined
  if (!s || !Number.isSafeInteger(s.funded_txo_sum) || !Number.isSafeInteger(s.spent_txo_sum)) {
    throw new HttpRequestError('Esplora answered address stats of an unexpected shape', { url: '' })
  }
  return BigInt(s.funded_txo_sum as number) - BigInt(s.spent_txo_sum as number)
}

/** Confirmed plus mempool balance of `address`, in satoshis: funded minus spent over both stats. */
export async function esploraBalance(base: string, address: string): Promise<bigint> {
  const body = (await (await call(base, `/address/${encodeURIComponent(address)}`)).json()) as {
    chain_stats?: unknown
    mempool_stats?: unknown
  }
  return statsValue(body.chain_stats) + statsValue(body.mempool_stats)
}

/** Broadcasts a raw transaction (hex); returns its txid. */
export async function esploraBroadcast(base: string, hex: string): Promise<string> {
  const txid = (await (await call(base, '/tx', { method: 'POST', body: hex })).text()).trim()
  if (!/^[0-9a-f]{64}$/.test(txid)) {
    throw new HttpRequestError('Esplora answered a broadcast without a txid', { url: base })
  }
  return txid
}
