import type { ServerResponse } from 'node:http'
import type { Fault, RecordedRequest } from './control.js'

/** The faults answered with a body of their own: too big, cut short, or not JSON. */
type BodyFault = 'oversized' | 'truncated' | 'malformed'

/** Default size of an 'oversized' answer: 50 MB, far over any client's cap. */
export const DEFAULT_OVERSIZED_BYTES = 50 * 1024 * 1024
/** Default announced size of a 'truncated' answer (half of it is sent). */
export const DEFAULT_TRUNCATED_BYTES = 64 * 1024
/** The body of a 'malformed' answer: what a proxy's error page looks like, served as a 200. */
export const MALFORMED_BODY = '<html><body>Service temporarily unavailable</body></html>'

const HEAD = '{"data":[],"count":0,"padding":"'
const TAIL = '"}'
const FILLER = Buffer.alloc(64 * 1024, 'x')

export function isBodyFault(fault: Fault | undefined): fault is Fault & { fault: BodyFault } {
  return fault?.fault === 'oversized' || fault?.fault === 'truncated' || fault?.fault === 'malformed'
}

/**
 * Answers with a body fault. 'oversized': a valid JSON object of `sizeBytes` bytes (default 50 MB, at least its
 * 34 bytes of structure), generated in 64 KiB chunks as the socket drains, never held whole, with a Content-Length
 * unless `lengthHeader` is false. 'truncated': announces `sizeBytes` (default 64 KiB), sends the first half, then
 * destroys the socket. 'malformed': {@link MALFORMED_BODY}, labelled JSON. `status` defaults to 200.
 * `recorded.streamed` counts the body bytes written to the socket and says whether the whole body went out ('sent') or
 * the connection closed first ('closed': the client hung up, or the 'truncated' fault cut it).
 */
export function answerBodyFault(
  res: ServerResponse,
  fault: Fault & { fault: BodyFault },
  recorded: RecordedRequest,
  headers: Record<string, string>,
): void {
  const streamed: NonNullable<RecordedRequest['streamed']> = { bytes: 0, state: 'sending' }
  recorded.streamed = streamed
  const sent = () => {
    streamed.state = 'sent'
  }
  res.on('close', () => {
    if (streamed.state === 'sending') streamed.state = 'closed'
  })
  const status = fault.status ?? 200
  const write = (chunk: string | Buffer) => {
    streamed.bytes += Buffer.byteLength(chunk)
    return res.write(chunk)
  }
  const json = { ...headers, 'content-type': 'application/json' }
  if (fault.fault === 'malformed') {
    res.writeHead(status, json)
    write(MALFORMED_BODY)
    res.end(sent)
    return
  }
  const oversized = fault.fault === 'oversized'
  const size = Math.max(
    HEAD.length + TAIL.length,
    Math.floor(fault.sizeBytes ?? (oversized ? DEFAULT_OVERSIZED_BYTES : DEFAULT_TRUNCATED_BYTES)),
  )
  const withLength = !oversized || fault.lengthHeader !== false
  res.writeHead(status, withLength ? { ...json, 'content-length': String(size) } : json)
  // The padding sent: all of it, or (truncated) what fits in the first half of the body.
  let left = (oversized ? size - TAIL.length : Math.floor(size / 2)) - HEAD.length
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left)
      left -= chunk.length
      if (!write(chunk)) {
        res.once('drain', pump)
        return
      }
    }
    if (res.destroyed) return
    if (!oversized) {
      // Flushed first, so the client gets the half before the connection drops.
      res.write('', () => res.socket?.destroy())
      return
    }
    write(TAIL)
    res.end(sent)
  }
  write(HEAD)
  pump()
}
