// What the relay does with each client socket: reads its frames, runs the relay methods, routes publishes to the
// other subscribers of a topic and pushes what waits in the topic's mailbox.
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { RawData, WebSocket } from 'ws'
import { Mailboxes, type StoredMessage } from './mailbox.js'
import {
  errorFrame,
  InvalidParamsError,
  type PublishParams,
  parseFrame,
  RPC_ERROR,
  readApproveSession,
  readBatchPublish,
  readBatchSubscribe,
  readBatchUnsubscribe,
  readProposeSession,
  readPublish,
  readSubscribe,
  readUnsubscribe,
  resultFrame,
} from './protocol.js'

/** Entries the call log keeps; older ones are dropped. */
const LOG_LIMIT = 10_000

/** Tags of the messages the two session methods publish, when the caller gives none (the SDK's own tags). */
const TAG = { proposal: 1100, proposalResponse: 1101, settleRequest: 1102 } as const

/** One method call the relay answered, once per topic it named (none for a call whose params failed). */
export interface RelayCall {
  method: string
  topic?: string
  /** Milliseconds since the epoch. */
  at: number
}

class MethodNotFoundError extends Error {}

/** The JSON-RPC code and message a failed call is answered with. */
function errorOf(error: unknown): [number, string] {
  if (error instanceof InvalidParamsError)
    return [RPC_ERROR.invalidParams, `Invalid params: ${error.message}`]
  if (error instanceof MethodNotFoundError) return [RPC_ERROR.methodNotFound, error.message]
  return [RPC_ERROR.internal, 'Internal error']
}

/** One client socket and what it subscribed to. */
class Connection {
  /** topic -> subscription id */
  readonly subscriptions = new Map<string, string>()
  /** push id -> the message pushed, until the client acknowledges it */
  readonly unacknowledged = new Map<string, StoredMessage>()
  alive = true

  constructor(
    readonly socket: WebSocket,
    /** The client's identity: the `iss` of its auth JWT (its did:key), else one made up for this socket. */
    readonly clientId: string,
  ) {}
}

/** Who a socket belongs to. The auth JWT is decoded, not verified: nothing here is a secret. */
function clientIdOf(request: IncomingMessage): string {
  try {
    const auth = new URL(request.url ?? '/', 'http://relay').searchParams.get('auth') ?? ''
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown
    const iss = (payload as { iss?: unknown } | null)?.iss
    if (typeof iss === 'string' && iss !== '') return iss
  } catch {
    // no usable JWT: an anonymous client
  }
  return `anonymous:${randomUUID()}`
}

/** The id of `clientId`'s subscription to `topic`: the one the SDK computes itself (sha256 of topic + client id). */
function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/** The clients, the mailboxes and the call log; outlives the server, which can stop and start again. */
export class Router {
  readonly log: RelayCall[] = []
  readonly mailboxes = new Mailboxes()
  private readonly open = new Set<Connection>()
  // Push ids: safe integers that look like the SDK's own (time-based), so no client mistakes them for its requests.
  private nextPushId = Date.now() * 1000

  /** The open client sockets. */
  sockets(): WebSocket[] {
    return [...this.open].map((connection) => connection.socket)
  }

  /** Takes a client socket the server upgraded. */
  accept(socket: WebSocket, request: IncomingMessage): void {
    const connection = new Connection(socket, clientIdOf(request))
    this.open.add(connection)
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('message', (data, isBinary) => this.receive(connection, data, isBinary))
    // A protocol error (a bad frame, an oversized message) closes the socket; the listener keeps it from throwing.
    socket.on('error', () => {})
    socket.on('close', () => this.drop(connection))
  }

  /** A socket closed: its subscriptions end, and what it did not acknowledge can be delivered to its client again. */
  private drop(connection: Connection): void {
    this.open.delete(connection)
    for (const stored of connection.unacknowledged.values()) stored.deliveredTo.delete(connection.clientId)
    connection.unacknowledged.clear()
  }

  /** Pings every client, and cuts the sockets that did not answer the previous ping. */
  heartbeat(): void {
    for (const connection of this.open) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
    this.mailboxes.sweep()
  }

  private send(connection: Connection, frame: string): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame)
  }

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.send(connection, errorFrame('null', RPC_ERROR.parse, 'Parse error: send JSON as text frames'))
      return
    }
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    const frame = parseFrame(bytes.toString('utf8'))
    if (frame.kind === 'invalid') {
      this.send(connection, errorFrame(frame.rawId, frame.code, frame.message))
      return
    }
    if (frame.kind === 'response') {
      connection.unacknowledged.delete(frame.id)
      return
    }
    let outcome: { result: unknown; after?: () => void }
    try {
      outcome = this.call(connection, frame.method, frame.params)
    } catch (error) {
      this.record(frame.method, [undefined])
      this.send(connection, errorFrame(frame.rawId, ...errorOf(error)))
      return
    }
    this.send(connection, resultFrame(frame.rawId, outcome.result))
    try {
      outcome.after?.()
    } catch (error) {
      // A bug of the relay's own; the caller has its answer already, and the other clients are served on.
      console.error('wc-relay: delivering after a call failed', error)
    }
  }

  // ---------- methods ----------

  /** Runs one method. `after` runs once the answer went out (deliveries that must follow it). */
  private call(
    connection: Connection,
    method: string,
    params: unknown,
  ): { result: unknown; after?: () => void } {
    switch (method) {
      case 'irn_subscribe': {
        const topic = readSubscribe(params)
        this.record(method, [topic])
        return {
          result: this.subscribe(connection, topic),
          after: () => this.deliverWaiting(connection, topic),
        }
      }
      case 'irn_batchSubscribe': {
        const topics = readBatchSubscribe(params)
        this.record(method, topics)
        return {
          result: topics.map((topic) => this.subscribe(connection, topic)),
          after: () => {
            for (const topic of topics) this.deliverWaiting(connection, topic)
          },
        }
      }
      case 'irn_unsubscribe': {
        const { topic } = readUnsubscribe(params)
        this.record(method, [topic])
        connection.subscriptions.delete(topic)
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const subscriptions = readBatchUnsubscribe(params)
        this.record(
          method,
          subscriptions.map(({ topic }) => topic),
        )
        for (const { topic } of subscriptions) connection.subscriptions.delete(topic)
        return { result: true }
      }
      case 'irn_publish': {
        const message = readPublish(params)
        this.record(method, [message.topic])
        return { result: true, after: () => this.publish(connection, message) }
      }
      case 'irn_batchPublish': {
        const messages = readBatchPublish(params)
        this.record(
          method,
          messages.map(({ topic }) => topic),
        )
        return {
          result: true,
          after: () => {
            for (const message of messages) this.publish(connection, message)
          },
        }
      }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, tag, attestation } = readProposeSession(params)
        this.record(method, [pairingTopic])
        this.subscribe(connection, pairingTopic)
        return {
          result: true,
          after: () => {
            this.publish(
              connection,
              { topic: pairingTopic, message: sessionProposal, ttl, tag, attestation },
              TAG.proposal,
            )
            this.deliverWaiting(connection, pairingTopic)
          },
        }
      }
      case 'wc_approveSession': {
        const approval = readApproveSession(params)
        const { pairingTopic, sessionTopic, ttl, tag, attestation } = approval
        this.record(method, [pairingTopic, sessionTopic])
        this.subscribe(connection, sessionTopic)
        return {
          result: true,
          after: () => {
            const response = {
              topic: pairingTopic,
              message: approval.sessionProposalResponse,
              ttl,
              tag,
              attestation,
            }
            this.publish(connection, response, TAG.proposalResponse)
            const settle = {
              topic: sessionTopic,
              message: approval.sessionSettlementRequest,
              ttl,
              tag,
              attestation,
            }
            this.publish(connection, settle, TAG.settleRequest)
            this.deliverWaiting(connection, sessionTopic)
          },
        }
      }
      default:
        throw new MethodNotFoundError(`Method not found: ${method}`)
    }
  }

  private subscribe(connection: Connection, topic: string): string {
    const id = subscriptionId(topic, connection.clientId)
    connection.subscriptions.set(topic, id)
    return id
  }

  /** Stores a message and pushes it to every other client subscribed to its topic. */
  private publish(sender: Connection, params: PublishParams, defaultTag?: number): void {
    const stored = this.mailboxes.put(params, sender.clientId, defaultTag)
    if (!stored) return
    for (const connection of this.open) {
      if (connection.subscriptions.has(stored.topic)) this.push(connection, stored)
    }
  }

  /** Pushes what waits on `topic` to a client that just subscribed. */
  private deliverWaiting(connection: Connection, topic: string): void {
    for (const stored of this.mailboxes.undelivered(topic, connection.clientId)) this.push(connection, stored)
  }

  /** Sends one `irn_subscription`, unless the client has the message already or it expired. */
  private push(connection: Connection, stored: StoredMessage): void {
    const subscription = connection.subscriptions.get(stored.topic)
    if (!subscription || stored.deliveredTo.has(connection.clientId) || stored.expiresAt <= Date.now()) return
    if (connection.socket.readyState !== connection.socket.OPEN) return
    stored.deliveredTo.add(connection.clientId)
    const id = this.nextPushId++
    connection.unacknowledged.set(String(id), stored)
    const data = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
      tag: stored.tag,
      ...(stored.attestation === undefined ? {} : { attestation: stored.attestation }),
    }
    connection.socket.send(
      JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscription, data } }),
    )
  }

  private record(method: string, topics: readonly (string | undefined)[]): void {
    const at = Date.now()
    for (const topic of topics) this.log.push(topic === undefined ? { method, at } : { method, topic, at })
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT)
  }
}
