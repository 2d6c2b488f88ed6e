// The messages the sink received, in memory, newest first on reading. Nothing here is trusted: every field comes
// from whoever connected to the SMTP port.

/** One received message, as the HTTP API answers it. */
export interface SinkMessage {
  /** The sink's own id (a counter), for `/api/messages/{id}` and the mailbox page. */
  id: string
  /** The From header as written (display name and address), '' without one. */
  from: string
  /** The recipients, lowercase: the envelope's (RCPT TO), which include Bcc. */
  to: string[]
  subject: string
  /** The plain-text body ('' without one). */
  text: string
  /** The HTML body as sent (hostile: never render it unescaped), null without one. */
  html: string | null
  /** The Date header (ISO 8601), or when it arrived if the header is missing or invalid. */
  date: string
  /** When the sink received it (ISO 8601). */
  receivedAt: string
}

/** The kept messages, capped at `max` (the oldest dropped first). */
export class MessageStore {
  private readonly kept: SinkMessage[] = []
  private next = 1

  constructor(private readonly max: number) {}

  /** Keeps a message and gives it the next id. */
  add(message: Omit<SinkMessage, 'id'>): SinkMessage {
    const stored = { id: String(this.next++), ...message }
    this.kept.push(stored)
    if (this.kept.length > this.max) this.kept.splice(0, this.kept.length - this.max)
    return stored
  }

  /** The messages to `to` (any recipient, case-insensitive), or all; newest (last received) first. */
  list(to?: string): SinkMessage[] {
    const wanted = to?.trim().toLowerCase()
    const matching = wanted ? this.kept.filter((message) => message.to.includes(wanted)) : this.kept
    return [...matching].reverse()
  }

  get(id: string): SinkMessage | undefined {
    return this.kept.find((message) => message.id === id)
  }

  /** Forgets the messages to `to`, or all; how many went. */
  clear(to?: string): number {
    const wanted = to?.trim().toLowerCase()
    const before = this.kept.length
    const left = wanted ? this.kept.filter((message) => !message.to.includes(wanted)) : []
    this.kept.splice(0, this.kept.length, ...left)
    return before - left.length
  }
}
