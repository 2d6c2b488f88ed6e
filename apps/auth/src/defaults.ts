// The auth service's constants: ports and variables, and the rules of the one-time codes and sessions.

/** Port of `npm start`'s auth service, unless LATCHKEY_AUTH_PORT says otherwise. */
export const DEFAULT_AUTH_PORT = 8548
/** Environment variable that chooses the auth port (0 = ephemeral). */
export const AUTH_PORT_ENV = 'LATCHKEY_AUTH_PORT'
/** Environment variable with the PostgreSQL URL of the service's database; wins over the folder and the config file. */
export const AUTH_DATABASE_URL_ENV = 'LATCHKEY_AUTH_DATABASE_URL'
/** Environment variable with the folder of the service's embedded database (PGlite), kept across restarts. */
export const AUTH_DATA_DIR_ENV = 'LATCHKEY_AUTH_DATA_DIR'
/** Environment variable holding the key-encryption key (32 bytes, base64) when the config names no other source. */
export const AUTH_KEK_ENV = 'LATCHKEY_AUTH_KEK'

/** The secure frame's port and its variable, shared with the frame app (@latchkey/local-ports). */
export { DEFAULT_FRAME_PORT, FRAME_PORT_ENV } from '@latchkey/local-ports'

/** Digits of a one-time code. */
export const CODE_DIGITS = 6
/** How long a one-time code (and a device-approval link) is valid: 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000
/** Wrong tries a code takes; the code is dead after them and a new one is needed. */
export const MAX_WRONG_TRIES = 5
/** At most one code per address per 30 s (SPEC §5 and §9: the email-login cooldown). */
export const EMAIL_COOLDOWN_MS = 30 * 1000
/** A session expires 7 days after it was last used (sliding). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** How long the parent origins a project allows are kept before the Provider API is asked again. */
export const ORIGINS_CACHE_MS = 60 * 1000
/** Largest request body, bytes. */
export const MAX_BODY_BYTES = 1024 * 1024

/** The account types of SPEC §6 an embedded wallet has. */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]
