// The WalletConnect provider's requests in flight, and the relay connection they travel on. Each request belongs to
// its session's topic and never waits longer than it must: it fails at once when its session ends (4900), when the
// relay refuses the connection (4900, with the relay's reason), or when the wallet has not answered within the
// request timeout (-32002, saying whether the relay was reachable then). A relay that merely drops and comes back
// fails nothing: the SDK reconnects on its own, and the wallet's answer arrives then.
import {
  type Emitter,
  LatchkeyError,
  Messages,
  normalizeProviderError,
  ProviderRpcError,
  RpcErrorCode,
  type WalletConnectEvents,
} from '@latchkey/core'

/**
 * How long the SDK waits for the wallet's answer to a session request when it is given no expiry: sign-client 2.25's
 * `ENGINE_RPC_OPTS.wc_sessionRequest.req.ttl`, `FIVE_MINUTES * 3` seconds (15 minutes). The default request timeout.
 */
const SDK_REQUEST_EXPIRY_S = 15 * 60

/** The expiries the SDK accepts for a request, in seconds: sign-client's `SESSION_REQUEST_EXPIRY_BOUNDARIES`. */
const SDK_EXPIRY_BOUNDARIES = { min: 5 * 60, max: 7 * 24 * 60 * 60 } as const

/** The default of `requestTimeoutMs`: the SDK's own expiry of a request, so the two agree. */
export const DEFAULT_REQUEST_TIMEOUT_MS = SDK_REQUEST_EXPIRY_S * 1000

/** The code of sign-client's USER_DISCONNECTED, which it fails a request with when the wallet deletes its session. */
const SDK_USER_DISCONNECTED = 6000

/**
 * The expiry (seconds) the SDK is given for a request with this timeout: the same, within the bounds the SDK accepts.
 * A timeout under the SDK's minimum (5 minutes) ends the request here first; the SDK forgets it at its minimum.
 */
export function sdkExpiryOf(timeoutMs: number): number {
  const seconds = Math.ceil(timeoutMs / 1000)
  return Math.min(SDK_EXPIRY_BOUNDARIES.max, Math.max(SDK_EXPIRY_BOUNDARIES.min, seconds))
}

/** @throws LatchkeyError INVALID_OPTIONS unless `timeoutMs` is a positive number of ms up to the SDK's 7 days. */
export function checkRequestTimeout(timeoutMs: number | undefined): void {
  if (timeoutMs === undefined) return
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= SDK_EXPIRY_BOUNDARIES.max * 1000))
    throw new LatchkeyError(
      `requestTimeoutMs must be a number of milliseconds above 0 and at most ${SDK_EXPIRY_BOUNDARIES.max * 1000}`,
      { code: 'INVALID_OPTIONS' },
    )
}

/** The part of the SDK's relayer the tracking reads. */
export interface Relay {
  /** Whether the relay socket is open. */
  readonly connected: boolean
  on(
    event: 'relayer_connect' | 'relayer_disconnect' | 'relayer_error',
    listener: (error: unknown) => void,
  ): unknown
  transportOpen(): Promise<void>
}

export interface InFlight {
  /**
   * Runs `work` (given the expiry, in seconds, to pass the SDK) as a request on the session `topic`: its outcome, or
   * the first of its session ending, the relay refusing the connection, or the request timeout.
   */
  run<T>(topic: string, work: (expiry: number) => Promise<T>): Promise<T>
  /** The session `topic` ended: its requests in flight fail now with 4900, and later ones at once. Others go on. */
  endSession(topic: string): void
}

interface Entry {
  readonly topic: string
  readonly fail: (error: Error) => void
}

/**
 * Tracks the requests sent over `relay` and reports the relay's state as `transport` events (and a refusal as an
 * `error` event) on `events`.
 */
export function trackRequests(
  relay: Relay,
  events: Emitter<WalletConnectEvents>,
  timeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS,
): InFlight {
  const seconds = Math.round(timeoutMs / 100) / 10
  const expiry = sdkExpiryOf(timeoutMs)
  const entries = new Set<Entry>()
  const ended = new Set<string>()
  // A relay that refuses the connection (close code 3000: an unknown project id, an origin not allowed) is fatal to
  // the SDK: it closes the transport for good, and a request would wait until it expires. Requests in flight fail
  // at once instead, with the relay's reason; the next request tries the relay again.
  let refusal: ProviderRpcError | undefined
  relay.on('relayer_connect', () => {
    refusal = undefined
    events.emit('transport', { status: 'open' })
  })
  relay.on('relayer_disconnect', () => events.emit('transport', { status: 'closed' }))
  relay.on('relayer_error', (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    refusal = new ProviderRpcError(
      RpcErrorCode.Disconnected,
      `The WalletConnect relay closed the connection: ${reason.slice(0, 200)}`,
      { cause: error },
    )
    for (const entry of [...entries]) entry.fail(refusal)
    events.emit('error', { error })
  })

  const sessionEnded = (cause?: unknown) =>
    new ProviderRpcError(RpcErrorCode.Disconnected, Messages.walletConnectSessionEnded, { cause })
  /** The timeout's error: a silent wallet, or a relay the answer could not cross (said in `cause` and `data`). */
  const timedOut = () => {
    const reachable = relay.connected
    const cause = new Error(
      reachable
        ? `The WalletConnect relay was connected: the wallet did not answer within ${seconds} seconds`
        : `The WalletConnect relay was unreachable when the ${seconds} seconds ran out: the wallet's answer could not arrive`,
    )
    // -32002 (resource unavailable), not -32603: viem and the kit's transports send a -32603 again, and a
    // transaction the wallet may still approve must not be sent twice.
    return new ProviderRpcError(
      RpcErrorCode.ResourceUnavailable,
      Messages.walletConnectRequestTimedOut(seconds),
      {
        cause,
        data: { relay: reachable ? 'connected' : 'unreachable' },
      },
    )
  }
  // The SDK fails a request itself when the wallet deletes its session (6000, before it reports the deletion): that
  // is the session ending, reported as such.
  const failureOf = (error: unknown) =>
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === SDK_USER_DISCONNECTED
      ? sessionEnded(error)
      : error

  return {
    run<T>(topic: string, work: (expiry: number) => Promise<T>): Promise<T> {
      if (ended.has(topic)) return Promise.reject(sessionEnded())
      return new Promise<T>((resolve, reject) => {
        let settled = false
        const settle = (finish: () => void) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          entries.delete(entry)
          finish()
        }
        const entry: Entry = { topic, fail: (error) => settle(() => reject(error)) }
        const failed = (error: unknown) => settle(() => reject(failureOf(error)))
        entries.add(entry)
        const timer = setTimeout(() => entry.fail(timedOut()), timeoutMs)
        // A reopen the relay refuses again fails with the relay's reason, not the SDK's generic one.
        const reopen = refusal
          ? relay.transportOpen().catch((error: unknown) => {
              const failure = refusal ?? normalizeProviderError(error)
              events.emit('error', { error: failure })
              throw failure
            })
          : Promise.resolve()
        reopen
          .then(() => (settled ? undefined : work(expiry).then((value) => settle(() => resolve(value)))))
          .catch(failed)
      })
    },

    endSession(topic) {
      ended.add(topic)
      const error = sessionEnded()
      for (const entry of [...entries]) if (entry.topic === topic) entry.fail(error)
    },
  }
}
