import { LatchkeyError, Messages } from '../errors/index.js'
import { TransportDefaults } from './defaults.js'
import { retryRuleFor, type Sleep, unrefTimer, withRetry } from './retry.js'
import type { RpcRequest, RpcRequestOptions, RpcTransport } from './rpc.js'

export interface RankOptions {
  /** Ping every transport this often, ms. Default 4000. */
  interval?: number | undefined
  /** Samples kept per transport. Default 10. */
  sampleCount?: number | undefined
  /** A ping slower than this fails, ms. Default 1000. */
  timeout?: number | undefined
  /** Weights of the score. Default { stability: 0.7, latency: 0.3 }. */
  weights?: { stability?: number | undefined; latency?: number | undefined } | undefined
  /** One health check; resolves when the transport is up. Default: a `net_listening` call, no retry. */
  ping?: ((transport: RpcTransport, options: { signal: AbortSignal }) => Promise<unknown>) | undefined
}

export interface FallbackTransportOptions {
  /** Keep the transports ordered by measured health (SPEC §9). Default off: the given order. */
  rank?: boolean | RankOptions | undefined
  /** Times a full round over every transport is retried when all failed retryably. Default 3. */
  retryCount?: number | undefined
  /** Base delay between rounds, ms, doubled after each. Default 150. */
  retryDelay?: number | undefined
  /** Waits between rounds. Override to test or to plug a scheduler; default a timer. */
  sleep?: Sleep | undefined
}

/** How one transport ranks; see {@link createFallbackTransport}. */
export interface TransportRank {
  url: string
  /** stability·w.stability + latencyScore·w.latency, 0..1; 0 before the first sample. */
  score: number
  /** Share of successful pings among the kept samples, 0..1. */
  stability: number
  /** Mean ping time of the kept samples, ms (a failed ping counts as the full ping timeout). */
  latency: number
  /** 1 − latency / the worst mean latency among the transports, 0..1. */
  latencyScore: number
  /** Samples kept. */
  samples: number
}

export interface FallbackTransport extends RpcTransport {
  /** The url of the transport currently tried first. */
  readonly url: string
  /** The transports in the order they are tried, with their scores. */
  ranking(): TransportRank[]
  /** Stops the ranking timer. Requests still work, in the last order. */
  stop(): void
}

interface Sample {
  ok: boolean
  latency: number
}

const defaultPing = (transport: RpcTransport, options: { signal: AbortSignal }) =>
  transport.request({ method: 'net_listening' }, { signal: options.signal, retryCount: 0 })

const now = () => globalThis.performance?.now() ?? Date.now()

/**
 * Creates a transport that sends each call to the best transport first and, on a retryable failure
 * (network, timeout, retryable HTTP status or RPC code), to the next, in rank order. A non-retryable
 * error (4001, execution reverted, -32601 …) is thrown at once. The fallback owns the retry policy:
 * each transport gets one attempt per round (`retryCount: 0`), and when every transport failed the
 * whole round is retried `retryCount` times with exponential backoff; the last error is thrown.
 *
 * With `rank`, every transport is pinged at once and then every `interval` ms (timers are unref'd, so a
 * Node process may exit; call `stop()` to end them): score = 0.7·stability + 0.3·latencyScore, where
 * stability is the share of successful samples among the last `sampleCount` and
 * latencyScore = 1 − mean latency / worst mean latency. Ties, and the time before the first round
 * ends, keep the given order.
 *
 * Throws `LatchkeyError` (Messages.noTransportUrl) when `transports` is empty.
 */
export function createFallbackTransport(
  transports: readonly RpcTransport[],
  options: FallbackTransportOptions = {},
): FallbackTransport {
  if (transports.length === 0) {
    throw new LatchkeyError(Messages.noTransportUrl, {
      code: 'INVALID_OPTIONS',
      details: 'createFallbackTransport needs at least one transport.',
    })
  }
  const rank = options.rank === true ? {} : options.rank || undefined
  const interval = rank?.interval ?? TransportDefaults.rankInterval
  const sampleCount = Math.max(1, rank?.sampleCount ?? TransportDefaults.rankSampleCount)
  const pingTimeout = rank?.timeout ?? TransportDefaults.rankTimeout
  const weights = { ...TransportDefaults.rankWeights, ...definedOnly(rank?.weights) }
  const ping = rank?.ping ?? defaultPing

  const samples: Sample[][] = transports.map(() => [])
  let order: number[] = transports.map((_, index) => index)
  let timer: unknown
  let stopped = false

  function ranks(): (TransportRank & { index: number })[] {
    const means = samples.map((kept) =>
      kept.length === 0 ? 0 : kept.reduce((sum, sample) => sum + sample.latency, 0) / kept.length,
    )
    const worst = Math.max(...means)
    return transports.map((transport, index) => {
      const kept = samples[index] ?? []
      const latency = means[index] ?? 0
      if (kept.length === 0) {
        return { index, url: transport.url, score: 0, stability: 0, latency: 0, latencyScore: 0, samples: 0 }
      }
      const stability = kept.filter((sample) => sample.ok).length / kept.length
      const latencyScore = worst > 0 ? 1 - latency / worst : 1
      const score = weights.stability * stability + weights.latency * latencyScore
      return { index, url: transport.url, score, stability, latency, latencyScore, samples: kept.length }
    })
  }

  async function sampleOne(transport: RpcTransport): Promise<Sample> {
    const controller = new AbortController()
    let timeoutTimer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<never>((_, reject) => {
      timeoutTimer = setTimeout(() => {
        controller.abort()
        reject(new Error('ping timeout'))
      }, pingTimeout)
      unrefTimer(timeoutTimer)
    })
    const start = now()
    try {
      await Promise.race([ping(transport, { signal: controller.signal }), expired])
      return { ok: true, latency: now() - start }
    } catch {
      // A failed ping costs the whole budget, so a server that refuses at once doesn't look fast.
      return { ok: false, latency: pingTimeout }
    } finally {
      clearTimeout(timeoutTimer)
    }
  }

  async function sampleRound() {
    const round = await Promise.all(transports.map(sampleOne))
    round.forEach((sample, index) => {
      const kept = samples[index]
      if (!kept) return
      kept.push(sample)
      if (kept.length > sampleCount) kept.splice(0, kept.length - sampleCount)
    })
    // Array.prototype.sort is stable: equal scores keep the given order.
    order = ranks()
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.index)
  }

  async function loop() {
    await sampleRound()
    if (stopped) return
    timer = setTimeout(loop, interval)
    unrefTimer(timer)
  }
  if (rank) void loop()

  async function tryInOrder(args: RpcRequest, signal: AbortSignal | undefined): Promise<unknown> {
    let lastError: unknown
    // The next endpoint gets a write only when the last one certainly did not process it.
    const retryable = retryRuleFor(args.method)
    for (const index of [...order]) {
      const transport = transports[index]
      if (!transport) continue
      try {
        return await transport.request(args, { signal, retryCount: 0 })
      } catch (error) {
        if (!retryable(error)) throw error
        lastError = error
      }
    }
    throw lastError
  }

  return {
    get url() {
      return transports[order[0] ?? 0]?.url ?? ''
    },
    async request<T>(args: RpcRequest, requestOptions: RpcRequestOptions = {}): Promise<T> {
      const result = await withRetry(() => tryInOrder(args, requestOptions.signal), {
        shouldRetry: retryRuleFor(args.method),
        retryCount: requestOptions.retryCount ?? options.retryCount ?? TransportDefaults.retryCount,
        retryDelay: options.retryDelay ?? TransportDefaults.retryDelay,
        sleep: options.sleep,
        signal: requestOptions.signal,
      })
      return result as T
    },
    ranking() {
      const byIndex = ranks()
      return order.flatMap((index) => {
        const entry = byIndex[index]
        if (!entry) return []
        const { index: _index, ...rest } = entry
        return [rest]
      })
    },
    stop() {
      stopped = true
      clearTimeout(timer as ReturnType<typeof setTimeout> | undefined)
    },
  }
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>
}
