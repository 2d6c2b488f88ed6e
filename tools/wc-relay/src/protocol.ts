// JSON-RPC 2.0 as the relay reads and writes it: a frame becomes a request, a response (a client's ack of a push) or
// an error to answer; each method's params are checked strictly (unknown extra keys, such as the SDK's `tvf`
// fields on a publish, are ignored).

/** JSON-RPC error codes the relay answers with. */
export const RPC_ERROR = {
  parse: -32_700,
  invalidRequest: -32_600,
  methodNotFound: -32_601,
  invalidParams: -32_602,
  internal: -32_603,
} as const

/** Longest message life the relay accepts, in seconds (30 days, the longest the SDKs ask for). */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Most topics (or messages) one batch call may carry, as the SDK's own batch limit. */
export const MAX_BATCH = 500

/** What one text frame holds. `rawId` is the request id as JSON text, echoed byte for byte in the answer. */
export type Frame =
  | { kind: 'request'; rawId: string; method: string; params: unknown }
  | { kind: 'response'; id: string }
  | { kind: 'invalid'; rawId: string; code: number; message: string }

const NULL_ID = 'null'

/** Params that fail a method's checks; answered with {@link RPC_ERROR.invalidParams}. */
export class InvalidParamsError extends Error {
  override name = 'InvalidParamsError'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Index of the quote that closes the JSON string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i
}

/**
 * The raw text of a number member of the top-level object of `text` (JSON that parsed already). Needed for ids
 * beyond 2^53 (SDKs in other languages send 19-digit ids as JSON numbers), which JSON.parse rounds.
 */
function topLevelNumberText(text: string, key: string): string | undefined {
  let depth = 0
  let atKey = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '"') {
      const end = stringEnd(text, i)
      if (depth === 1 && atKey && JSON.parse(text.slice(i, end + 1)) === key) {
        return /^\s*:\s*(-?[\d.eE+-]+)/.exec(text.slice(end + 1))?.[1]
      }
      atKey = false
      i = end
    } else if (char === '{' || char === '[') {
      depth++
      atKey = depth === 1
    } else if (char === '}' || char === ']') {
      depth--
    } else if (char === ',' && depth === 1) {
      atKey = true
    }
  }
  return undefined
}

/** Reads one text frame. Never throws: anything malformed becomes an `invalid` frame to answer. */
export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return {
      kind: 'invalid',
      rawId: NULL_ID,
      code: RPC_ERROR.parse,
      message: 'Parse error: the frame is not JSON',
    }
  }
  if (!isRecord(value)) {
    const message = Array.isArray(value)
      ? 'Invalid request: batch arrays are not supported, send one request per frame'
      : 'Invalid request: a JSON-RPC request must be an object'
    return { kind: 'invalid', rawId: NULL_ID, code: RPC_ERROR.invalidRequest, message }
  }
  const { id } = value
  let rawId: string | undefined
  if (typeof id === 'string') rawId = JSON.stringify(id)
  else if (typeof id === 'number' && Number.isFinite(id))
    rawId = Number.isSafeInteger(id) ? String(id) : (topLevelNumberText(text, 'id') ?? String(id))
  const invalid = (message: string): Frame => ({
    kind: 'invalid',
    rawId: rawId ?? NULL_ID,
    code: RPC_ERROR.invalidRequest,
    message: `Invalid request: ${message}`,
  })
  if ('method' in value) {
    if (rawId === undefined)
      return invalid('`id` must be a string or a number (the relay has no notifications)')
    if (value.jsonrpc !== '2.0') return invalid('`jsonrpc` must be "2.0"')
    if (typeof value.method !== 'string' || value.method === '') return invalid('`method` must be a string')
    return { kind: 'request', rawId, method: value.method, params: value.params }
  }
  if (rawId !== undefined && ('result' in value || 'error' in value)) {
    return { kind: 'response', id: typeof id === 'string' ? id : rawId }
  }
  return invalid('neither a request (`method`) nor a response (`result` or `error` with an `id`)')
}

/** The answer to a request, as a frame. */
export function resultFrame(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** An error answer, as a frame. */
export function errorFrame(rawId: string, code: number, message: string): string {
  return `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

// ---------- params ----------

const TOPIC = /^[0-9a-fA-F]{64}$/

function paramsRecord(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw new InvalidParamsError('`params` must be an object')
  return params
}

function readTopic(value: unknown, name: string): string {
  if (typeof value !== 'string' || !TOPIC.test(value))
    throw new InvalidParamsError(`\`${name}\` must be a topic: 64 hexadecimal characters`)
  return value
}

function readMessage(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '')
    throw new InvalidParamsError(`\`${name}\` must be a non-empty string`)
  return value
}

function readTtl(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TTL_SECONDS)
    throw new InvalidParamsError(
      `\`${name}\` must be an integer number of seconds from 1 to ${MAX_TTL_SECONDS}`,
    )
  return value
}

function readTag(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new InvalidParamsError(`\`${name}\` must be a non-negative integer`)
  return value
}

function readAttestation(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new InvalidParamsError(`\`${name}\` must be a string`)
  return value
}

function readPrompt(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'boolean')
    throw new InvalidParamsError(`\`${name}\` must be a boolean`)
}

function readArray(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH)
    throw new InvalidParamsError(`\`${name}\` must be an array of 1 to ${MAX_BATCH} entries`)
  return value
}

/** What is published on one topic. `tag` is left undefined when the caller gave none. */
export interface PublishParams {
  topic: string
  message: string
  ttl: number
  tag?: number
  attestation?: string
}

function readPublishRecord(params: Record<string, unknown>, prefix: string): PublishParams {
  readPrompt(params.prompt, `${prefix}prompt`)
  return {
    topic: readTopic(params.topic, `${prefix}topic`),
    message: readMessage(params.message, `${prefix}message`),
    ttl: readTtl(params.ttl, `${prefix}ttl`),
    tag: readTag(params.tag, `${prefix}tag`),
    attestation: readAttestation(params.attestation, `${prefix}attestation`),
  }
}

/** `irn_publish` params: `{ topic, message, ttl, tag?, prompt?, attestation? }`. */
export function readPublish(params: unknown): PublishParams {
  return readPublishRecord(paramsRecord(params), '')
}

/** `irn_batchPublish` params: `{ messages: PublishParams[] }`. */
export function readBatchPublish(params: unknown): PublishParams[] {
  return readArray(paramsRecord(params).messages, 'messages').map((entry, index) => {
    if (!isRecord(entry)) throw new InvalidParamsError(`\`messages[${index}]\` must be an object`)
    return readPublishRecord(entry, `messages[${index}].`)
  })
}

/** `irn_subscribe` params: `{ topic }`. */
export function readSubscribe(params: unknown): string {
  return readTopic(paramsRecord(params).topic, 'topic')
}

/** `irn_batchSubscribe` params: `{ topics: string[] }`. */
export function readBatchSubscribe(params: unknown): string[] {
  return readArray(paramsRecord(params).topics, 'topics').map((topic, index) =>
    readTopic(topic, `topics[${index}]`),
  )
}

/** One subscription to end: `{ topic, id }` (the id the subscribe call answered). */
export interface UnsubscribeParams {
  topic: string
  id: string
}

function readUnsubscribeRecord(params: Record<string, unknown>, prefix: string): UnsubscribeParams {
  const topic = readTopic(params.topic, `${prefix}topic`)
  if (typeof params.id !== 'string' || params.id === '')
    throw new InvalidParamsError(`\`${prefix}id\` must be a subscription id (a non-empty string)`)
  return { topic, id: params.id }
}

/** `irn_unsubscribe` params: `{ topic, id }`. */
export function readUnsubscribe(params: unknown): UnsubscribeParams {
  return readUnsubscribeRecord(paramsRecord(params), '')
}

/** `irn_batchUnsubscribe` params: `{ subscriptions: { topic, id }[] }`. */
export function readBatchUnsubscribe(params: unknown): UnsubscribeParams[] {
  return readArray(paramsRecord(params).subscriptions, 'subscriptions').map((entry, index) => {
    if (!isRecord(entry)) throw new InvalidParamsError(`\`subscriptions[${index}]\` must be an object`)
    return readUnsubscribeRecord(entry, `subscriptions[${index}].`)
  })
}

/** `wc_proposeSession` params (sign-client's sendProposeSession): the proposal, sealed for the pairing topic. */
export interface ProposeSessionParams {
  pairingTopic: string
  sessionProposal: string
  ttl: number
  tag?: number
  attestation?: string
}

export function readProposeSession(params: unknown): ProposeSessionParams {
  const record = paramsRecord(params)
  readPrompt(record.prompt, 'prompt')
  return {
    pairingTopic: readTopic(record.pairingTopic, 'pairingTopic'),
    sessionProposal: readMessage(record.sessionProposal, 'sessionProposal'),
    ttl: readTtl(record.ttl, 'ttl'),
    tag: readTag(record.tag, 'tag'),
    attestation: readAttestation(record.attestation, 'attestation'),
  }
}

/**
 * `wc_approveSession` params (sign-client's sendApproveSession): the answer to the proposal, sealed for the pairing
 * topic, and the settle request, sealed for the new session topic.
 */
export interface ApproveSessionParams {
  pairingTopic: string
  sessionTopic: string
  sessionProposalResponse: string
  sessionSettlementRequest: string
  ttl: number
  tag?: number
  attestation?: string
}

export function readApproveSession(params: unknown): ApproveSessionParams {
  const record = paramsRecord(params)
  readPrompt(record.prompt, 'prompt')
  return {
    pairingTopic: readTopic(record.pairingTopic, 'pairingTopic'),
    sessionTopic: readTopic(record.sessionTopic, 'sessionTopic'),
    sessionProposalResponse: readMessage(record.sessionProposalResponse, 'sessionProposalResponse'),
    sessionSettlementRequest: readMessage(record.sessionSettlementRequest, 'sessionSettlementRequest'),
    ttl: readTtl(record.ttl, 'ttl'),
    tag: readTag(record.tag, 'tag'),
    attestation: readAttestation(record.attestation, 'attestation'),
  }
}
