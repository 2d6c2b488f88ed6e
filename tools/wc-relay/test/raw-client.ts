// A bare `ws` client that speaks the relay protocol by hand, recording every frame it receives.
import { createHash } from 'node:crypto'
import { WebSocket } from 'ws'

/** A JSON-RPC frame as received. */
export interface Frame {
  id?: number | string | null
  jsonrpc?: string
  method?: string
  params?: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } }
  result?: unknown
  error?: { code: number; message: string }
}

/** A 64-hex-character topic, different for each `seed`. */
export function topicOf(seed: string): string {
  return createHash('sha256').update(seed).digest('hex')
}

/** The subscription id the SDK expects: sha256 of topic + client id. */
export function subscriptionIdOf(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/** An unsigned JWT naming `iss`, as the relay only decodes it. */
function authToken(iss: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ iss, sub: 'test', aud: 'ws://127.0.0.1' })}.c2ln`
}

let nextId = 1

export class RawClient {
  /** Every frame received, in order. */
  readonly frames: Frame[] = []
  /** Raw text of every frame received. */
  readonly texts: string[] = []
  private readonly listeners = new Set<() => void>()

  private constructor(
    readonly socket: WebSocket,
    readonly clientId: string,
  ) {
    socket.on('message', (data) => {
      const text = data.toString()
      this.texts.push(text)
      this.frames.push(JSON.parse(text) as Frame)
      for (const listener of this.listeners) listener()
    })
  }

  /** Connects as client `clientId` (the JWT's iss) to `url` plus `path`. */
  static open(
    url: string,
    clientId: string,
    options: { path?: string; autoPong?: boolean } = {},
  ): Promise<RawClient> {
    const query = `?auth=${authToken(clientId)}&projectId=test&ua=raw-client`
    const socket = new WebSocket(`${url}${options.path ?? '/'}${query}`, {
      autoPong: options.autoPong ?? true,
    })
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawClient(socket, clientId)))
      socket.once('error', reject)
    })
  }

  /** Resolves with the first frame received (from `from` on) that matches. */
  waitFor(match: (frame: Frame) => boolean, from = 0): Promise<Frame> {
    return new Promise((resolve) => {
      const check = () => {
        const found = this.frames.slice(from).find(match)
        if (!found) return false
        this.listeners.delete(listener)
        resolve(found)
        return true
      }
      const listener = () => void check()
      this.listeners.add(listener)
      check()
    })
  }

  /** Sends a raw text frame. */
  sendText(text: string): void {
    this.socket.send(text)
  }

  /** Sends a request and resolves with its answer (a result or an error frame). */
  async call(method: string, params?: unknown): Promise<Frame> {
    const id = nextId++
    this.sendText(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.waitFor((frame) => frame.id === id && frame.method === undefined)
  }

  /** Like {@link call}, but resolves with the result and throws on an error answer. */
  async result(method: string, params?: unknown): Promise<unknown> {
    const answer = await this.call(method, params)
    if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
    return answer.result
  }

  /** The `irn_subscription` pushes received so far. */
  pushes(): Frame[] {
    return this.frames.filter((frame) => frame.method === 'irn_subscription')
  }

  /** Resolves once `count` pushes arrived in all. */
  async pushCount(count: number): Promise<Frame[]> {
    await this.waitFor(() => this.pushes().length >= count)
    return this.pushes()
  }

  /** Acknowledges a push, as the SDK does. */
  ack(push: Frame): void {
    this.sendText(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
  }

  /**
   * Resolves once the relay answered everything sent before: frames arrive in order, so any push caused by an
   * earlier call has arrived by then.
   */
  async settle(): Promise<void> {
    await this.result('irn_unsubscribe', { topic: topicOf('settle'), id: 'settle' })
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve()
      this.socket.once('close', () => resolve())
      this.socket.close()
    })
  }
}
