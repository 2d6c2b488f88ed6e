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
    const api = await import('./index.js')
    const rpc = await import('../rpc.js')
    expect(Object.keys(api).sort()).toEqual([
      'MAX_RETRY_AFTER_MS',
      'TransportDefaults',
      'createHttpClient',
      'isRetryableError',
      'isRetryableWriteError',
      'isWriteMethod',
      'parseRetryAfter',
      'setRetryAfter',
      'withRetry',
    ])
    // The JSON-RPC transports are the subpath @latchkey/core/rpc (kept out of the root entry's graph).
    expect(Object.keys(rpc).sort()).toEqual(['createFallbackTransport', 'createRpcTransport', 'isReadMethod'])
    // Building clients does not need the globals either; only sending does.
    expect(() => api.createHttpClient({ baseUrl: 'https://a.test' })).not.toThrow()
    expect(() => rpc.createRpcTransport({ url: 'https://a.test' })).not.toThrow()
  })
})
