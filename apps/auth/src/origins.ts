// The parent origins a project allows to use the embedded wallet, read from the Provider API's
// GET /projects/v1/origins (SPEC §7) and kept for a minute. The frame app enforces them; the service only reports.
import { ORIGINS_CACHE_MS } from './defaults.js'
import { ApiError } from './errors.js'

export interface OriginsSource {
  /** The project's allowed parent origins. @throws ApiError 502 ORIGINS_UNAVAILABLE when the Provider API fails. */
  get(projectId: string): Promise<string[]>
}

/** Entries kept at most (the oldest go first). */
const MAX_ENTRIES = 1000

/** Whether `value` is an origin (scheme://host[:port]), as the Provider API lists them. */
const isOrigin = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(value)

export function createOriginsSource(options: {
  providerApiUrl: string
  now: () => number
  cacheMs?: number
  fetch?: typeof fetch
}): OriginsSource {
  const cache = new Map<string, { at: number; origins: string[] }>()
  const ttl = options.cacheMs ?? ORIGINS_CACHE_MS
  const base = options.providerApiUrl.replace(/\/+$/, '')
  const get = options.fetch ?? fetch
  return {
    async get(projectId) {
      const now = options.now()
      const cached = cache.get(projectId)
      if (cached && now - cached.at < ttl) return [...cached.origins]
      const url = `${base}/projects/v1/origins?projectId=${encodeURIComponent(projectId)}&st=latchkey-auth&sv=0.0.0`
      let body: unknown
      try {
        const response = await get(url, { signal: AbortSignal.timeout(5000) })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        body = await response.json()
      } catch (error) {
        throw new ApiError(
          502,
          'ORIGINS_UNAVAILABLE',
          `The Provider API did not give the project's origins: ${(error as Error).message}`,
        )
      }
      const listed = (body as { allowedOrigins?: unknown } | null)?.allowedOrigins
      if (!Array.isArray(listed)) {
        throw new ApiError(502, 'ORIGINS_UNAVAILABLE', 'The Provider API answered without allowedOrigins.')
      }
      const origins = listed.filter(isOrigin)
      cache.delete(projectId)
      cache.set(projectId, { at: now, origins })
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
      return [...origins]
    },
  }
}
