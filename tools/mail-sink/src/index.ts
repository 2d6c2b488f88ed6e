export {
  DEFAULT_MAIL_PORT,
  DEFAULT_MAIL_SMTP_PORT,
  DEFAULT_MAX_MESSAGES,
  MAIL_PORT_ENV,
  MAIL_SMTP_PORT_ENV,
  MAX_MESSAGE_BYTES,
} from './defaults.js'
export { escapeHtml } from './pages.js'
export { type MailSink, type StartMailSinkOptions, startMailSink } from './sink.js'
export type { SinkMessage } from './store.js'
