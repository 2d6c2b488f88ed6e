import type { AddressInfo } from 'node:net'
import { isPortFree, LOCALHOST, listenLocal, PortInUseError, portFromEnv } from '@latchkey/local-ports'
import {
  DEFAULT_MAIL_PORT,
  DEFAULT_MAIL_SMTP_PORT,
  DEFAULT_MAX_MESSAGES,
  MAIL_PORT_ENV,
  MAIL_SMTP_PORT_ENV,
} from './defaults.js'
import { createHttpServer } from './http.js'
import { createSmtpServer } from './smtp.js'
import { MessageStore, type SinkMessage } from './store.js'

export interface StartMailSinkOptions {
  /** SMTP port on 127.0.0.1; 0 for an ephemeral one. Default: LATCHKEY_MAIL_SMTP_PORT, else 2525. */
  smtpPort?: number
  /** HTTP port (API and mailbox page) on 127.0.0.1; 0 for an ephemeral one. Default: LATCHKEY_MAIL_PORT, else 8025. */
  port?: number
  /** Where the port variables are read from. Default: process.env. */
  env?: Record<string, string | undefined>
  /** Messages kept (the oldest go first). Default 1000. */
  maxMessages?: number
}

/** A running mail sink. */
export interface MailSink {
  /** `http://127.0.0.1:<port>`: the mailbox page at `/`, the API at `/api/messages`. */
  readonly url: string
  readonly port: number
  /** Where to send mail: 127.0.0.1 on this port, plain SMTP (no TLS), any or no credentials. */
  readonly smtpHost: string
  readonly smtpPort: number
  /** The messages to `to` (or all), newest first. */
  messages(to?: string): SinkMessage[]
  /** Stops both servers. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts the mail sink: an SMTP server and its HTTP API and mailbox page, both on 127.0.0.1.
 * @throws PortInUseError naming LATCHKEY_MAIL_SMTP_PORT or LATCHKEY_MAIL_PORT when a fixed port is taken;
 *   LocalServiceError for a malformed port variable.
 */
export async function startMailSink(options: StartMailSinkOptions = {}): Promise<MailSink> {
  const env = options.env ?? process.env
  const smtpPort = options.smtpPort ?? portFromEnv(env, MAIL_SMTP_PORT_ENV) ?? DEFAULT_MAIL_SMTP_PORT
  const httpPort = options.port ?? portFromEnv(env, MAIL_PORT_ENV) ?? DEFAULT_MAIL_PORT
  const store = new MessageStore(options.maxMessages ?? DEFAULT_MAX_MESSAGES)
  if (smtpPort !== 0 && !(await isPortFree(smtpPort))) throw new PortInUseError(smtpPort, MAIL_SMTP_PORT_ENV)
  const smtp = createSmtpServer(store)
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(smtpPort, MAIL_SMTP_PORT_ENV) : error),
    )
    smtp.listen(smtpPort, LOCALHOST, () => resolve())
  })
  // From here on, errors are a client's (a dropped connection, a protocol error): that client's problem, not the
  // sink's; smtp-server re-emits them on the server, where an unheard 'error' would end the process.
  smtp.on('error', () => undefined)
  const stopSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  let http: Awaited<ReturnType<typeof listenLocal>>
  try {
    http = await listenLocal(createHttpServer(store), httpPort, { envVar: MAIL_PORT_ENV })
  } catch (error) {
    await stopSmtp()
    throw error
  }
  let stopped: Promise<void> | undefined
  return {
    url: http.url,
    port: http.port,
    smtpHost: LOCALHOST,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    messages: (to) => store.list(to),
    stop() {
      stopped ??= Promise.all([stopSmtp(), http.stop()]).then(() => undefined)
      return stopped
    },
  }
}
