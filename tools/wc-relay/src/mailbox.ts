// A mailbox per topic: every published message stays for its ttl, so a client that subscribes later still gets it
// (a wallet pairing after the dApp proposed), and each client gets it once.

import type { PublishParams } from './protocol.js'

/** A message waiting on a topic. */
export interface StoredMessage {
  readonly topic: string
  readonly message: string
  /** Milliseconds since the epoch, when the relay took it. */
  readonly publishedAt: number
  /** Milliseconds since the epoch; from then on it is never delivered. */
  readonly expiresAt: number
  readonly tag: number
  readonly attestation?: string
  /** Client ids that have it: its publisher, and every client it was pushed to (until a push goes unacknowledged). */
  readonly deliveredTo: Set<string>
}

/** The mailboxes of every topic. Time is `Date.now()`, so tests can move it with fake timers. */
export class Mailboxes {
  private readonly byTopic = new Map<string, StoredMessage[]>()

  /**
   * Keeps a message published by client `sender` (who never receives it back). Returns it, or undefined when the
   * same message is already waiting on the topic (a publish the SDK retried after a reconnect).
   */
  put(params: PublishParams, sender: string, defaultTag = 0): StoredMessage | undefined {
    const now = Date.now()
    const waiting = this.live(params.topic, now)
    if (waiting.some((stored) => stored.message === params.message)) return undefined
    const stored: StoredMessage = {
      topic: params.topic,
      message: params.message,
      publishedAt: now,
      expiresAt: now + params.ttl * 1000,
      tag: params.tag ?? defaultTag,
      ...(params.attestation === undefined ? {} : { attestation: params.attestation }),
      deliveredTo: new Set([sender]),
    }
    waiting.push(stored)
    this.byTopic.set(params.topic, waiting)
    return stored
  }

  /** The messages on `topic` still within their ttl that `clientId` has not had, oldest first. */
  undelivered(topic: string, clientId: string): StoredMessage[] {
    return this.live(topic, Date.now()).filter((stored) => !stored.deliveredTo.has(clientId))
  }

  /** Drops every expired message, and the topics left empty. */
  sweep(): void {
    const now = Date.now()
    for (const topic of [...this.byTopic.keys()]) this.live(topic, now)
  }

  clear(): void {
    this.byTopic.clear()
  }

  /** How many topics hold messages, and how many messages wait in all (expired ones included until a sweep). */
  counts(): { topics: number; messages: number } {
    let messages = 0
    for (const waiting of this.byTopic.values()) messages += waiting.length
    return { topics: this.byTopic.size, messages }
  }

  private live(topic: string, now: number): StoredMessage[] {
    const waiting = this.byTopic.get(topic)
    if (!waiting) return []
    const live = waiting.filter((stored) => stored.expiresAt > now)
    if (live.length === 0) this.byTopic.delete(topic)
    else if (live.length !== waiting.length) this.byTopic.set(topic, live)
    return live
  }
}
