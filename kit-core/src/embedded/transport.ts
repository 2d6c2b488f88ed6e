/**
 * The transport of the frame protocol: postMessage between the kit (the page) and the secure frame (its own origin).
 * Each side reads only messages from the exact origin and the exact window it expects, posts only to that origin
 * (never `'*'`), parses every message strictly (./parse.ts, 1 MB cap), and matches answers to requests by id: an
 * unknown, duplicate or replayed id is ignored and logged. Logs name the message's type, id and the reason, never its
 * content (an OTP or a signature request is not for logs).
 */
import {
  errorType,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameApprovalState,
  type FrameErrorPayload,
  type FrameRequest,
  type FrameRequestName,
  type FrameRequestPayloads,
  type FrameSuccessPayloads,
  MESSAGE_PREFIX,
  requestType,
  successType,
} from './messages.js'
import { parseFrameEvent, parseFrameRequest } from './parse.js'
import { ID_PATTERN } from './schemas.js'

/** The window a side posts to: the frame's `contentWindow` for the kit, `window.parent` for the frame. */
export interface FramePostTarget {
  postMessage(message: unknown, targetOrigin: string): void
}

/** The window whose 'message' events a side reads (its own `window`). */
export interface FrameMessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/** Where ignored messages are reported (the kit's logger). */
export interface FrameLogger {
  warn(...args: unknown[]): void
}

/** Why a request failed: the frame's error event, an abort, the deadline, or the transport refusing it. */
export type FrameRequestFailure = 'error' | 'aborted' | 'timeout' | 'refused'

/** A request that did not succeed. `code` is the frame's, when its error event carried one. */
export class FrameRequestError extends Error {
  override readonly name = 'FrameRequestError'
  constructor(
    message: string,
    readonly reason: FrameRequestFailure,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** The messages of the kit's side (SPEC §8, "Frame and RPC"). */
export const FRAME_MESSAGES = {
  aborted: 'Request was aborted',
  timeout: 'iframe_request_timeout',
  noMessage: 'An error occurred',
  failed: 'Something went wrong',
} as const

/** How many answered ids each side remembers to tell a replay from an unknown id (both are ignored). */
const REMEMBERED_IDS = 1_000

/** An origin as `URL.origin` writes it (scheme, host, port), or an error naming the problem. */
function exactOrigin(origin: string, what: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {
    parsed = undefined
  }
  if (!parsed || parsed.origin === 'null' || parsed.origin !== origin)
    throw new Error(
      `${what} must be an exact origin such as https://auth.example.com, got ${JSON.stringify(origin)}`,
    )
  return origin
}

/** A bounded set of recent ids, oldest dropped first. */
function recentIds(limit: number) {
  const ids = new Set<string>()
  return {
    has: (id: string) => ids.has(id),
    add(id: string) {
      ids.add(id)
      if (ids.size > limit) ids.delete(ids.values().next().value as string)
    },
  }
}

/** The type string of a message, shortened for a log line; '(none)' when it has none. */
function describeType(data: unknown): string {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined
  return typeof type === 'string' ? JSON.stringify(type.slice(0, 100)) : '(none)'
}

function describeId(data: unknown): string {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined
  return typeof id === 'string' ? JSON.stringify(id.slice(0, 64)) : '(none)'
}

/** Per-request options of the kit's side. */
export interface FrameRequestOptions {
  /** Aborts the request: it rejects with 'Request was aborted' and a late answer is ignored. */
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
  /** The deadline of a request that sets none, in milliseconds; none by default. */
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
}

/** Creates the kit's side of the transport for one frame. */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const origin = exactOrigin(options.origin, 'The frame origin')
  const { frame, logger } = options
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID())
  const pending = new Map<string, Pending>()
  const answered = recentIds(REMEMBERED_IDS)
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
    if (!entry) return ignore(message, answered.has(message.id) ? 'already answered' : 'unknown id')
    if (message.type === FRAME_APPROVAL) {
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
        const timer =
          deadlineMs === undefined
            ? undefined
            : setTimeout(() => fail(id, new FrameRequestError(FRAME_MESSAGES.timeout, 'timeout')), deadlineMs)
        const onAbort = () => fail(id, new FrameRequestError(FRAME_MESSAGES.aborted, 'aborted'))
        signal?.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          name,
          resolve: resolve as (value: unknown) => void,
          reject,
          cleanup() {
            if (timer !== undefined) clearTimeout(timer)
            signal?.removeEventListener('abort', onAbort)
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

/** An error the frame's handler throws to answer a request with that message (and code) in its error event. */
export class FrameHandlerError extends Error {
  override readonly name = 'FrameHandlerError'
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/**
 * The frame's answer to one request: its success payload. Throwing a {@link FrameHandlerError} answers its message
 * and code; any other throw answers 'Something went wrong' (a frame's internals stay in the frame).
 */
export type FrameRequestHandler = (request: FrameRequest, context: FrameHandlerContext) => Promise<unknown>

/** What a handler gets besides its request. */
export interface FrameHandlerContext {
  /** Aborts when the host closes. */
  signal: AbortSignal
  /** Tells the kit that this request waits for the visitor in the frame's UI (`required`), then that it is decided. */
  approval(state: FrameApprovalState): void
}

/** Options of the frame's side of the transport. */
export interface FrameHostOptions {
  /** The parent page's window (`window.parent`): the only window read from and posted to. */
  parent: FramePostTarget
  /** The parent's exact origin, once the frame has checked it is allowed for the project. */
  parentOrigin: string
  /** The frame's own window, whose 'message' events carry the requests. */
  window: FrameMessageSource
  handle: FrameRequestHandler
  logger?: FrameLogger
}

/** The frame's side: answers each request once, through its handler. */
export interface FrameHost {
  /** Tells the parent the frame is ready (FRAME_READY). */
  ready(): void
  /** How many requests the handler is working on. */
  inFlight(): number
  /** Stops reading requests and aborts the handlers' signals. Idempotent. */
  close(): void
}

/** Creates the frame's side of the transport for its parent page. */
export function createFrameHost(options: FrameHostOptions): FrameHost {
  const parentOrigin = exactOrigin(options.parentOrigin, 'The parent origin')
  const { parent, logger } = options
  const seen = recentIds(REMEMBERED_IDS * 10)
  const running = new Set<string>()
  const stop = new AbortController()
  let closed = false

  const ignore = (data: unknown, reason: string) =>
    logger?.warn(`[latchkey] request ignored (${reason}): type ${describeType(data)}, id ${describeId(data)}`)

  const post = (message: unknown) => {
    if (closed) return
    const checked = parseFrameEvent(message)
    if (checked.ok) return parent.postMessage(message, parentOrigin)
    // The handler answered a shape the protocol refuses: the kit gets an error, never the malformed answer.
    logger?.warn(
      `[latchkey] the frame's answer was refused (${checked.error}): type ${describeType(message)}`,
    )
    const { type, id } = message as { type: string; id: string }
    if (type === FRAME_APPROVAL) return
    const name = type.slice(MESSAGE_PREFIX.length).replace(/_(?:SUCCESS|ERROR)$/, '') as FrameRequestName
    parent.postMessage(
      { type: errorType(name), id, payload: { message: FRAME_MESSAGES.failed } },
      parentOrigin,
    )
  }

  const answer = async (request: FrameRequest) => {
    const name = request.type.slice(MESSAGE_PREFIX.length) as FrameRequestName
    running.add(request.id)
    try {
      const approval = (state: FrameApprovalState) => {
        if (running.has(request.id)) post({ type: FRAME_APPROVAL, id: request.id, payload: { state } })
      }
      const payload = await options.handle(request, { signal: stop.signal, approval })
      post(
        payload === undefined
          ? { type: successType(name), id: request.id }
          : { type: successType(name), id: request.id, payload },
      )
    } catch (error) {
      const payload: FrameErrorPayload =
        error instanceof FrameHandlerError
          ? { message: error.message, ...(error.code === undefined ? {} : { code: error.code }) }
          : { message: FRAME_MESSAGES.failed }
      post({ type: errorType(name), id: request.id, payload })
    } finally {
      running.delete(request.id)
    }
  }

  const onMessage = (event: MessageEvent) => {
    const fromParent = event.source === parent
    const fromOrigin = event.origin === parentOrigin
    if (!fromParent && !fromOrigin) return
    if (!fromParent) return ignore(event.data, `from ${parentOrigin} but not from the parent window`)
    if (!fromOrigin) return ignore(event.data, `from the parent window but origin ${event.origin}`)
    const parsed = parseFrameRequest(event.data)
    if (!parsed.ok) {
      // A known request whose payload is wrong, under a valid and fresh id, is answered with the problem (the kit
      // learns which field, instead of waiting for its deadline); anything else is ignored.
      const id = (event.data as { id?: unknown }).id
      if (
        parsed.error.startsWith('payload') &&
        typeof id === 'string' &&
        ID_PATTERN.test(id) &&
        !seen.has(id)
      ) {
        seen.add(id)
        const type = (event.data as { type: string }).type
        post({ type: `${type}_ERROR`, id, payload: { message: parsed.error } })
        return
      }
      return ignore(event.data, parsed.error)
    }
    const request = parsed.message
    if (seen.has(request.id)) return ignore(request, running.has(request.id) ? 'duplicate id' : 'replayed id')
    seen.add(request.id)
    void answer(request)
  }
  options.window.addEventListener('message', onMessage)

  return {
    ready() {
      if (!closed) parent.postMessage({ type: FRAME_READY }, parentOrigin)
    },
    inFlight: () => running.size,
    close() {
      if (closed) return
      closed = true
      options.window.removeEventListener('message', onMessage)
      stop.abort()
    },
  }
}
