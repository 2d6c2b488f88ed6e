/**
 * The secure frame's life on the page (SPEC §4 "Secure frame", §8, §9): not created, loading, ready. The frame is an
 * iframe appended hidden to the page's body, loaded with projectId, chainId, version and enableLogger; it is ready
 * once it said so and 500 ms have passed (its own start settles). No ready event within 20 s: 'iframe_load_failed';
 * a request unanswered for 30 s of the frame's own time: 'iframe_request_timeout'. Either aborts every pending
 * request and is reported to `onFailure` (the kit raises the matching alert). On ready the frame gets the page's theme
 * and the dApp's data. The provider's calls wait for ready, so the first call creates the frame when nothing did.
 */
import type { EmbeddedWalletProvider } from '../adapter/embedded.js'
import { createFrameWalletProvider } from './frame-provider.js'
import type { FrameRequestPayloads } from './messages.js'
import { createFrameClient, type FrameClient } from './transport-client.js'
import { FRAME_MESSAGES, type FrameLogger, FrameRequestError } from './transport-common.js'

/** SPEC §9's timings. */
export const SECURE_FRAME_TIMINGS = { loadMs: 20_000, requestMs: 30_000, settleMs: 500 } as const

/** SPEC §8's messages of the frame's life. */
export const SECURE_FRAME_MESSAGES = {
  loadFailed: 'iframe_load_failed',
  noIframe: 'W3mFrame: iframe is not set',
  noParent: 'W3mFrame: parent is not set',
} as const

export type SecureFrameStatus = 'not-created' | 'loading' | 'ready' | 'failed'

export interface SecureFrameOptions {
  /** The frame page, e.g. `https://wallet.example.com/frame.html`; its origin is the only one spoken to. */
  url: string
  projectId: string
  chainId?: string | number
  /** The kit's version, sent as the frame's `version`. */
  sdkVersion: string
  enableLogger?: boolean
  /** The page's document (the frame goes into its body) and window (whose messages carry the frame's answers). */
  document: Document
  window: Window
  logger?: FrameLogger
  /** The page's theme, sent on ready. */
  theme?: () => FrameRequestPayloads['SYNC_THEME']
  /** The dApp's data, sent on ready. */
  dappData?: () => FrameRequestPayloads['SYNC_DAPP_DATA']
  /** A failure of the frame: its load ('iframe_load_failed') or a request ('iframe_request_timeout'). */
  onFailure?(error: FrameRequestError): void
  /** A pending request (`id`) waits for the visitor in the frame (`required`: show it), then is decided (`done`). */
  onApproval?(state: 'required' | 'done', id: string): void
  /** SPEC §9's timings by default; tests shorten them. */
  timings?: Partial<Record<keyof typeof SECURE_FRAME_TIMINGS, number>>
}

export interface SecureFrame {
  status(): SecureFrameStatus
  /** Calls `listener` on each change of status; returns what stops it. */
  subscribe(listener: (status: SecureFrameStatus) => void): () => void
  /** Creates the frame when there is none (or after a failure), and resolves once it is ready and settled. */
  ready(): Promise<void>
  /** The embedded wallet through this frame: each call waits for ready. */
  readonly provider: EmbeddedWalletProvider
  /** The frame element, once created (the approval view shows it). */
  element(): HTMLIFrameElement | undefined
  /** Removes the frame and rejects what is pending ('Request was aborted'). */
  destroy(): void
}

/** The frame page's URL with SPEC §7's query. */
export function secureFrameUrl(
  options: Pick<SecureFrameOptions, 'url' | 'projectId' | 'chainId' | 'sdkVersion' | 'enableLogger'>,
): string {
  const url = new URL(options.url)
  url.searchParams.set('projectId', options.projectId)
  if (options.chainId !== undefined) url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', options.sdkVersion)
  url.searchParams.set('enableLogger', options.enableLogger ? 'true' : 'false')
  return url.href
}

export function createSecureFrame(options: SecureFrameOptions): SecureFrame {
  const timings = { ...SECURE_FRAME_TIMINGS, ...options.timings }
  const origin = new URL(options.url).origin
  const listeners = new Set<(status: SecureFrameStatus) => void>()
  let status: SecureFrameStatus = 'not-created'
  let iframe: HTMLIFrameElement | undefined
  let client: FrameClient | undefined
  let readyPromise: Promise<void> | undefined
  let stops: (() => void)[] = []

  const setStatus = (next: SecureFrameStatus) => {
    if (next === status) return
    status = next
    for (const listener of [...listeners]) listener(next)
  }

  /** Ends the frame after a failure: every pending request rejects with `error`, and the next call starts over. */
  const fail = (error: FrameRequestError) => {
    client?.abortAll(error)
    teardown()
    setStatus('failed')
    options.onFailure?.(error)
  }

  const teardown = () => {
    for (const stop of stops) stop()
    stops = []
    client?.close()
    client = undefined
    iframe?.remove()
    iframe = undefined
    readyPromise = undefined
  }

  /** A request's outcome; its deadline ending fails this frame, if it is still the live one (SPEC §8). */
  const guarded = async <T>(active: FrameClient, request: Promise<T>): Promise<T> => {
    try {
      return await request
    } catch (error) {
      const timedOut = error instanceof FrameRequestError && error.reason === 'timeout'
      if (timedOut && error.message === FRAME_MESSAGES.timeout && client === active) fail(error)
      throw error
    }
  }

  const sync = async (active: FrameClient) => {
    const theme = options.theme?.()
    const dapp = options.dappData?.()
    await Promise.all([
      theme ? guarded(active, active.request('SYNC_THEME', theme)) : undefined,
      dapp ? guarded(active, active.request('SYNC_DAPP_DATA', dapp)) : undefined,
    ])
  }

  const create = (): Promise<void> => {
    const body = options.document.body
    if (!body) return Promise.reject(new FrameRequestError(SECURE_FRAME_MESSAGES.noParent, 'refused'))
    const element = options.document.createElement('iframe')
    element.src = secureFrameUrl(options)
    element.title = 'Latchkey secure wallet'
    element.setAttribute('data-latchkey-frame', '')
    element.style.cssText = 'display:none;border:0;'
    body.append(element)
    const target = element.contentWindow
    if (!target) {
      element.remove()
      return Promise.reject(new FrameRequestError(SECURE_FRAME_MESSAGES.noIframe, 'refused'))
    }
    iframe = element
    const active = createFrameClient({
      frame: target,
      origin,
      window: options.window,
      deadlineMs: timings.requestMs,
      ...(options.logger ? { logger: options.logger } : {}),
    })
    client = active
    setStatus('loading')
    stops.push(active.onApproval((id, state) => options.onApproval?.(state, id)))
    return new Promise<void>((resolve, reject) => {
      const loadTimer = setTimeout(() => {
        const error = new FrameRequestError(SECURE_FRAME_MESSAGES.loadFailed, 'timeout')
        reject(error)
        fail(error)
      }, timings.loadMs)
      let settleTimer: ReturnType<typeof setTimeout> | undefined
      stops.push(() => {
        clearTimeout(loadTimer)
        if (settleTimer !== undefined) clearTimeout(settleTimer)
        // Taken down before it was ready (destroyed): what waits for it is aborted, never left hanging.
        reject(new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
      })
      const stopReady = active.onReady(() => {
        stopReady()
        clearTimeout(loadTimer)
        settleTimer = setTimeout(() => {
          setStatus('ready')
          resolve()
          sync(active).catch((error: unknown) =>
            options.logger?.warn('[latchkey] the frame did not take the theme or the dApp data:', error),
          )
        }, timings.settleMs)
      })
      stops.push(stopReady)
    })
  }

  const ready = () => {
    readyPromise ??= create()
    return readyPromise
  }

  /** A request once the frame is ready. */
  const whenReady = <T>(call: (active: FrameClient) => Promise<T>): Promise<T> =>
    ready().then(() => {
      const active = client
      if (!active) throw new FrameRequestError(SECURE_FRAME_MESSAGES.noIframe, 'refused')
      return guarded(active, call(active))
    })

  /**
   * A client whose every request waits for the frame: the provider's methods are requests through it. An abort while
   * the frame loads rejects at once, and the request is never sent.
   */
  const waiting: FrameClient = {
    request: (name, payload, requestOptions) => {
      const signal = requestOptions?.signal
      const sent = whenReady((active) => active.request(name, payload, requestOptions))
      if (!signal) return sent
      return new Promise((resolve, reject) => {
        const onAbort = () => reject(new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
        if (signal.aborted) onAbort()
        signal.addEventListener('abort', onAbort, { once: true })
        sent.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
      })
    },
    isReady: () => status === 'ready',
    onReady: (listener) => {
      const stop = (next: SecureFrameStatus) => {
        if (next === 'ready') listener()
      }
      listeners.add(stop)
      return () => listeners.delete(stop)
    },
    onApproval: (listener) => {
      const active = client
      return active ? active.onApproval(listener) : () => undefined
    },
    pendingCount: () => client?.pendingCount() ?? 0,
    abortAll: (error) => client?.abortAll(error),
    close: () => teardown(),
  }

  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ready,
    provider: createFrameWalletProvider(waiting),
    element: () => iframe,
    destroy() {
      client?.abortAll(new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
      teardown()
      setStatus('not-created')
    },
  }
}
