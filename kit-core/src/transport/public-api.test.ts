import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('transport public API', () => {
  it('imports without touching fetch, Headers, AbortController or browser globals', async () => {
    for (const name of ['fetch', 'Headers', 'AbortController', 'window', 'document', 'localStorage']) {
      vi.stubGlobal(name, undefined)
    }
    vi.resetModules()
    const root = await import('../index.js')
    const rpc = await import('../rpc.js')
    // The HTTP client, the retries and the JSON-RPC transports are the subpath @latchkey/core/rpc (kept out of the
    // root entry's graph, so a page's first chunk carries none of them); the root keeps the defaults only.
    expect(Object.keys(rpc).sort()).toEqual([
      'MAX_RETRY_AFTER_MS',
      'createFallbackTransport',
      'createHttpClient',
      'createRpcTransport',
      'isReadMethod',
      'isRetryableError',
      'isRetryableWriteError',
      'isWriteMethod',
      'parseRetryAfter',
      'setRetryAfter',
      'withRetry',
    ])
    expect(root.TransportDefaults).toBeDefined()
    expect('createHttpClient' in root).toBe(false)
    // Building clients does not need the globals either; only sending does.
    expect(() => rpc.createHttpClient({ baseUrl: 'https://a.test' })).not.toThrow()
    expect(() => rpc.createRpcTransport({ url: 'https://a.test' })).not.toThrow()
  })
})
