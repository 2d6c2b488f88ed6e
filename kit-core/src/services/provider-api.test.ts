// The Provider API client against the services stand-in of the test stack, over real HTTP. The stand-in
// keeps settings, faults and recorded requests per projectId, so every test uses a project id of its own.
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  control,
  recordedRequests as requests,
  servicesUrl,
  setupProviderApi,
} from '../../test/support/services-stand-in.js'
import { createProviderApiClient, type ProviderApiClientOptions } from './index.js'
import { parseWallets } from './validate-listing.js'

/** A client for a fresh project; fast retries so the retry policy runs without slowing the suite. */
const setup = (options: Partial<ProviderApiClientOptions> = {}) =>
  setupProviderApi('core-provider', { sdkVersion: 'html-core-1.2.3', retryDelay: 1, ...options })

afterEach(() => vi.restoreAllMocks())

describe('query parameters', () => {
  test('every request carries projectId, st (default appkit) and sv, and the client id header', async () => {
    const { projectId, api } = setup({ clientId: 'client-42' })
    await api.getProjectConfig()
    await api.getAllowedOrigins()
    await api.getAnalyticsConfig()
    await api.getWallets({ page: 1, entries: 4 })
    // An image is the page's own request (an <img> of the URL): the client sends none.
    await api.getWalletImage('image-1')
    await api.sendError({
      eventId: 'e1',
      url: 'https://app.example/',
      domain: 'app.example',
      timestamp: 1,
      props: { type: 'error', event: 'ERROR', errorType: 'Error', errorMessage: 'x' },
    })
    const seen = await requests(projectId)
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /appkit/v1/config',
      'GET /projects/v1/origins',
      'GET /getAnalyticsConfig',
      'GET /getWallets',
      'POST /e',
    ])
    for (const request of seen) {
      expect(request.query).toMatchObject({ projectId, st: 'appkit', sv: 'html-core-1.2.3' })
      expect(request.clientId).toBe('client-42')
    }
  })

  test('a host-chosen sdk type replaces appkit; no projectId parameter without a project id', async () => {
    const { projectId, api } = setup({ sdkType: 'latchkey' })
    await api.getAnalyticsConfig()
    expect((await requests(projectId))[0]?.query).toMatchObject({ st: 'latchkey' })
    const urls: string[] = []
    const anonymous = createProviderApiClient({
      baseUrl: servicesUrl,
      sdkVersion: '1',
      fetch: (input, init) => {
        urls.push(String(input))
        return fetch(input, init)
      },
    })
    await anonymous.getAnalyticsConfig()
    const sent = new URL(urls[0] ?? '')
    expect(sent.searchParams.has('projectId')).toBe(false)
    expect(sent.searchParams.get('st')).toBe('appkit')
  })

  test('getWallets sends page, entries, include, exclude, chains, search and badge_type', async () => {
    const { projectId, api } = setup()
    await api.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      search: 'vault',
      badge_type: 'certified',
    })
    expect((await requests(projectId))[0]?.query).toEqual({
      projectId,
      st: 'appkit',
      sv: 'html-core-1.2.3',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      search: 'vault',
      badge_type: 'certified',
    })
  })
})

describe('endpoints', () => {
  test('getProjectConfig returns the remote features of the project', async () => {
    const { api, projectId } = setup()
    const features = await api.getProjectConfig()
    expect(features?.map((f) => f.id)).toEqual([
      'email',
      'social_login',
      'swaps',
      'onramp',
      'activity',
      'reown_branding',
    ])
    expect(features?.find((f) => f.id === 'onramp')?.config).toEqual(['coinbase', 'meld'])
    await control('project', projectId, { features: [{ id: 'email', isEnabled: false, config: null }] })
    expect(await api.getProjectConfig()).toEqual([{ id: 'email', isEnabled: false, config: null }])
  })

  test('getAllowedOrigins and getAnalyticsConfig read the project', async () => {
    const { api, projectId } = setup()
    await control('project', projectId, {
      allowedOrigins: ['https://app.example'],
      isAnalyticsEnabled: false,
    })
    expect(await api.getAllowedOrigins()).toEqual(['https://app.example'])
    expect(await api.getAnalyticsConfig()).toBe(false)
    await control('project', projectId, { isAnalyticsEnabled: true })
    expect(await api.getAnalyticsConfig()).toBe(true)
  })

  test('getWallets pages the listing and returns the count', async () => {
    const { api } = setup()
    const first = await api.getWallets({ page: 1, entries: 40 })
    expect(first.data).toHaveLength(40)
    expect(first.count).toBeGreaterThanOrEqual(60)
    expect(first.data[0]).toMatchObject({ name: 'MetaMask', rdns: 'io.metamask', mobile_link: 'metamask://' })
    const search = await api.getWallets({ page: 1, entries: 40, search: 'METAMASK' })
    expect(search.data.map((w) => w.name)).toEqual(['MetaMask'])
  })

  test('the image endpoints give their URLs with the sdk properties, which serve the drawn SVGs', async () => {
    const { api, projectId } = setup()
    const url = await api.getWalletImage('3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6')
    const expected = (path: string) => {
      const built = new URL(`${servicesUrl}${path}`)
      built.searchParams.set('projectId', projectId)
      built.searchParams.set('st', 'appkit')
      built.searchParams.set('sv', 'html-core-1.2.3')
      return built.toString()
    }
    expect(url).toBe(expected('/getWalletImage/3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6'))
    expect(await api.getAssetImage('eip155-1')).toBe(expected('/public/getAssetImage/eip155-1'))
    expect(await api.getCurrencyImage('USD')).toBe(expected('/public/getCurrencyImage/USD'))
    expect(await api.getTokenImage('LUSD')).toBe(expected('/public/getTokenImage/LUSD'))
    expect(await requests(projectId)).toEqual([])
    // What a page's <img> then gets from that URL.
    const response = await fetch(url ?? '')
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(await response.text()).toMatch(/^<svg /)
    expect((await requests(projectId)).map((r) => r.path)).toEqual([
      '/getWalletImage/3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
    ])
  })

  test('without allowLocalImages, images served from this machine are dropped: no image URL, no listing image_url', async () => {
    const strict = setup({ allowLocalImages: false })
    expect(await strict.api.getWalletImage('3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6')).toBeUndefined()
    expect(await strict.api.getAssetImage('eip155-1')).toBeUndefined()
    // A listing entry whose image_url is on this machine keeps it only with the opt-in too.
    const body = { data: [{ id: 'w1', name: 'W', image_url: 'http://127.0.0.1:9/w.png' }], count: 1 }
    expect(parseWallets(body).data[0]?.image_url).toBeUndefined()
    expect(parseWallets(body, { allowLocal: true }).data[0]?.image_url).toBe('http://127.0.0.1:9/w.png')
  })

  test('sendError POSTs the report to /e, where the sink records it', async () => {
    const { api, projectId } = setup()
    const report = {
      eventId: 'ev-1',
      url: 'https://app.example/page',
      domain: 'app.example',
      timestamp: 1_700_000_000_000,
      props: {
        type: 'error' as const,
        event: 'INTERNAL_SDK_ERROR',
        errorType: 'TypeError',
        errorMessage: 'boom',
        stackTrace: 'at x',
      },
    }
    await api.sendError(report)
    expect(((await control('reports', projectId)) as { reports: unknown[] }).reports).toEqual([report])
  })
})
