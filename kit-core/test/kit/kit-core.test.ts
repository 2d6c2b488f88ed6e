import { describe, expect, test, vi } from 'vitest'
import { EMPTY_ACCOUNT } from '../../src/controllers/connection/chain-state.js'
import {
  type ChainState,
  createKitCore,
  createMemoryStorage,
  DEFAULT_SERVICE_URLS,
  kitAccountOf,
  Messages,
  mainnet,
  nodeEnvironment,
  type ProviderApi,
  solana,
  soneium,
  unsupportedNetwork,
} from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const metadata = { name: 'Test', description: 'Test app', url: 'https://test.example', icons: [] }

function fakeProviderApi(): ProviderApi {
  return {
    getProjectConfig: vi.fn(async () => [
      { id: 'email', isEnabled: false, config: null },
      { id: 'activity', isEnabled: true, config: null },
    ]),
    getAllowedOrigins: vi.fn(async () => []),
    getWallets: vi.fn(async () => ({ data: [], count: 0 })),
    getAnalyticsConfig: vi.fn(async () => false),
    getWalletImage: async () => undefined,
    getAssetImage: async () => undefined,
    getCurrencyImage: async () => undefined,
    getTokenImage: async () => undefined,
    sendError: async () => {},
  }
}

function kit(
  extra: Partial<Parameters<typeof createKitCore>[0]> = {},
  internals: Parameters<typeof createKitCore>[1] = {},
) {
  const evm = createFakeAdapter('eip155', [mainnet, soneium], [EVM])
  const core = createKitCore(
    {
      adapters: [evm.adapter],
      metadata,
      storage: createMemoryStorage(),
      environment: nodeEnvironment(),
      ...extra,
      networks: [mainnet, soneium],
    },
    internals,
  )
  return { core, evm }
}

describe('createKitCore', () => {
  test('without a project id it uses no remote service, turns the remote-gated features off and says so', async () => {
    const { core } = kit()
    await core.ready
    expect(core.controllers.providerApi).toBeUndefined()
    expect(core.controllers.blockchainApi).toBeUndefined()
    const features = core.controllers.features.state.get().features
    expect(features.email).toBe(false)
    expect(features.swaps).toBe(false)
    expect(core.controllers.alerts.state.get().id).toBe('projectIdNotConfigured')
  })

  test('with a project id the clients point at the public endpoints, or at a self-hosted URL', async () => {
    expect(DEFAULT_SERVICE_URLS.providerApiUrl).toMatch(/^https:\/\//)
    // The requests are caught before they leave (tests never reach outside 127.0.0.1) and answered 503.
    const requested: string[] = []
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      requested.push(input instanceof Request ? input.url : String(input))
      return new Response('{}', { status: 503 })
    })
    try {
      const { core } = kit({ projectId: 'p1' })
      expect(core.controllers.blockchainApi).toBeDefined()
      // The Provider API client is one of the controllers that load after the first paint.
      expect(() => core.controllers.providerApi).toThrow(/await `kit.ready`/)
      await core.ready
      expect(core.controllers.providerApi).toBeDefined()
      expect(requested.length).toBeGreaterThan(0)
      for (const url of requested) {
        expect(url.startsWith(DEFAULT_SERVICE_URLS.providerApiUrl), url).toBe(true)
        expect(new URL(url).searchParams.get('projectId'), url).toBe('p1')
      }
      // A self-hosted service and no project id: nothing of the project's is asked (config, origins, analytics), and
      // what is asked carries no projectId parameter at all (never an empty one).
      const selfHosted = kit({ services: { providerApiUrl: 'http://127.0.0.1:1' } })
      expect(selfHosted.core.controllers.blockchainApi).toBeUndefined()
      await selfHosted.core.ready
      expect(selfHosted.core.controllers.providerApi).toBeDefined()
      const local = () => requested.filter((url) => url.startsWith('http://127.0.0.1:1/'))
      expect(local()).toEqual([])
      await selfHosted.core.controllers.listing.prefetch()
      expect(local().length).toBeGreaterThan(0)
      for (const url of local()) expect(new URL(url).searchParams.has('projectId'), url).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('[§5.19] without a project id or a relay of its own, WalletConnect is offered nowhere and refused at once, saying why', async () => {
    const load = vi.fn(async () => {
      throw new Error('the WalletConnect provider must not load')
    })
    const { core, evm } = kit({}, { getWalletConnectProvider: load })
    await core.ready
    // No adapter gets a provider, so none lists a WalletConnect connector (no row, no QR code, no All Wallets path).
    expect(vi.mocked(evm.adapter.init).mock.calls[0]?.[0].getWalletConnectProvider).toBeUndefined()
    expect(core.controllers.connectors.state.get().connectors.map((c) => c.type)).not.toContain(
      'WALLET_CONNECT',
    )
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toMatchObject({
        message: Messages.walletConnectUnavailable,
        code: 'UNSUPPORTED_OPERATION',
      })
    await refused(core.connect({ connectorId: 'walletConnect', namespace: 'eip155' }))
    await refused(core.controllers.connection.connectWalletConnect())
    expect(Messages.walletConnectUnavailable).toContain('projectId')
    expect(Messages.walletConnectUnavailable).toContain('services.walletConnectRelayUrl')
    expect(evm.adapter.connect).not.toHaveBeenCalled()
    expect(load).not.toHaveBeenCalled()
    expect(core.getAccount().isConnected).toBe(false)

    // A relay of the host's own (the local relay accepts a client without a project id): WalletConnect is offered.
    const relayed = kit(
      { services: { walletConnectRelayUrl: 'ws://127.0.0.1:1' } },
      { getWalletConnectProvider: load },
    )
    await relayed.core.ready
    expect(vi.mocked(relayed.evm.adapter.init).mock.calls[0]?.[0].getWalletConnectProvider).toBeDefined()
    await relayed.core.connect({ connectorId: 'walletConnect', namespace: 'eip155' })
    expect(relayed.evm.adapter.connect).toHaveBeenCalledTimes(1)
  })

  test('the remote configuration decides the remote-gated features', async () => {
    const api = fakeProviderApi()
    const { core } = kit({ projectId: 'p1' }, { providerApi: api })
    await core.ready
    expect(api.getProjectConfig).toHaveBeenCalledTimes(1)
    expect(core.controllers.features.state.get().features.email).toBe(false)
    expect(core.controllers.features.state.get().features.activity).toBe(true)
  })

  test('on a page, the remote configuration and analytics wait for it to be idle; the adapters and restore do not', async () => {
    const api = fakeProviderApi()
    const idle: (() => void)[] = []
    const page = Object.assign(new EventTarget(), {
      requestIdleCallback: (callback: () => void, options?: { timeout?: number }) => {
        expect(options?.timeout).toBe(1_000)
        idle.push(callback)
        return idle.length
      },
    })
    const { core, evm } = kit(
      { projectId: 'p1', environment: nodeEnvironment({ window: page as unknown as Window }) },
      { providerApi: api },
    )
    let ready = false
    void core.ready.then(() => {
      ready = true
    })
    await vi.waitFor(() => expect(evm.adapter.init).toHaveBeenCalled())
    // The start-up's storage reads, adapters and restore run on; only the page's idle time is missing.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.getProjectConfig).not.toHaveBeenCalled()
    expect(api.getAnalyticsConfig).not.toHaveBeenCalled()
    expect(ready).toBe(false)
    expect(idle).toHaveLength(1)
    idle[0]?.()
    await core.ready
    expect(api.getProjectConfig).toHaveBeenCalledTimes(1)
    expect(api.getAnalyticsConfig).toHaveBeenCalledTimes(1)
    expect(core.controllers.features.state.get().source).toBe('remote')
  })

  test('initialises each adapter with its own storage space and lists its connectors', async () => {
    const { core, evm } = kit()
    await core.ready
    const context = vi.mocked(evm.adapter.init).mock.calls[0]?.[0]
    expect(context?.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:1868'])
    await context?.storage.setItem('probe', '1')
    expect(core.controllers.connectors.getConnector('eip155', 'fake')?.name).toBe('Fake Wallet')
  })

  test('subscriptions deliver changes of the account and the network, and stop when asked', async () => {
    const { core } = kit()
    await core.ready
    const accounts: (string | undefined)[] = []
    const networks: (string | undefined)[] = []
    const stopAccount = core.subscribeAccount((a) => accounts.push(a.caipAddress))
    core.subscribeNetwork((n) => networks.push(n.caipNetworkId))
    await core.connect({ connectorId: 'fake', namespace: 'eip155' })
    await core.switchNetwork(soneium)
    stopAccount()
    await core.disconnect()
    expect(accounts).toEqual([`eip155:1:${EVM}`, `eip155:1868:${EVM}`])
    expect(networks).toEqual(['eip155:1868'])
  })

  test('getAccount says which namespace the account is of, before and after connecting', async () => {
    const { core } = kit()
    await core.ready
    const disconnected = {
      namespace: 'eip155',
      address: undefined,
      caipAddress: undefined,
      isConnected: false,
      status: 'disconnected',
      allAccounts: [],
    }
    expect(core.getAccount()).toEqual(disconnected)
    await core.connect({ connectorId: 'fake', namespace: 'eip155' })
    const connected = {
      namespace: 'eip155',
      address: EVM,
      caipAddress: `eip155:1:${EVM}`,
      isConnected: true,
      status: 'connected',
      allAccounts: [{ address: EVM, type: 'eoa' }],
    }
    expect(core.getAccount()).toEqual(connected)
    expect(core.getAccount('eip155')).toEqual(connected)
    await core.disconnect()
    expect(core.getAccount('eip155')).toEqual(disconnected)
  })

  test('kitAccountOf hands out no eip155 address that is not 0x-prefixed, and no namespace while none is active', () => {
    const state = (address: string): ChainState => ({
      activeNamespace: 'eip155',
      namespaces: {
        eip155: {
          networks: [mainnet],
          supportsAllNetworks: true,
          smartAccountEnabledNetworks: [],
          account: {
            ...EMPTY_ACCOUNT,
            address,
            caipAddress: `eip155:1:${address}`,
            allAccounts: [
              { address, type: 'eoa' },
              { address: EVM, type: 'eoa' },
            ],
            status: 'connected',
          },
        },
      },
    })
    expect(kitAccountOf(state(EVM))).toMatchObject({ namespace: 'eip155', address: EVM })
    expect(kitAccountOf(state('52908400098527886E0F7030069857D2E4169EE7'), 'eip155')).toEqual({
      namespace: 'eip155',
      address: undefined,
      caipAddress: undefined,
      isConnected: true,
      status: 'connected',
      allAccounts: [{ address: EVM, type: 'eoa' }],
    })
    expect(kitAccountOf({ namespaces: {} })).toEqual({
      namespace: undefined,
      address: undefined,
      caipAddress: undefined,
      isConnected: false,
      status: 'disconnected',
      allAccounts: [],
    })
  })

  test('a network the host did not configure raises the switch-network-not-found alert', async () => {
    const { core } = kit()
    await core.ready
    await expect(core.switchNetwork(unsupportedNetwork('eip155:5'))).rejects.toThrow('Network not found')
    expect(core.controllers.alerts.state.get().id).toBe('switchNetworkNotFound')
  })

  test('open and close drive the modal state; the theme can be changed and observed', async () => {
    const { core } = kit()
    await core.ready
    const themes: string[] = []
    core.subscribeTheme((t) => themes.push(t.themeMode))
    await core.open()
    expect(core.getState()).toMatchObject({
      open: true,
      selectedNetworkId: 'eip155:1',
      activeChain: 'eip155',
    })
    expect(core.controllers.router.state.get().view).toBe('Connect')
    await core.close()
    expect(core.getState().open).toBe(false)
    expect(core.getThemeMode()).toBe('dark')
    core.setThemeMode('light')
    expect(themes).toEqual(['light'])
  })

  test('rejects options of the wrong type with a clear error', () => {
    expect(() => createKitCore({ networks: [mainnet], themeMode: 'blue' as never })).toThrowError(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    )
    expect(() => createKitCore({ networks: [mainnet, solana], siwx: {}, siweConfig: {} } as never)).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })
})
