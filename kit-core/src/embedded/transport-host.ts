/** The frame's side of the frame transport: it answers its parent page only, each request id once. */
import {
  errorType,
  FRAME_ABORT,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameApprovalState,
  type FrameErrorPayload,
  type FrameRequest,
  type FrameRequestName,
  MESSAGE_PREFIX,
  successType,
} from './messages.js'
import { parseFrameEvent, parseFrameInbound } from './parse.js'
import { ID_PATTERN } from './schemas.js'
import {
  describeId,
  describeType,
  exactOrigin,
  FRAME_MESSAGES,
  type FrameLogger,
  type FrameMessageSource,
  type FramePostTarget,
  REMEMBERED_IDS,
  recentIds,
} from './transport-common.js'

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
  /** Aborts when the host closes, or when the kit aborts this request (`FRAME_ABORT`: it no longer waits for it). */
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
  /** The requests being answered, each with what aborts its handler. */
  const running = new Map<string, AbortController>()
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
    const own = new AbortController()
    const onStop = () => own.abort()
    stop.signal.addEventListener('abort', onStop, { once: true })
    running.set(request.id, own)
    try {
      const approval = (state: FrameApprovalState) => {
        if (running.has(request.id)) post({ type: FRAME_APPROVAL, id: request.id, payload: { state } })
      }
      const payload = await options.handle(request, { signal: own.signal, approval })
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
      // The frame's own log (never the parent's) says what went wrong inside.
      if (!(error instanceof FrameHandlerError))
        logger?.warn(
          `[latchkey] ${name} failed inside the frame: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'}`,
        )
      post({ type: errorType(name), id: request.id, payload })
    } finally {
      running.delete(request.id)
      stop.signal.removeEventListener('abort', onStop)
    }
  }

  const onMessage = (event: MessageEvent) => {
    const fromParent = event.source === parent
    const fromOrigin = event.origin === parentOrigin
    if (!fromParent && !fromOrigin) return
    if (!fromParent) return ignore(event.data, `from ${parentOrigin} but not from the parent window`)
    if (!fromOrigin) return ignore(event.data, `from the parent window but origin ${event.origin}`)
    const parsed = parseFrameInbound(event.data)
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
    if (request.type === FRAME_ABORT) {
      // The kit no longer waits for this request: its handler's signal aborts (an approval is dropped as rejected).
      const handler = running.get(request.id)
      if (!handler) return ignore(request, 'abort of a request not running')
      handler.abort()
      return
    }
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
