import { type CaipNetwork, LatchkeyError, Messages, TransportDefaults } from '@latchkey/core'
import {
  type Chain,
  createTransport,
  defineChain,
  type FallbackTransport,
  type HttpTransport,
  http,
  type Transport,
  type TransportConfig,
} from 'viem'

/** The viem chain of an eip155 network: id, name, currency, RPC endpoints (custom ones first), explorer. */
export function chainOf(network: CaipNetwork, rpcUrls: readonly string[]): Chain {
  const explorer = network.blockExplorers?.default
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: { default: { http: [...rpcUrls] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}

/** One endpoint over HTTP; alone it retries by itself, behind a fallback the fallback owns the retries. */
function httpTransport(url: string, alone: boolean): HttpTransport {
  return http(url, {
    batch: { batchSize: TransportDefaults.batchSize, wait: TransportDefaults.batchWait },
    timeout: TransportDefaults.timeout,
    ...(alone ? { retryCount: TransportDefaults.retryCount } : {}),
    retryDelay: TransportDefaults.retryDelay,
  })
}

/**
 * viem's ranked fallback (fallback.ts). It loads with the chain reads (reads.ts re-exports it), when a chain with
 * several URLs gets its client.
 */
export type RankedFallback = typeof import('./fallback.js').rankedFallback

async function loadFallback(): Promise<RankedFallback> {
  const { rankedFallback } = await import('./reads.js')
  return rankedFallback
}

/**
 * The transport of one chain under the policy of SPEC §9: each URL over HTTP (timeout 10 s, batches of up to
 * 1000 requests collected for 0 ms). One URL retries 3 times from 150 ms, doubling, on the retryable HTTP
 * statuses and RPC codes, and needs no ranking (it would only add pings). Several URLs sit behind viem's
 * ranked fallback (fallback.ts), which, like core's, owns the retries.
 *
 * @param load how the fallback's module is loaded (tests hand in one that fails)
 */
export function transportFor(
  rpcUrls: readonly string[],
  stopped: () => boolean,
  load: () => Promise<RankedFallback> = loadFallback,
): Transport {
  const [first, ...rest] = rpcUrls
  if (first === undefined) throw new LatchkeyError(Messages.noTransportUrl, { code: 'INVALID_OPTIONS' })
  if (rest.length === 0) return httpTransport(first, true)
  return deferredFallback(
    rpcUrls.map((url) => httpTransport(url, false)),
    stopped,
    load,
  )
}

type Fallback = ReturnType<FallbackTransport>
type OnResponse = Parameters<NonNullable<Fallback['value']>['onResponse']>[0]

/**
 * wagmi makes a chain's transport synchronously, when it first makes the chain's client; viem's fallback is loaded
 * then, and this stands in for it meanwhile: a transport of type `fallback` with the fallback's own retries (3 from
 * 150 ms around each request), each request handed to the fallback once it is there, and the same `transports` and
 * `onResponse` for viem's watchers and a host listening to responses. The load starts when the client is made, so
 * the ranking starts about when it did; a failed load is not kept: the next request loads again.
 */
function deferredFallback(
  transports: readonly HttpTransport[],
  stopped: () => boolean,
  load: () => Promise<RankedFallback>,
): FallbackTransport {
  return (params) => {
    let inner: Fallback | undefined
    let listener: OnResponse | undefined
    const ready = async (): Promise<Fallback> => {
      if (inner) return inner
      const rankedFallback = await load()
      if (!inner) {
        inner = rankedFallback(transports, stopped)(params)
        if (listener) inner.value?.onResponse(listener)
      }
      return inner
    }
    ready().catch(() => undefined)
    const request: TransportConfig['request'] = async (args, options) =>
      (await ready()).config.request(args, options)
    return createTransport(
      {
        key: 'fallback',
        name: 'Fallback',
        type: 'fallback',
        request,
        retryCount: TransportDefaults.retryCount,
        retryDelay: TransportDefaults.retryDelay,
      },
      {
        onResponse: (fn: OnResponse) => {
          listener = fn
          inner?.value?.onResponse(fn)
        },
        transports: transports.map((transport) => transport({ chain: params.chain, retryCount: 0 })),
      },
    )
  }
}
