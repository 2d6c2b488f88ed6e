/** Port of `npm start`'s services server, unless LATCHKEY_SERVICES_PORT says otherwise. */
export const DEFAULT_SERVICES_PORT = 8547

/** Environment variable that chooses the services port (0 = ephemeral). */
export const SERVICES_PORT_ENV = 'LATCHKEY_SERVICES_PORT'

/** The seven social logins of SPEC §1, in the spec's order. */
export const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

/**
 * The project config served by default (SPEC §9 "Default remote features"): swaps via one aggregator, onramp
 * coinbase and meld, email on, seven socials, activity on, branding on.
 */
export function defaultRemoteFeatures(): { id: string; isEnabled: boolean; config: unknown }[] {
  return [
    { id: 'email', isEnabled: true, config: null },
    { id: 'social_login', isEnabled: true, config: [...DEFAULT_SOCIALS] },
    { id: 'swaps', isEnabled: true, config: ['1inch'] },
    { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] },
    { id: 'activity', isEnabled: true, config: null },
    { id: 'reown_branding', isEnabled: true, config: null },
  ]
}

/** Origins allowed by default: the usual local development origins. */
export const DEFAULT_ALLOWED_ORIGINS = [
  'http://localhost',
  'http://127.0.0.1',
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost:5173',
  'http://127.0.0.1:5173',
] as const

/** Environment variable with the PostgreSQL URL of the stand-in's database (production); wins over the folder. */
export const SERVICES_DATABASE_URL_ENV = 'LATCHKEY_SERVICES_DATABASE_URL'

/** Environment variable with the folder of the stand-in's embedded database (PGlite), kept across restarts. */
export const SERVICES_DATA_DIR_ENV = 'LATCHKEY_SERVICES_DATA_DIR'
