import { describe, expect, test } from 'vitest'
import type { ChainAdapter } from '../../src/adapter/adapter.js'
import { createMemoryStorage } from '../../src/adapter/storage.js'
import {
  createAdapterRegistry,
  DEFAULT_STORAGE_PREFIX,
  type KitOptions,
  readPageMetadata,
  resolveOptions,
} from '../../src/controllers/config/index.js'
import { LatchkeyError } from '../../src/errors/index.js'
import { nodeEnvironment } from '../../src/kit/environment.js'
import { mainnet, sepolia, solana } from '../../src/networks/index.js'
import type { SiwxConfig } from '../../src/siwx/types.js'

const env = nodeEnvironment()

function fakeAdapter(namespace: ChainAdapter['namespace']): ChainAdapter {
  const fn = async () => undefined
  return {
    namespace,
    adapterType: namespace === 'solana' ? 'solana' : 'wagmi',
    networks: [],
    init: fn,
    connect: fn,
    disconnect: fn,
    getConnectors: () => [],
  } as unknown as ChainAdapter
}

/** A sign-in config with every method of SiwxConfig, each doing nothing. */
function fakeSiwx(): SiwxConfig {
  return {
    createMessage: async (input) => ({
      ...input,
      domain: 'test.example',
      uri: 'https://test.example',
      version: '1',
      nonce: 'n',
      toString: () => 'message',
    }),
    addSession: async () => {},
    getSessions: async () => [],
    setSessions: async () => {},
    revokeSession: async () => {},
    getRequired: () => false,
    signOutOnDisconnect: true,
  }
}

function errorOf(run: () => unknown): LatchkeyError {
  try {
    run()
  } catch (error) {
    if (error instanceof LatchkeyError) return error
    throw error
  }
  throw new Error('did not throw')
}

/** A fake page: what readPageMetadata reads of document and location. */
function fakeWindow(
  head: { title?: string; description?: string; icon?: string },
  origin = 'https://app.example',
) {
  const document = {
    title: head.title ?? '',
    baseURI: `${origin}/shop/`,
    querySelector(selector: string) {
      if (selector === 'meta[name="description"]' && head.description !== undefined) {
        return { getAttribute: () => head.description }
      }
      if (selector === 'link[rel~="icon"]' && head.icon !== undefined)
        return { getAttribute: () => head.icon }
      return null
    },
  }
  return { document, location: { origin } } as unknown as Window
}

describe('resolveOptions', () => {
  test('fills in the defaults', () => {
    const resolved = resolveOptions({ networks: [mainnet] }, env)
    expect(resolved).toMatchObject({
      projectId: undefined,
      namespaces: ['eip155'],
      themeMode: 'dark',
      themeVariables: {},
      featuredWalletIds: [],
      enableNetworkSwitch: true,
      allowUnsupportedChain: false,
      enableEIP6963: true,
      enableWalletConnect: true,
      enableWallets: true,
      enableWalletGuide: true,
      enableEmbedded: false,
      disableAppend: false,
      debug: false,
      basic: false,
      storagePrefix: 'latchkey',
      warnings: [],
    })
    expect(DEFAULT_STORAGE_PREFIX).toBe('latchkey')
    expect(resolved.adapters.namespaces).toEqual([])
  })

  test('[§5.18] both siweConfig and siwx: Cannot set both `siweConfig` and `siwx` options', () => {
    const error = errorOf(() =>
      resolveOptions(
        { networks: [mainnet], adapters: [fakeAdapter('eip155')], siwx: fakeSiwx(), siweConfig: {} },
        env,
      ),
    )
    expect(error.message).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect(error.code).toBe('INVALID_OPTIONS')
    const siwx = fakeSiwx()
    expect(resolveOptions({ networks: [mainnet], siwx }, env).siwx).toBe(siwx)
  })

  test('a siwx without one of the methods of a SiwxConfig: the error names the missing ones', () => {
    const { revokeSession: _, ...withoutRevoke } = fakeSiwx()
    const one = errorOf(() => resolveOptions({ networks: [mainnet], siwx: withoutRevoke } as never, env))
    expect(one.code).toBe('INVALID_OPTIONS')
    expect(one.message).toBe('Invalid option `siwx`: expected a SiwxConfig, missing `revokeSession`')
    const { getRequired, signOutOnDisconnect, ...required } = fakeSiwx()
    expect(resolveOptions({ networks: [mainnet], siwx: required }, env).siwx).toBe(required)
    const several = errorOf(() =>
      resolveOptions(
        { networks: [mainnet], siwx: { ...required, createMessage: 'x', setSessions: undefined } } as never,
        env,
      ),
    )
    expect(several.message).toBe(
      'Invalid option `siwx`: expected a SiwxConfig, missing `createMessage`, `setSessions`',
    )
    expect(errorOf(() => resolveOptions({ networks: [mainnet], siwx: {} } as never, env)).message).toBe(
      'Invalid option `siwx`: expected a SiwxConfig, missing `createMessage`, `addSession`, `getSessions`, `setSessions`, `revokeSession`',
    )
  })

  test.each([
    ['projectId', { projectId: 42 }, 'Invalid option `projectId`: expected a string, got number 42'],
    [
      'networks',
      { networks: [] },
      'Invalid option `networks`: expected a non-empty array of networks, got an array',
    ],
    ['a network', { networks: [{ caipNetworkId: 'nope' }] }, 'Invalid option `networks[0].caipNetworkId`'],
    [
      'themeMode',
      { themeMode: 'blue' },
      "Invalid option `themeMode`: expected 'light' or 'dark', got \"blue\"",
    ],
    ['a flag', { enableWallets: 'yes' }, 'Invalid option `enableWallets`: expected a boolean, got "yes"'],
    ['a wallet id list', { featuredWalletIds: ['a', 7] }, 'Invalid option `featuredWalletIds[1]`'],
    ['a feature', { features: { email: 'on' } }, 'Invalid option `features.email`: expected a boolean'],
    [
      'an unknown feature',
      { features: { emial: true } },
      'Invalid option `features`: expected only the features',
    ],
    ['a social', { features: { socials: ['myspace'] } }, 'Invalid option `features.socials[0]`'],
    ['a url', { termsConditionsUrl: 'javascript:alert(1)' }, 'Invalid option `termsConditionsUrl`'],
    [
      'an account type',
      { defaultAccountTypes: { eip155: 'root' } },
      'Invalid option `defaultAccountTypes.eip155`',
    ],
    ['a namespace', { namespaces: ['tron'] }, 'Invalid option `namespaces[0]`'],
    ['storage', { storage: {} }, 'Invalid option `storage`'],
    ['storagePrefix', { storagePrefix: 'a:b' }, 'Invalid option `storagePrefix`'],
    ['a custom wallet', { customWallets: [{ id: 'x' }] }, 'Invalid option `customWallets[0].name`'],
    [
      'a custom RPC',
      { customRpcUrls: { 'eip155:1': [{ url: 'ftp://x' }] } },
      "Invalid option `customRpcUrls['eip155:1'][0].url`",
    ],
    ['a chain image', { chainImages: { 1: 'javascript:x' } }, "Invalid option `chainImages['1']`"],
    ['a token', { tokens: { 'eip155:1': { image: 'x' } } }, "Invalid option `tokens['eip155:1']`"],
    ['metadata', { metadata: { icons: 'x' } }, 'Invalid option `metadata.icons`'],
    ['services', { services: { providerApiUrl: 'not a url' } }, 'Invalid option `services.providerApiUrl`'],
    [
      'an adapter',
      { adapters: [{ namespace: 'eip155' }] },
      'Invalid option `adapters[0].init`: expected a function',
    ],
    ['siwx', { siwx: 'yes' }, 'Invalid option `siwx`: expected an object'],
  ])('names the option and what was expected: %s', (_, options, message) => {
    const error = errorOf(() =>
      resolveOptions({ networks: [mainnet], ...options } as unknown as KitOptions, env),
    )
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.message.startsWith(message)).toBe(true)
  })

  test('an empty projectId counts as missing; unknown options become warnings', () => {
    const resolved = resolveOptions(
      { networks: [mainnet], projectId: '  ', defaultNetwork: mainnet } as KitOptions,
      env,
    )
    expect(resolved.projectId).toBeUndefined()
    expect(resolved.warnings).toEqual(['Unknown option `defaultNetwork` ignored'])
  })

  test('namespaces are all enabled by default and filterable: networks and adapters of others are dropped', () => {
    const options: KitOptions = {
      networks: [mainnet, solana, sepolia],
      adapters: [fakeAdapter('eip155'), fakeAdapter('solana')],
    }
    const all = resolveOptions(options, env)
    expect(all.namespaces).toEqual(['eip155', 'solana'])
    expect(all.adapters.namespaces).toEqual(['eip155', 'solana'])
    const evmOnly = resolveOptions({ ...options, namespaces: ['eip155'] }, env)
    expect(evmOnly.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:11155111'])
    expect(evmOnly.adapters.namespaces).toEqual(['eip155'])
    expect(evmOnly.namespaces).toEqual(['eip155'])
    expect(() => resolveOptions({ ...options, namespaces: ['bip122'] }, env)).toThrow(
      'Invalid option `networks`: expected a network of bip122',
    )
  })

  test('one adapter per namespace; the registry throws "Adapter for namespace {x} doesn\'t exist"', () => {
    expect(() =>
      resolveOptions({ networks: [mainnet], adapters: [fakeAdapter('eip155'), fakeAdapter('eip155')] }, env),
    ).toThrow('two adapters for namespace eip155')
    const registry = createAdapterRegistry([fakeAdapter('eip155')])
    expect(registry.getAdapter('eip155').namespace).toBe('eip155')
    expect(registry.get('solana')).toBeUndefined()
    const error = errorOf(() => registry.getAdapter('cosmos'))
    expect(error.message).toBe("Adapter for namespace cosmos doesn't exist")
    expect(error.code).toBe('ADAPTER_NOT_FOUND')
  })

  test('storage: the host store inside the kit prefix, so two kits never share a key', async () => {
    const shared = createMemoryStorage()
    const a = resolveOptions({ networks: [mainnet], storage: shared }, env)
    const b = resolveOptions({ networks: [mainnet], storage: shared, storagePrefix: 'second' }, env)
    await a.storage.setItem('wallet_id', 'a')
    await b.storage.setItem('wallet_id', 'b')
    expect(shared.keys().sort()).toEqual(['latchkey:wallet_id', 'second:wallet_id'])
    expect(await a.storage.getItem('wallet_id')).toBe('a')
    // Without a window the default is memory.
    const memory = resolveOptions({ networks: [mainnet] }, env)
    await memory.storage.setItem('k', 'v')
    expect(await memory.storage.getItem('k')).toBe('v')
  })

  test('adapter options carry what adapters read', () => {
    const resolved = resolveOptions(
      {
        networks: [mainnet],
        projectId: 'p',
        excludeWalletIds: ['x'],
        defaultAccountTypes: { eip155: 'eoa' },
      },
      env,
    )
    expect(resolved.adapterOptions).toMatchObject({
      projectId: 'p',
      excludeWalletIds: ['x'],
      defaultAccountTypes: { eip155: 'eoa' },
      enableEIP6963: true,
      enableWallets: true,
    })
  })
})

describe('default metadata from the page', () => {
  test('title, description, origin and the favicon made absolute', () => {
    const window = fakeWindow({ title: ' Shop ', description: 'Buy things', icon: '../favicon.png' })
    expect(readPageMetadata({ window, origin: 'https://app.example' })).toEqual({
      name: 'Shop',
      description: 'Buy things',
      url: 'https://app.example',
      icons: ['https://app.example/favicon.png'],
    })
  })

  test('host metadata wins field by field', () => {
    const window = fakeWindow({ title: 'Shop', icon: '/i.png' })
    const resolved = resolveOptions(
      { networks: [mainnet], metadata: { name: 'My dApp' } },
      nodeEnvironment({ window, origin: 'https://app.example' }),
    )
    expect(resolved.metadata).toEqual({
      name: 'My dApp',
      description: '',
      url: 'https://app.example',
      icons: ['https://app.example/i.png'],
    })
  })

  test('is safe without a window, with a hostile icon or with a page that throws', () => {
    expect(readPageMetadata({})).toEqual({ name: '', description: '', url: '', icons: [] })
    expect(readPageMetadata({ window: fakeWindow({ icon: 'javascript:alert(1)' }) }).icons).toEqual([])
    const throwing = {
      get document(): Document {
        throw new Error('cross-origin')
      },
      location: { origin: 'https://app.example' },
    } as unknown as Window
    expect(readPageMetadata({ window: throwing }).url).toBe('https://app.example')
  })
})
