/** The constants of the service clients (SPEC §7, §9), in one place; tests pin them. */
export const ServiceDefaults = {
  /** The `st` query parameter when the host names no sdk type (SPEC §7). */
  sdkType: 'appkit',
  /** Portfolio (token balances) cache lifetime, ms (SPEC §9). */
  portfolioCacheMs: 30_000,
  /** Native balance cache lifetime, ms (SPEC §9); the native balance comes with the portfolio. */
  nativeBalanceCacheMs: 30_000,
  /** Identity cache lifetime, ms (SPEC §9). */
  identityCacheMs: 300_000,
  /** Name lookup cache lifetime, ms (SPEC §9): the reverse lookup of an address's names (and the name-registration issue's lookups). */
  nameLookupCacheMs: 300_000,
  /**
   * Balance retry guard, ms (SPEC §5, §9): a failed balance fetch is not retried for this long. A failed
   * supported-chains fetch is remembered as long, so a down service is not asked before every balance.
   */
  balanceRetryGuardMs: 30_000,
  /** Longest wallet, token or profile name kept; longer ones are cut (plain text, never markup). */
  maxNameLength: 64,
  /** Longest token symbol kept. */
  maxSymbolLength: 24,
  /** Longest URL or link kept (data: image URLs included). */
  maxUrlLength: 65_536,
  /** Largest answer of either service read, bytes; a larger one fails with 'RESPONSE_TOO_LARGE'. */
  maxResponseBytes: 2 * 1024 * 1024,
  /** Largest image turned into a data: URL when the page has no object URLs, bytes. */
  maxImageBytes: 1_048_576,
} as const
