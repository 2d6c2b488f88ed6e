/**
 * What both sides of the frame transport share: the window shapes, the errors and messages, the exact-origin check,
 * the bounded memory of ids and the log line's description of a message (its type and id, never its content).
 */
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
export const REMEMBERED_IDS = 1_000

/** An origin as `URL.origin` writes it (scheme, host, port), or an error naming the problem. */
export function exactOrigin(origin: string, what: string): string {
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
export function recentIds(limit: number) {
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
export function describeType(data: unknown): string {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined
  return typeof type === 'string' ? JSON.stringify(type.slice(0, 100)) : '(none)'
}

export function describeId(data: unknown): string {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined
  return typeof id === 'string' ? JSON.stringify(id.slice(0, 64)) : '(none)'
}
