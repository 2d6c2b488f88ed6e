import { describe, expect, test } from 'vitest'
import {
  CONNECTION_COOKIE,
  cookieToInitialState,
  createKitCore,
  createMemoryStorage,
  type KitEnvironment,
  type KitStorage,
  mainnet,
  nodeEnvironment,
  soneium,
} from '../../src/index.js'
import { connectionCookie } from '../../src/kit/connection-cookie.js'
import { serializeInitialState } from '../../src/kit/initial-state.js'
import { account, createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const OTHER = '0x1111111111111111111111111111111111111111'
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const metadata = { name: 'Test', description: 'Test app', url: 'https://test.example', icons: [] }
const cookieOf = (value: string) => `theme=dark; ${CONNECTION_COOKIE}=${encodeURIComponent(value)}; other=1`

/** A page's document as far as the cookie goes: what the kit assigned to `document.cookie`, in order. */
function cookieJar(protocol = 'https:') {
  const written: string[] = []
  const doc = {
    location: { protocol },
    set cookie(value: string) {
      written.push(value)
    },
    get cookie() {
      return written.at(-1) ?? ''
    },
  }
  const environment: KitEnvironment = { ...nodeEnvironment(), window: { document: doc } as unknown as Window }
  return { written, environment }
}

function kit(
  extra: Partial<Parameters<typeof createKitCore>[0]>,
  storage: KitStorage = createMemoryStorage(),
) {
  const evm = createFakeAdapter('eip155', [mainnet, soneium], [EVM])
  const core = createKitCore({
    adapters: [evm.adapter],
    metadata,
    storage,
    environment: nodeEnvironment(),
    networks: [mainnet, soneium],
    ...extra,
  })
  return { core, evm }
}

describe('cookieToInitialState: the connection cookie is the visitor’s input', () => {
  test('reads the accounts and the active namespace the kit wrote, among other cookies', () => {
    const state = {
      activeNamespace: 'solana' as const,
      accounts: {
        eip155: `eip155:1:${EVM}` as const,
        solana: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}` as const,
        bip122: `bip122:000000000019d6689c085ae165831e93:${BTC}` as const,
      },
    }
    expect(cookieToInitialState(cookieOf(serializeInitialState(state)))).toEqual(state)
  })

  test.each([
    ['no cookie header', undefined],
    ['no kit cookie', 'theme=dark'],
    ['another version', cookieOf(`v2|eip155|eip155:1:${EVM}`)],
    ['an unknown namespace', cookieOf(`v1|cosmos|cosmos:hub:${EVM}`)],
    ['an active namespace without an account', cookieOf(`v1|solana|eip155:1:${EVM}`)],
    ['no account', cookieOf('v1|eip155')],
    ['two accounts of one namespace', cookieOf(`v1|eip155|eip155:1:${EVM}|eip155:10:${EVM}`)],
    ['an EVM address one digit short', cookieOf(`v1|eip155|eip155:1:${EVM.slice(0, -1)}`)],
    ['markup in the address', cookieOf('v1|eip155|eip155:1:<img src=x onerror=alert(1)>')],
    [
      'an EVM address in the Solana namespace',
      cookieOf(`v1|solana|solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${EVM}`),
    ],
    ['a value that is not URI-encoded text', `${CONNECTION_COOKIE}=%E0%A4%A`],
    ['an oversized value', cookieOf(`v1|eip155|eip155:1:${EVM}|${'x'.repeat(700)}`)],
  ])('gives undefined (a first visit) for %s', (_, cookie) => {
    expect(cookieToInitialState(cookie)).toBeUndefined()
  })

  test('the cookie the kit writes: path /, SameSite Lax, Secure on https, 30 days; removal is Max-Age=0', () => {
    const state = { activeNamespace: 'eip155' as const, accounts: { eip155: `eip155:1:${EVM}` as const } }
    const written = connectionCookie(state, true)
    expect(written).toBe(
      `${CONNECTION_COOKIE}=${encodeURIComponent(`v1|eip155|eip155:1:${EVM}`)}; Path=/; SameSite=Lax; Secure; Max-Age=2592000`,
    )
    expect(cookieToInitialState(written.split(';')[0])).toEqual(state)
    expect(connectionCookie(undefined, false)).toBe(`${CONNECTION_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`)
  })
})

describe('a kit with ssr: true', () => {
  test('changes nothing before start(): no adapter init, no restore, ready pending; start() is idempotent', async () => {
    const { core, evm } = kit({ ssr: true })
    const before = core.controllers.chain.state.get()
    let settled = false
    void core.ready.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(evm.adapter.init).not.toHaveBeenCalled()
    expect(evm.adapter.reconnect).not.toHaveBeenCalled()
    expect(settled).toBe(false)
    expect(core.controllers.chain.state.get()).toBe(before)
    const first = core.start()
    expect(core.start()).toBe(first)
    await first
    expect(evm.adapter.init).toHaveBeenCalledTimes(1)
    expect(settled).toBe(true)
    core.destroy()
  })

  test('a kit without ssr starts when created; start() resolves with ready', async () => {
    const { core, evm } = kit({})
    expect(core.start()).toBe(core.ready)
    await core.ready
    expect(evm.adapter.init).toHaveBeenCalledTimes(1)
    core.destroy()
  })

  test('shows the remembered account reconnecting from the first render, then the wallet confirms it', async () => {
    const storage = createMemoryStorage()
    const first = kit({}, storage)
    await first.core.ready
    await first.core.connect({ connectorId: 'fake', namespace: 'eip155', network: soneium })
    first.core.destroy()

    const initialState = cookieToInitialState(cookieOf(`v1|eip155|${soneium.caipNetworkId}:${EVM}`))
    const again = kit({ ssr: true, initialState }, storage)
    again.evm.setRestorable(soneium)
    expect(again.core.getAccount('eip155')).toMatchObject({
      address: EVM,
      status: 'connecting',
      isConnected: false,
    })
    expect(again.core.controllers.chain.state.get().activeCaipNetwork?.caipNetworkId).toBe(
      soneium.caipNetworkId,
    )
    await again.core.start()
    expect(again.evm.adapter.reconnect).toHaveBeenCalledTimes(1)
    expect(again.core.getAccount('eip155')).toMatchObject({
      address: EVM,
      status: 'connected',
      isConnected: true,
    })
    again.core.destroy()
  })

  test('withdraws a remembered account the wallet no longer grants: address gone, disconnected', async () => {
    const initialState = cookieToInitialState(cookieOf(`v1|eip155|eip155:1:${EVM}`))
    const { core } = kit({ ssr: true, initialState })
    expect(core.getAccount().address).toBe(EVM)
    await core.start()
    expect(core.getAccount()).toMatchObject({
      address: undefined,
      caipAddress: undefined,
      status: 'disconnected',
    })
  })

  test('leaves out a remembered account on a network the kit does not serve', () => {
    const initialState = cookieToInitialState(cookieOf(`v1|eip155|eip155:8453:${EVM}`))
    const { core } = kit({ ssr: true, initialState })
    expect(core.getAccount()).toMatchObject({ address: undefined, status: 'disconnected' })
  })

  test('refuses an initialState that is not what cookieToInitialState returns', () => {
    expect(() =>
      kit({ ssr: true, initialState: { activeNamespace: 'eip155', accounts: { eip155: 'nope' } } as never }),
    ).toThrow(/Invalid option `initialState`/)
    expect(kit({ ssr: true, initialState: null as never }).core.getAccount().status).toBe('disconnected')
  })

  test('keeps the connection cookie: written on connect, removed on disconnect, untouched before start()', async () => {
    const jar = cookieJar('https:')
    const { core } = kit({ ssr: true, environment: jar.environment })
    expect(jar.written).toEqual([])
    await core.start()
    await core.connect({ connectorId: 'fake', namespace: 'eip155', network: mainnet })
    const state = cookieToInitialState(jar.written.at(-1)?.split(';')[0])
    expect(state).toEqual({ activeNamespace: 'eip155', accounts: { eip155: `eip155:1:${EVM}` } })
    expect(jar.written.at(-1)).toContain('; Secure;')
    await core.disconnect()
    expect(jar.written.at(-1)).toBe(`${CONNECTION_COOKIE}=; Path=/; SameSite=Lax; Secure; Max-Age=0`)
    core.destroy()
  })

  test('a kit without ssr writes no cookie', async () => {
    const jar = cookieJar()
    const { core } = kit({ environment: jar.environment })
    await core.ready
    await core.connect({ connectorId: 'fake', namespace: 'eip155', network: mainnet })
    expect(jar.written).toEqual([])
    core.destroy()
  })
})

describe('a client-rendered kit (no ssr) shows what its storage remembers from its first render', () => {
  /** Connects on soneium with a first kit and leaves its storage, as a visit before a reload does. */
  async function visitedBefore(): Promise<KitStorage & { keys(): string[] }> {
    const storage = createMemoryStorage()
    const first = kit({}, storage)
    await first.core.ready
    await first.core.connect({ connectorId: 'fake', namespace: 'eip155', network: soneium })
    first.core.destroy()
    return storage
  }

  test('[§4.6] stored as connected: the account is there at creation, reconnecting on its network, then confirmed', async () => {
    const storage = await visitedBefore()
    const again = kit({}, storage)
    again.evm.setRestorable(soneium)
    expect(again.core.getAccount()).toMatchObject({ address: EVM, status: 'connecting' })
    expect(again.core.controllers.chain.state.get().activeCaipNetwork?.caipNetworkId).toBe(
      soneium.caipNetworkId,
    )
    await again.core.ready
    expect(again.core.getAccount()).toMatchObject({ address: EVM, status: 'connected' })
    again.core.destroy()
  })

  test('a wallet that switched accounts: the next visit shows the account it switched to', async () => {
    const storage = createMemoryStorage()
    const first = kit({}, storage)
    await first.core.ready
    await first.core.connect({ connectorId: 'fake', namespace: 'eip155', network: soneium })
    first.evm.emit('accountsChanged', { accounts: [account(soneium, OTHER)] })
    expect(first.core.getAccount().address).toBe(OTHER)
    const addressKey = storage.keys().find((key) => key.endsWith('address_cache:eip155')) as string
    await expect.poll(() => storage.getItem(addressKey)).toBe(OTHER)
    first.core.destroy()
    expect(kit({}, storage).core.getAccount()).toMatchObject({ address: OTHER, status: 'connecting' })
  })

  test('after a disconnect, nothing is remembered', async () => {
    const storage = await visitedBefore()
    const second = kit({}, storage)
    second.evm.setRestorable(soneium)
    await second.core.ready
    await second.core.disconnect()
    second.core.destroy()
    expect(kit({}, storage).core.getAccount()).toMatchObject({ address: undefined, status: 'disconnected' })
  })

  test('[§4.7] a wallet that no longer grants: shown at creation, then withdrawn (disconnected)', async () => {
    const storage = await visitedBefore()
    const again = kit({}, storage)
    expect(again.core.getAccount().address).toBe(EVM)
    await again.core.ready
    expect(again.core.getAccount()).toMatchObject({ address: undefined, status: 'disconnected' })
  })

  test('an async store, a kit with ssr, or a hostile cached address shows nothing at creation', async () => {
    const storage = await visitedBefore()
    const async: KitStorage = {
      getItem: async (key) => storage.getItem(key),
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
    }
    expect(kit({}, async).core.getAccount().status).toBe('disconnected')
    expect(kit({ ssr: true }, storage).core.getAccount().status).toBe('disconnected')
    const addressKey = storage.keys().find((key) => key.endsWith('address_cache:eip155')) as string
    expect(storage.getItem(addressKey)).toBe(EVM)
    storage.setItem(addressKey, '<img src=x onerror=alert(1)>')
    expect(kit({}, storage).core.getAccount()).toMatchObject({ address: undefined, status: 'disconnected' })
  })
})
