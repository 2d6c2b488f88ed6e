/**
 * The transport of the frame protocol: postMessage between the kit (the page) and the secure frame (its own origin).
 * Each side reads only messages from the exact origin and the exact window it expects, posts only to that origin
 * (never `'*'`), parses every message strictly (./parse.ts, 1 MB cap), and matches answers to requests by id: an
 * unknown, duplicate or replayed id is ignored and logged. Logs name the message's type, id and the reason, never its
 * content (an OTP or a signature request is not for logs).
 */
import {
  errorType,
  FRAME_ABORT,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameApprovalState,
  type FrameErrorPayload,
  type FrameRequestName,
  type FrameRequestPayloads,
  type FrameSuccessPayloads,
  requestType,
  successType,
} from './messages.js'
import { parseFrameEvent, parseFrameRequest } from './parse.js'
import {
  describeId,
  describeType,
  exactOrigin,
  FRAME_MESSAGES,
  type FrameLogger,
  type FrameMessageSource,
  type FramePostTarget,
  FrameRequestError,
  REMEMBERED_IDS,
  recentIds,
} from './transport-common.js'

/** Per-request options of the kit's side. */
export interface FrameRequestOptions {
  /**
   * Aborts the request: it rejects with 'Request was aborted', the frame is told (`FRAME_ABORT`: it drops the request's
   * approval, shown or queued) and its late answer is ignored quietly.
   */
  signal?: AbortSignal
  /** Milliseconds before the request rejects with 'iframe_request_timeout'; overrides the client's default. */
  deadlineMs?: number
}

/** Options of the kit's side of the transport. */
export interface FrameClientOptions {
  /** The frame's window (`iframe.contentWindow`): requests go to it, and only its messages are read. */
  frame: FramePostTarget
  /** The frame's exact origin, e.g. `https://auth.example.com`: the only origin posted to and read from. */
  origin: string
  /** The page's window, whose 'message' events carry the frame's answers. */
  window: FrameMessageSource
  /** Where ignored messages are reported. */
  logger?: FrameLogger
  /**
   * The deadline of a request that sets none, in milliseconds; none by default. It does not run while the frame says
   * the request waits for the visitor (`FRAME_APPROVAL` required), and starts afresh once that is decided.
   */
  deadlineMs?: number
  /** A fresh request id (1 to 64 letters, digits, _ or -); random UUIDs by default. */
  createId?: () => string
}

/** The kit's side: requests to the frame, each answered once by its success or error event. */
export interface FrameClient {
  /**
   * Posts a request and resolves with its success payload; rejects with a {@link FrameRequestError}: the frame's
   * error (its message, else 'An error occurred'), an abort, the deadline, or a request the protocol refuses
   * (its parse error, e.g. `payload.email: must be an email address`, before anything is posted).
   */
  request<K extends FrameRequestName>(
    name: K,
    payload: FrameRequestPayloads[K],
    options?: FrameRequestOptions,
  ): Promise<FrameSuccessPayloads[K]>
  /** Whether the frame has said it is ready (a reload of the frame says it again). */
  isReady(): boolean
  /** Calls `listener` on each ready signal of the frame; returns what stops it. */
  onReady(listener: () => void): () => void
  /**
   * Calls `listener` when a pending request waits for the visitor in the frame's UI (`required`: show the frame) and
   * when that is decided (`done`: hide it); signals for an id that is not pending are ignored and logged. Returns what
   * stops it.
   */
  onApproval(listener: (id: string, state: FrameApprovalState, name: FrameRequestName) => void): () => void
  /** How many requests wait for an answer. */
  pendingCount(): number
  /** Rejects every pending request with `error` (default 'Request was aborted'). */
  abortAll(error?: Error): void
  /** Stops reading messages and rejects what is pending ('Request was aborted'). Idempotent. */
  close(): void
}

interface Pending {
  name: FrameRequestName
  resolve(value: unknown): void
  reject(error: Error): void
  cleanup(): void
  /** Stops the deadline while the visitor decides in the frame (`required`), starts it afresh once decided. */
  pauseDeadline(paused: boolean): void
}

/** Creates the kit's side of the transport for one frame. */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const origin = exactOrigin(options.origin, 'The frame origin')
  const { frame, logger } = options
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID())
  const pending = new Map<string, Pending>()
  const answered = recentIds(REMEMBERED_IDS)
  /** Requests this side aborted: the frame's answer that still comes is expected, not worth a warning. */
  const aborted = recentIds(REMEMBERED_IDS)
  const readyListeners = new Set<() => void>()
  const approvalListeners = new Set<(id: string, state: FrameApprovalState, name: FrameRequestName) => void>()
  let ready = false
  let closed = false

  const ignore = (data: unknown, reason: string) =>
    logger?.warn(
      `[latchkey] frame message ignored (${reason}): type ${describeType(data)}, id ${describeId(data)}`,
    )

  const settle = (id: string) => {
    const entry = pending.get(id)
    if (!entry) return undefined
    pending.delete(id)
    answered.add(id)
    entry.cleanup()
    return entry
  }

  const onMessage = (event: MessageEvent) => {
    const fromFrame = event.source === frame
    const fromOrigin = event.origin === origin
    // Messages of unrelated windows and origins (extensions, other frames) are not ours: passed over quietly.
    if (!fromFrame && !fromOrigin) return
    if (!fromFrame) return ignore(event.data, `from ${origin} but not from the frame's window`)
    if (!fromOrigin) return ignore(event.data, `from the frame's window but origin ${event.origin}`)
    const parsed = parseFrameEvent(event.data)
    if (!parsed.ok) return ignore(event.data, parsed.error)
    const message = parsed.message
    if (message.type === FRAME_READY) {
      ready = true
      for (const listener of [...readyListeners]) listener()
      return
    }
    const entry = pending.get(message.id)
    if (!entry && aborted.has(message.id)) return
    if (!entry) return ignore(message, answered.has(message.id) ? 'already answered' : 'unknown id')
    if (message.type === FRAME_APPROVAL) {
      // The deadline measures the frame, not the visitor: it waits while they decide and starts again after.
      entry.pauseDeadline(message.payload.state === 'required')
      for (const listener of [...approvalListeners]) listener(message.id, message.payload.state, entry.name)
      return
    }
    const isSuccess = message.type === successType(entry.name)
    if (!isSuccess && message.type !== errorType(entry.name))
      return ignore(message, `answers another request than ${entry.name}`)
    settle(message.id)
    if (isSuccess) {
      entry.resolve('payload' in message ? message.payload : undefined)
      return
    }
    const error = (message as { payload: FrameErrorPayload }).payload
    entry.reject(new FrameRequestError(error.message || FRAME_MESSAGES.noMessage, 'error', error.code))
  }
  options.window.addEventListener('message', onMessage)

  const fail = (id: string, error: Error) => settle(id)?.reject(error)

  return {
    request(name, payload, requestOptions = {}) {
      const { signal } = requestOptions
      if (closed) return Promise.reject(new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
      if (signal?.aborted) return Promise.reject(new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
      const id = createId()
      const message =
        payload === undefined ? { type: requestType(name), id } : { type: requestType(name), id, payload }
      const parsed = parseFrameRequest(message)
      if (!parsed.ok) return Promise.reject(new FrameRequestError(parsed.error, 'refused'))
      if (pending.has(id) || answered.has(id))
        return Promise.reject(new FrameRequestError(`id: ${JSON.stringify(id)} was already used`, 'refused'))
      return new Promise<FrameSuccessPayloads[typeof name]>((resolve, reject) => {
        const deadlineMs = requestOptions.deadlineMs ?? options.deadlineMs
        let timer: ReturnType<typeof setTimeout> | undefined
        const startDeadline = () => {
          if (timer !== undefined) clearTimeout(timer)
          timer =
            deadlineMs === undefined
              ? undefined
              : setTimeout(
                  () => fail(id, new FrameRequestError(FRAME_MESSAGES.timeout, 'timeout')),
                  deadlineMs,
                )
        }
        startDeadline()
        const onAbort = () => {
          if (!pending.has(id)) return
          fail(id, new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
          aborted.add(id)
          try {
            frame.postMessage({ type: FRAME_ABORT, id }, origin)
          } catch {
            // The frame's window is gone: nothing there waits any more.
          }
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          name,
          resolve: resolve as (value: unknown) => void,
          reject,
          cleanup() {
            if (timer !== undefined) clearTimeout(timer)
            signal?.removeEventListener('abort', onAbort)
          },
          pauseDeadline(paused) {
            if (!paused) return startDeadline()
            if (timer !== undefined) clearTimeout(timer)
            timer = undefined
          },
        })
        try {
          frame.postMessage(message, origin)
        } catch {
          // The frame's window is gone (the iframe was removed): nothing will answer.
          fail(id, new FrameRequestError(FRAME_MESSAGES.failed, 'refused'))
        }
      })
    },
    isReady: () => ready,
    onReady(listener) {
      readyListeners.add(listener)
      return () => readyListeners.delete(listener)
    },
    onApproval(listener) {
      approvalListeners.add(listener)
      return () => approvalListeners.delete(listener)
    },
    pendingCount: () => pending.size,
    abortAll(error = new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted')) {
      for (const id of [...pending.keys()]) fail(id, error)
    },
    close() {
      if (closed) return
      closed = true
      options.window.removeEventListener('message', onMessage)
      readyListeners.clear()
      approvalListeners.clear()
      for (const id of [...pending.keys()]) fail(id, new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
    },
  }
}
