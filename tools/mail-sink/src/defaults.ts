/** SMTP port of `npm start`'s mail sink, unless LATCHKEY_MAIL_SMTP_PORT says otherwise. */
export const DEFAULT_MAIL_SMTP_PORT = 2525

/** Environment variable that chooses the SMTP port (0 = ephemeral). */
export const MAIL_SMTP_PORT_ENV = 'LATCHKEY_MAIL_SMTP_PORT'

/** Port of the mail sink's HTTP API and mailbox page for `npm start`, unless LATCHKEY_MAIL_PORT says otherwise. */
export const DEFAULT_MAIL_PORT = 8025

/** Environment variable that chooses the HTTP port (0 = ephemeral). */
export const MAIL_PORT_ENV = 'LATCHKEY_MAIL_PORT'

/** Messages kept; the oldest go first past it. */
export const DEFAULT_MAX_MESSAGES = 1000

/** Largest message the SMTP server accepts, bytes (a bigger one is refused with 552). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024
