/**
 * Parsing what crosses the frame boundary: the kit parses every event the frame posts, the frame every request the
 * kit posts. A parser never throws: it answers the message, typed, or the first problem found, naming the field.
 */
import { type Check, isPlainObject, object, text } from './checks.js'
import {
  FRAME_ABORT,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameEvent,
  type FrameInbound,
  type FrameRequest,
  type FrameRequestName,
  MESSAGE_PREFIX,
  REQUEST_NAMES,
} from './messages.js'
import { APPROVAL_PAYLOAD, ERROR_PAYLOAD, ID_PATTERN, REQUEST_PAYLOADS, SUCCESS_PAYLOADS } from './schemas.js'

/** The largest message either side accepts: 1 MB of UTF-8 JSON. */
export const MAX_MESSAGE_BYTES = 1_000_000

/** A parse's answer. */
export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string }

const NAMES: ReadonlySet<string> = new Set(REQUEST_NAMES)
const id = text(64, 1, ID_PATTERN, 'must be 1 to 64 letters, digits, _ or -')

/**
 * A message's size: the UTF-8 length of its JSON, or undefined when it has no JSON form (a cycle, a BigInt).
 * Stops early (answering more than MAX_MESSAGE_BYTES) when the text alone is too long.
 */
export function messageSize(input: unknown): number | undefined {
  let serialized: string | undefined
  try {
    serialized = JSON.stringify(input)
  } catch {
    return undefined
  }
  if (serialized === undefined) return undefined
  if (serialized.length > MAX_MESSAGE_BYTES) return serialized.length
  return new TextEncoder().encode(serialized).length
}

function envelope(input: unknown, payload: Check | null, withId: boolean): string | undefined {
  const shape: Record<string, Check> = { type: () => undefined }
  if (withId) shape.id = id
  if (payload) shape.payload = payload
  return object(shape)(input, 'message')?.replace(/^message\./, '')
}

function parse<T>(
  input: unknown,
  schemaOf: (type: string) => [Check | null, boolean] | string,
): ParseResult<T> {
  try {
    if (!isPlainObject(input)) return { ok: false, error: 'message: must be an object' }
    const size = messageSize(input)
    if (size === undefined) return { ok: false, error: 'message: must be JSON data' }
    if (size > MAX_MESSAGE_BYTES)
      return { ok: false, error: `message: larger than ${MAX_MESSAGE_BYTES} bytes` }
    const type = Object.hasOwn(input, 'type') ? input.type : undefined
    if (typeof type !== 'string') return { ok: false, error: 'type: must be a string' }
    const schema = schemaOf(type)
    if (typeof schema === 'string') return { ok: false, error: schema }
    const problem = envelope(input, schema[0], schema[1])
    return problem ? { ok: false, error: problem } : { ok: true, message: input as T }
  } catch {
    // A structured clone cannot throw on reading; a hostile object in the same realm could. Refused all the same.
    return { ok: false, error: 'message: unreadable' }
  }
}

const nameOf = (type: string): string | undefined =>
  type.startsWith(MESSAGE_PREFIX) ? type.slice(MESSAGE_PREFIX.length) : undefined

/** Parses a request the kit posted (the frame's side); the abort of a pending one is {@link parseFrameInbound}'s. */
export function parseFrameRequest(input: unknown): ParseResult<FrameRequest> {
  return parse<FrameRequest>(input, (type) => {
    const name = nameOf(type)
    if (name === undefined || !NAMES.has(name))
      return `type: unknown request ${JSON.stringify(type.slice(0, 100))}`
    return [REQUEST_PAYLOADS[name as FrameRequestName], true]
  })
}

/** Parses anything the kit posted (the frame's side): a request, or the abort of a pending one (an id, no payload). */
export function parseFrameInbound(input: unknown): ParseResult<FrameInbound> {
  if (isPlainObject(input) && Object.hasOwn(input, 'type') && input.type === FRAME_ABORT)
    return parse<FrameInbound>(input, () => [null, true])
  return parseFrameRequest(input)
}

/** Parses an event the frame posted (the kit's side): a success, an error, the ready or an approval signal. */
export function parseFrameEvent(input: unknown): ParseResult<FrameEvent> {
  return parse<FrameEvent>(input, (type) => {
    if (type === FRAME_READY) return [null, false]
    if (type === FRAME_APPROVAL) return [APPROVAL_PAYLOAD, true]
    const name = nameOf(type)
    const unknown = `type: unknown event ${JSON.stringify(type.slice(0, 100))}`
    if (name === undefined) return unknown
    if (name.endsWith('_SUCCESS')) {
      const request = name.slice(0, -'_SUCCESS'.length)
      return NAMES.has(request) ? [SUCCESS_PAYLOADS[request as FrameRequestName], true] : unknown
    }
    if (name.endsWith('_ERROR')) {
      return NAMES.has(name.slice(0, -'_ERROR'.length)) ? [ERROR_PAYLOAD, true] : unknown
    }
    return unknown
  })
}
