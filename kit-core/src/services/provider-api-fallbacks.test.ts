// Failure modes of the Provider API client against the services stand-in (faults injected per project through
// its control API): the fallbacks of SPEC §8, the retry policy, and hostile answers.
import { describe, expect, test } from 'vitest'
import { control, fault, recordedRequests, setupProviderApi } from '../../test/support/services-stand-in.js'
import { HttpRequestError, TimeoutError } from '../errors/index.js'
import type { ProviderApiClientOptions } from './index.js'

const requestCount = async (projectId: string, path: string) =>
  (await recordedRequests(projectId)).filter((r) => r.path.startsWith(path)).length

const setup = (options: Partial<ProviderApiClientOptions> = {}) =>
  setupProviderApi('core-provider-faults', { sdkVersion: '1.0.0', retryDelay: 1, ...options })

describe('[§8.7] fallbacks', () => {
  test('[§8.7] origins failure gives an empty list, logged without the project id', async () => {
    const { api, projectId, logger, logged } = setup()
    await fault(projectId, { path: '/projects/v1/origins', status: 500 })
    expect(await api.getAllowedOrigins()).toEqual([])
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logged()).toContain('HTTP status code: 500')
    expect(logged()).not.toContain(projectId)
  })

  test('[§8.7] analytics config failure gives false', async () => {
    const { api, projectId, logged } = setup()
    await fault(projectId, { path: '/getAnalyticsConfig', status: 403 })
    expect(await api.getAnalyticsConfig()).toBe(false)
    expect(logged()).toContain('HTTP status code: 403')
    expect(logged()).not.toContain(projectId)
  })

  test('[§8.7] remote config failure gives null, so the kit falls back to its local features', async () => {
    const { api, projectId } = setup()
    await fault(projectId, { path: '/appkit/v1/config', fault: 'reset' })
    expect(await api.getProjectConfig()).toBeNull()
    await control('reset', projectId, {})
    await fault(projectId, { path: '/appkit/v1/config', body: { features: 'all of them' } })
    expect(await api.getProjectConfig()).toBeNull()
  })

  test('[§8.7] image failures are ignored: an id that may not go into a path gives no URL, nothing is logged', async () => {
    const { api, projectId, logger } = setup()
    expect(await api.getAssetImage('../../etc/passwd')).toBeUndefined()
    expect(await api.getWalletImage('a b')).toBeUndefined()
    expect(await api.getTokenImage('x'.repeat(129))).toBeUndefined()
    // A well-formed id gives its URL; whether it loads is the page's <img> (which falls back to the name's letter).
    expect(await api.getWalletImage('missing')).toMatch(/\/getWalletImage\/missing\?/)
    expect(logger.warn).not.toHaveBeenCalled()
    expect(logger.debug).not.toHaveBeenCalled()
    expect(await requestCount(projectId, '/getWalletImage/')).toBe(0)
  })

  test('an error report that cannot be delivered is dropped, never thrown', async () => {
    const { api, projectId } = setup()
    await fault(projectId, { path: '/e', status: 503 })
    const report = { eventId: 'x', url: '', domain: '', timestamp: 0, props: {} } as never
    await expect(api.sendError(report)).resolves.toBeUndefined()
    expect(await requestCount(projectId, '/e')).toBe(1) // a POST is never sent twice
  })
})

describe('5xx, 403 and timeouts', () => {
  test('a 503 is retried (GET) and the retry answers', async () => {
    const { api, projectId } = setup()
    await fault(projectId, { path: '/getWallets', status: 503, times: 2 })
    const result = await api.getWallets({ page: 1, entries: 4 })
    expect(result.data).toHaveLength(4)
    expect(await requestCount(projectId, '/getWallets')).toBe(3)
  })

  test('getWallets throws HttpRequestError after the retries run out; the message never names the project', async () => {
    const { api, projectId } = setup()
    await fault(projectId, { path: '/getWallets', status: 403 })
    const error = await api.getWallets({ page: 1, entries: 4 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).message).toBe('HTTP status code: 403')
    expect((error as HttpRequestError).status).toBe(403)
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(
      projectId,
    )
    expect(await requestCount(projectId, '/getWallets')).toBe(4)
  })

  test('a service that never answers times out: getWallets throws TimeoutError, origins fall back', async () => {
    const { api, projectId } = setup({ timeout: 100, retryCount: 0 })
    await fault(projectId, { path: '/getWallets', fault: 'timeout' })
    await fault(projectId, { path: '/projects/v1/origins', fault: 'timeout' })
    await expect(api.getWallets({ page: 1, entries: 4 })).rejects.toBeInstanceOf(TimeoutError)
    expect(await api.getAllowedOrigins()).toEqual([])
  })

  test('a malformed listing is a failed request', async () => {
    const { api, projectId } = setup()
    await fault(projectId, { path: '/getWallets', body: { data: 'nope', count: 1 } })
    await expect(api.getWallets({ page: 1, entries: 4 })).rejects.toThrow('HTTP request failed.')
  })
})

describe('untrusted listing data', () => {
  test('a hostile name stays plain text; javascript: and http://evil.example image URLs are dropped', async () => {
    const { api, projectId } = setup()
    const id = 'a'.repeat(64)
    await control('project', projectId, {
      wallets: [
        {
          id,
          name: '  <img src=x onerror=alert(1)>\u202e\u0000  ',
          image_url: 'javascript:alert(1)',
          mobile_link: 'javascript:alert(1)',
          desktop_link: 'evil-app://open',
          webapp_link: 'http://evil.example/app',
          homepage: 'data:text/html,<script>alert(1)</script>',
          rdns: 'not a domain',
          chains: ['eip155:1', 'not-a-chain'],
          badge_type: 'gold',
        },
        { id: 'b'.repeat(64), name: 'Evil Pixel', image_url: 'http://evil.example/pixel.png' },
        { id: 'c'.repeat(64), name: 'Local', image_url: 'http://127.0.0.1:8547/getWalletImage/x' },
        { id: 'd'.repeat(64), name: 42 },
        { id: 'e'.repeat(64), name: 'Bad chains', chains: 'eip155:1' },
        { id: 'f'.repeat(64), name: 'Bad link type', mobile_link: { href: 'x' } },
        { id: 'g'.repeat(64), name: 'x'.repeat(500) },
      ],
    })
    const { data } = await api.getWallets({ page: 1, entries: 40 })
    expect(data.map((w) => w.id)).toEqual([id, 'b'.repeat(64), 'c'.repeat(64), 'g'.repeat(64)])
    const [hostile, pixel, local, long] = data
    expect(hostile).toEqual({
      id,
      name: '<img src=x onerror=alert(1)>',
      rdns: null,
      homepage: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      mobile_link: null,
      desktop_link: 'evil-app://open',
      chains: ['eip155:1'],
    })
    expect(pixel?.image_url).toBeUndefined()
    expect(local?.image_url).toBe('http://127.0.0.1:8547/getWalletImage/x')
    expect(long?.name).toHaveLength(64)
  })
})
