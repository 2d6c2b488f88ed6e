// The SMTP side: smtp-server on 127.0.0.1 accepts any sender and recipient (AUTH optional, any credentials, no TLS),
// mailparser reads each message, and the message is stored before the client is told it was accepted, so a sender
// whose sendMail resolved finds it in the API at once.
import { type AddressObject, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { MAX_MESSAGE_BYTES } from './defaults.js'
import type { MessageStore } from './store.js'

const addressText = (value: AddressObject | AddressObject[] | undefined): string =>
  value === undefined ? '' : Array.isArray(value) ? value.map((item) => item.text).join(', ') : value.text

/** An SMTP server that keeps what it receives in `store`; not listening yet. */
export function createSmtpServer(store: MessageStore): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'Latchkey mail sink',
    closeTimeout: 500,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'sink' })
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
            return
          }
          const receivedAt = new Date()
          const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : receivedAt
          store.add({
            from: addressText(parsed.from),
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            date: date.toISOString(),
            receivedAt: receivedAt.toISOString(),
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
}
