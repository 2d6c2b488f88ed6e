export { loadConfig, parseConfig } from './config.js'
export type { AuthDatabaseOptions } from './database.js'
export {
  ACCOUNT_TYPES,
  type AccountType,
  AUTH_DATA_DIR_ENV,
  AUTH_DATABASE_URL_ENV,
  AUTH_KEK_ENV,
  AUTH_PORT_ENV,
  CODE_TTL_MS,
  DEFAULT_AUTH_PORT,
  DEFAULT_FRAME_PORT,
  EMAIL_COOLDOWN_MS,
  FRAME_PORT_ENV,
  MAX_BODY_BYTES,
  MAX_WRONG_TRIES,
  SESSION_TTL_MS,
} from './defaults.js'
export { type ApiErrorCode, AuthConfigError } from './errors.js'
export type { SmtpOptions } from './mailer.js'
export { generateKek, parseKek } from './secrets.js'
export { type AuthMode, type AuthServer, type StartAuthOptions, startAuthServer } from './server.js'
export type { UserRecord } from './users.js'
