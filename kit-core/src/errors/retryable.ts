// What the transports retry: only what makes requests loads this.

/** RPC error codes after which a request is retried (SPEC §9). -1 is "unknown", as some nodes answer. */
export const RETRYABLE_RPC_CODES: ReadonlySet<number> = new Set([-1, -32005, -32603])

/** HTTP statuses after which a request is retried (SPEC §9). */
export const RETRYABLE_HTTP_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/** HTTP statuses the spec singles out (SPEC §7): 503 (service down) and 403 (forbidden / origin not allowed). */
export const SPECIAL_HTTP_STATUSES = { ServiceUnavailable: 503, Forbidden: 403 } as const
