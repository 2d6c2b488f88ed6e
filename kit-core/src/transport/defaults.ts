/**
 * The transport constants of SPEC §9 ("HTTP transport"), in one place. Tests pin them, so a changed
 * default is a visible change.
 */
export const TransportDefaults = {
  /** Per-attempt timeout of an HTTP request, ms. */
  timeout: 10_000,
  /** Retries after the first attempt. */
  retryCount: 3,
  /** Base retry delay, ms; doubled after each retry (150, 300, 600). */
  retryDelay: 150,
  /** Most in-flight request keys remembered for dedupe; the oldest is forgotten first. */
  dedupeCacheSize: 8192,
  /** Most JSON-RPC requests in one batch. */
  batchSize: 1000,
  /** How long a batch collects requests, ms (0: those issued in the same macrotask). */
  batchWait: 0,
  /** Fallback ranking: ping every transport this often, ms. */
  rankInterval: 4000,
  /** Fallback ranking: samples kept per transport. */
  rankSampleCount: 10,
  /** Fallback ranking: a ping slower than this counts as failed, ms. */
  rankTimeout: 1000,
  /** Fallback ranking: how much stability and latency weigh in the score. */
  rankWeights: { stability: 0.7, latency: 0.3 },
  /** Largest answer read by the JSON-RPC transport and the HTTP client, bytes (a node's `eth_getLogs` can be large). */
  maxResponseBytes: 32 * 1024 * 1024,
  /** Header that carries the HTTP client's `clientId`. */
  clientIdHeader: 'x-latchkey-client-id',
} as const
