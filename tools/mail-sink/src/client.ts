/**
 * The mail sink's HTTP API from a test's side (`@latchkey/mail-sink/client`): the messages a recipient got, and the
 * newest login code in them. Nothing of the server (no SMTP library) comes with it.
 */
import type { SinkMessage } from './store.js'

export type { SinkMessage }

/** The messages to `to` in the sink at `url`, newest first. */
export async function messagesTo(url: string, to: string): Promise<SinkMessage[]> {
  const response = await fetch(`${url}/api/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`The mail sink answered ${response.status}`)
  return ((await response.json()) as { messages: SinkMessage[] }).messages
}

/**
 * The newest message to `to` once there are at least `count` (default 1). Services answer after the sink accepted a
 * message, so it is usually there at once; this polls for up to `timeoutMs` all the same.
 */
export async function waitForMail(
  url: string,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<SinkMessage> {
  const count = options.count ?? 1
  const deadline = Date.now() + (options.timeoutMs ?? 5_000)
  for (;;) {
    const messages = await messagesTo(url, to)
    if (messages.length >= count && messages[0]) return messages[0]
    if (Date.now() > deadline) throw new Error(`no message #${count} to ${to} (found ${messages.length})`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The six-digit code of the newest message to `to`, once there are at least `count`. */
export async function waitForCode(
  url: string,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<string> {
  const { text } = await waitForMail(url, to, options)
  const code = /\b(\d{6})\b/.exec(text)?.[1]
  if (!code) throw new Error(`the newest message to ${to} has no six-digit code`)
  return code
}
