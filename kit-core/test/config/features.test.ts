import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  type AlertId,
  CONNECT_METHODS_ORDER_WITH_INSTALLED_WALLET,
  createFeaturesController,
  DEFAULT_FEATURES,
  DEFAULT_REMOTE_FEATURES,
  type FeaturesControllerDeps,
  resolveFeatures,
  WALLET_FEATURES_ORDER,
} from '../../src/controllers/config/index.js'
import type { ProviderApi, RemoteFeatureEntry } from '../../src/services/types.js'

const REMOTE_ALL_ON: RemoteFeatureEntry[] = [
  { id: 'email', isEnabled: true, config: null },
  { id: 'social_login', isEnabled: true, config: ['google', 'github'] },
  { id: 'swaps', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['coinbase'] },
  { id: 'activity', isEnabled: true, config: null },
  { id: 'reown_branding', isEnabled: false, config: null },
]

function fakeApi(
  config: readonly RemoteFeatureEntry[] | null | Error,
  origins: readonly string[] | Error = ['https://app.example'],
) {
  return {
    getProjectConfig: vi.fn(async () => {
      if (config instanceof Error) throw config
      return config
    }),
    getAllowedOrigins: vi.fn(async () => {
      if (origins instanceof Error) throw origins
      return origins
    }),
  } satisfies Pick<ProviderApi, 'getProjectConfig' | 'getAllowedOrigins'>
}

function setup(overrides: Partial<FeaturesControllerDeps> = {}) {
  const raised: { id: AlertId; details?: unknown }[] = []
  const warn = vi.fn()
  const controller = createFeaturesController({
    projectId: 'p1',
    origin: 'https://app.example',
    alerts: {
      raise: (id, details) => {
        raised.push(details ? { id, details } : { id })
      },
    },
    warn,
    ...overrides,
  })
  return { controller, raised, warn }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('defaults and orders', () => {
  test('[§9.13] default features: receive, send, email show wallets, analytics, all wallets on; legal checkbox, smart sessions, collapse wallets, pay off', () => {
    expect(DEFAULT_FEATURES).toEqual({
      receive: true,
      send: true,
      emailShowWallets: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
    })
    const { features } = resolveFeatures({ local: {}, remote: REMOTE_ALL_ON, basic: false })
    expect(features).toMatchObject(DEFAULT_FEATURES)
    expect(
      resolveFeatures({ local: { pay: true, send: false }, remote: null, basic: true }).features,
    ).toMatchObject({
      pay: true,
      send: false,
    })
  })

  test('[§9.12] default remote features: swaps via one aggregator, onramp coinbase and meld, email, seven socials, activity, branding', () => {
    expect(DEFAULT_REMOTE_FEATURES).toEqual({
      swaps: ['1inch'],
      onramp: ['coinbase', 'meld'],
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      activity: true,
      reownBranding: true,
    })
    // A remote entry that is on without a list gets the default list.
    const remote: RemoteFeatureEntry[] = [
      { id: 'social_login', isEnabled: true, config: null },
      { id: 'onramp', isEnabled: true, config: undefined },
      { id: 'swaps', isEnabled: true, config: null },
    ]
    const { features } = resolveFeatures({ local: {}, remote, basic: false })
    expect(features.socials).toEqual(DEFAULT_REMOTE_FEATURES.socials)
    expect(features.onramp).toEqual(['coinbase', 'meld'])
    expect(features.swaps).toEqual(['1inch'])
  })

  test('[§9.15] wallet feature order: onramp, swaps, receive, send', () => {
    expect(WALLET_FEATURES_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(resolveFeatures({ local: {}, remote: null, basic: false }).features.walletFeaturesOrder).toEqual(
      WALLET_FEATURES_ORDER,
    )
    const custom = resolveFeatures({
      local: { walletFeaturesOrder: ['send', 'receive'] },
      remote: null,
      basic: false,
    })
    expect(custom.features.walletFeaturesOrder).toEqual(['send', 'receive'])
  })

  test('[§9.16] with an installed wallet the connect methods are wallet, email, social', () => {
    expect(CONNECT_METHODS_ORDER_WITH_INSTALLED_WALLET).toEqual(['wallet', 'email', 'social'])
    const { controller } = setup()
    expect(controller.getConnectMethodsOrder(true)).toEqual(['wallet', 'email', 'social'])
    expect(controller.getConnectMethodsOrder(false)).toEqual(['email', 'social', 'wallet'])
    const custom = setup({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } })
    expect(custom.controller.getConnectMethodsOrder(true)).toEqual(['social', 'wallet', 'email'])
  })
})

describe('remote configuration', () => {
  test('the remote configuration wins for the remote-gated features', async () => {
    const { controller, raised, warn } = setup({ providerApi: fakeApi(REMOTE_ALL_ON) })
    await controller.init()
    expect(controller.state.get()).toMatchObject({
      source: 'remote',
      features: {
        email: true,
        socials: ['google', 'github'],
        swaps: ['1inch'],
        onramp: ['coinbase'],
        activity: true,
        reownBranding: false,
      },
      originAllowed: true,
    })
    expect(raised).toEqual([])
    expect(warn).not.toHaveBeenCalled()
  })

  test("[§8.5] a local setting the remote configuration overrides raises 'Local configuration ignored'", async () => {
    const { controller, raised } = setup({
      providerApi: fakeApi(REMOTE_ALL_ON),
      features: { email: false, swaps: false, receive: false },
    })
    await controller.init()
    expect(controller.state.get().features).toMatchObject({ email: true, swaps: ['1inch'], receive: false })
    expect(controller.state.get().ignoredLocalSettings).toEqual(['email', 'swaps'])
    expect(raised).toEqual([{ id: 'localConfigurationIgnored', details: { settings: ['email', 'swaps'] } }])
  })

  test('a feature the remote configuration leaves out is off; email may come with the social entry', async () => {
    const remote: RemoteFeatureEntry[] = [
      { id: 'social_login', isEnabled: true, config: ['email', 'google', 'not-a-provider'] },
    ]
    const { features } = resolveFeatures({ local: {}, remote, basic: false })
    expect(features).toMatchObject({
      email: true,
      socials: ['google'],
      swaps: false,
      onramp: false,
      activity: false,
      reownBranding: false,
    })
  })

  test.each([
    ['null', null],
    ['a failure', new Error('HTTP status code: 503')],
  ])(
    'remote config unavailable (%s): one console warning, the host values, unset remote-gated features off',
    async (_, answer) => {
      const { controller, warn } = setup({
        providerApi: fakeApi(answer),
        features: { email: true, socials: ['github'], swaps: true },
      })
      await controller.init()
      await controller.init()
      expect(warn).toHaveBeenCalledTimes(1)
      expect(controller.state.get().source).toBe('local')
      expect(controller.state.get().features).toMatchObject({
        email: true,
        socials: ['github'],
        swaps: ['1inch'],
        onramp: false,
        activity: false,
        reownBranding: false,
        analytics: true,
      })
    },
  )

  test('the default warning goes to console.warn', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const controller = createFeaturesController({
      projectId: 'p1',
      providerApi: fakeApi(null),
      alerts: { raise: () => {} },
    })
    await controller.init()
    expect(spy).toHaveBeenCalledTimes(1)
    expect(String(spy.mock.calls[0]?.[0])).toContain('Remote project configuration unavailable')
  })

  test('basic mode turns every remote-gated feature off and fetches nothing', async () => {
    const api = fakeApi(REMOTE_ALL_ON)
    const { controller, raised } = setup({
      providerApi: api,
      basic: true,
      features: { email: true, send: false },
    })
    await controller.init()
    expect(api.getProjectConfig).not.toHaveBeenCalled()
    expect(controller.state.get()).toMatchObject({
      source: 'basic',
      features: {
        email: false,
        socials: false,
        swaps: false,
        onramp: false,
        activity: false,
        reownBranding: false,
        send: false,
      },
    })
    expect(raised).toEqual([])
  })
})

describe('project and origin checks', () => {
  test('[§5.19] a missing projectId shows the project-not-configured alert', async () => {
    const api = fakeApi(REMOTE_ALL_ON)
    const { controller, raised } = setup({
      projectId: undefined,
      providerApi: api,
      features: { email: true },
    })
    await controller.init()
    expect(raised).toEqual([{ id: 'projectIdNotConfigured' }])
    expect(api.getProjectConfig).not.toHaveBeenCalled()
    expect(controller.state.get().features.email).toBe(true)

    const configured = setup({ providerApi: fakeApi(REMOTE_ALL_ON) })
    await configured.controller.init()
    expect(configured.raised).toEqual([])
  })

  test('[§5.20] [§6.4] an origin not in the allowed origins while email or social login is on: the invalid-app-configuration alert, and no login', async () => {
    const { controller, raised } = setup({
      origin: 'https://evil.example',
      providerApi: fakeApi(REMOTE_ALL_ON, ['https://app.example']),
    })
    await controller.init()
    expect(raised).toEqual([{ id: 'invalidAppConfiguration', details: { origin: 'https://evil.example' } }])
    expect(controller.state.get()).toMatchObject({
      originAllowed: false,
      features: { email: false, socials: false },
    })
    expect(controller.isEnabled('email')).toBe(false)
    expect(controller.isEnabled('swaps')).toBe(true)
  })

  test('[§5.20] an origins failure reads as an empty list', async () => {
    const { controller, raised } = setup({ providerApi: fakeApi(REMOTE_ALL_ON, new Error('down')) })
    await controller.init()
    expect(raised.map((r) => r.id)).toEqual(['invalidAppConfiguration'])
  })

  test('[§6.4] allowed origins may be patterns; the check is skipped when neither login is on', async () => {
    const patterns = ['https://*.example.com', 'http://localhost:*']
    for (const origin of ['https://app.example.com', 'http://localhost:5173']) {
      const { controller, raised } = setup({ origin, providerApi: fakeApi(REMOTE_ALL_ON, patterns) })
      await controller.init()
      expect(raised).toEqual([])
      expect(controller.state.get().originAllowed).toBe(true)
    }
    const deep = setup({ origin: 'https://a.b.example.com', providerApi: fakeApi(REMOTE_ALL_ON, patterns) })
    await deep.controller.init()
    expect(deep.controller.state.get().originAllowed).toBe(false)

    const api = fakeApi([{ id: 'swaps', isEnabled: true, config: ['1inch'] }], [])
    const noLogin = setup({ origin: 'https://evil.example', providerApi: api })
    await noLogin.controller.init()
    expect(api.getAllowedOrigins).not.toHaveBeenCalled()
    expect(noLogin.raised).toEqual([])
  })
})
