// The Blockchain API client against the services stand-in of the test stack, over real HTTP; balances come
// live from the stack's local chain. Time is the client's `now` option, moved by hand.
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { fundedAddress } from '../../test/support/local-chain.js'
import {
  fault,
  type RecordedRequest,
  recordedRequests,
  servicesUrl,
  setupBlockchainApi,
} from '../../test/support/services-stand-in.js'
import { type BlockchainApiClientOptions, ServiceDefaults } from './index.js'

const LOCAL = 'eip155:31337' as const
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' // mnemonic account 0: has a fixture name

async function requests(projectId: string, prefix = '/'): Promise<RecordedRequest[]> {
  const requests = await recordedRequests(projectId)
  return requests.filter((r) => r.path.startsWith(prefix))
}

/** A client for a fresh project with a hand-moved clock. */
const setup = (options: Partial<BlockchainApiClientOptions> = {}) =>
  setupBlockchainApi('core-blockchain', { sdkVersion: 'html-core-1.2.3', retryDelay: 1, ...options })

describe('query parameters and supported-chain gating', () => {
  test('each request carries projectId, st and sv; balance, identity and reverse send their own parameters', async () => {
    const { api, projectId } = setup()
    const address = await fundedAddress('1')
    await api.getBalance({ address, caipNetworkId: LOCAL, forceUpdate: true })
    await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL, sender: address })
    await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })
    const seen = await requests(projectId)
    expect(seen.map((r) => r.path)).toEqual([
      '/v1/supported-chains',
      `/v1/account/${address}/balance`,
      `/v1/identity/${ALICE}`,
      `/v1/profile/reverse/${ALICE}`,
    ])
    for (const request of seen) {
      expect(request.query).toMatchObject({ projectId, st: 'appkit', sv: 'html-core-1.2.3' })
    }
    expect(seen[1]?.query).toMatchObject({ currency: 'usd', chainId: LOCAL, forceUpdate: 'true' })
    expect(seen[2]?.query).toMatchObject({ sender: address })
    expect(seen[3]?.query).toMatchObject({ sender: ALICE, apiVersion: '2' })
  })

  test('supported chains are fetched once and answer isNetworkSupported', async () => {
    const { api, projectId } = setup()
    const chains = await api.getSupportedChains()
    expect(chains.http).toEqual(expect.arrayContaining([LOCAL, 'eip155:31338']))
    expect(await api.isNetworkSupported(LOCAL)).toBe(true)
    expect(await api.isNetworkSupported('eip155:1')).toBe(false)
    expect(await requests(projectId, '/v1/supported-chains')).toHaveLength(1)
  })

  test('on an unsupported network nothing is asked: empty balance, no identity, no profiles', async () => {
    const { api, projectId } = setup()
    expect(await api.getBalance({ address: ALICE, caipNetworkId: 'eip155:1' })).toEqual([])
    expect(await api.getIdentity({ address: ALICE, caipNetworkId: 'eip155:1' })).toBeNull()
    expect(await api.reverseLookup({ address: ALICE, caipNetworkId: 'eip155:1' })).toEqual([])
    expect((await requests(projectId)).map((r) => r.path)).toEqual(['/v1/supported-chains'])
  })

  test('[§9.17] balances are asked for eip155 and solana networks only; names for eip155 only', async () => {
    const { api, projectId } = setup()
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93' as const
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
    const solanaAddress = 'So11111111111111111111111111111111111111112'
    // Both networks are supported by the service, yet bitcoin is not a balance namespace.
    expect(await api.isNetworkSupported(bitcoin)).toBe(true)
    expect(
      await api.getBalance({ address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', caipNetworkId: bitcoin }),
    ).toEqual([])
    expect(await api.getBalance({ address: solanaAddress, caipNetworkId: solana })).toEqual([])
    expect(await api.getIdentity({ address: solanaAddress, caipNetworkId: solana })).toBeNull()
    expect(await api.reverseLookup({ address: solanaAddress, caipNetworkId: solana })).toEqual([])
    expect((await requests(projectId)).map((r) => r.path)).toEqual([
      '/v1/supported-chains',
      `/v1/account/${solanaAddress}/balance`,
    ])
  })

  test('a malformed address never reaches a request path', async () => {
    const { api, projectId } = setup()
    expect(await api.getBalance({ address: '../../getWallets?x=', caipNetworkId: LOCAL })).toEqual([])
    expect(await api.getIdentity({ address: '0x12/../../e', caipNetworkId: LOCAL })).toBeNull()
    expect(await requests(projectId, '/v1/account')).toEqual([])
  })

  test('a supported-chains failure means no network is supported, and it is not asked again for 30 s', async () => {
    const { api, projectId, clock, logger } = setup({ retryCount: 0 })
    await fault(projectId, { path: '/v1/supported-chains', status: 502, times: 1 })
    expect(await api.getSupportedChains()).toEqual({ http: [], ws: [] })
    expect(await api.getBalance({ address: ALICE, caipNetworkId: LOCAL })).toEqual([])
    expect(logger.warn).toHaveBeenCalledTimes(1)
    clock.now += ServiceDefaults.balanceRetryGuardMs - 1
    expect(await api.isNetworkSupported(LOCAL)).toBe(false)
    expect(await requests(projectId, '/v1/supported-chains')).toHaveLength(1)
    clock.now += 1
    expect(await api.isNetworkSupported(LOCAL)).toBe(true)
    expect(await requests(projectId, '/v1/supported-chains')).toHaveLength(2)
  })
})

describe('identity and reverse profiles', () => {
  test('[§9.2] identity is cached for 5 minutes per address', async () => {
    const { api, projectId, clock } = setup()
    const identity = await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL })
    expect(identity).toEqual({
      name: 'alice.latchkey.id',
      avatar: `${servicesUrl}/public/getAssetImage/avatar-alice`,
    })
    clock.now += 5 * 60_000 - 1
    expect(await api.getIdentity({ address: ALICE.toLowerCase(), caipNetworkId: 'eip155:31338' })).toEqual(
      identity,
    )
    expect(await requests(projectId, '/v1/identity/')).toHaveLength(1)
    clock.now += 1
    await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL })
    expect(await requests(projectId, '/v1/identity/')).toHaveLength(2)
    expect(ServiceDefaults.identityCacheMs).toBe(300_000)
    expect(ServiceDefaults.nameLookupCacheMs).toBe(300_000)
  })

  test('[§9.2] the reverse lookup of names is cached for 5 minutes per address; a failure is not', async () => {
    const { api, projectId, clock } = setup({ retryCount: 0 })
    await fault(projectId, { path: '/v1/profile/reverse/', status: 500, times: 1 })
    expect(await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })).toEqual([])
    const names = await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })
    expect(names.length).toBeGreaterThan(0)
    clock.now += 5 * 60_000 - 1
    expect(await api.reverseLookup({ address: ALICE.toLowerCase(), caipNetworkId: LOCAL })).toEqual(names)
    expect(await requests(projectId, '/v1/profile/reverse/')).toHaveLength(2)
    clock.now += 1
    await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })
    expect(await requests(projectId, '/v1/profile/reverse/')).toHaveLength(3)
  })

  test('an address without a name gives nulls; a failing lookup gives null and is not cached', async () => {
    const { api, projectId } = setup({ retryCount: 0 })
    const stranger = privateKeyToAddress(generatePrivateKey())
    expect(await api.getIdentity({ address: stranger, caipNetworkId: LOCAL })).toEqual({
      name: null,
      avatar: null,
    })
    await fault(projectId, { path: '/v1/identity/', status: 500, times: 1 })
    expect(await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL })).toBeNull()
    expect((await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL }))?.name).toBe('alice.latchkey.id')
  })

  test('hostile identity and profile fields: text kept plain, unsafe avatars dropped', async () => {
    const { api, projectId } = setup()
    await fault(projectId, {
      path: '/v1/identity/',
      body: { name: '<script>alert(1)</script>.eth', avatar: 'http://evil.example/a.png' },
    })
    await fault(projectId, {
      path: '/v1/profile/reverse/',
      body: [
        {
          name: 'ok.latchkey.id',
          registered: 1,
          addresses: {},
          attributes: [{ avatar: 'javascript:alert(1)', bio: '<b>hi</b>' }],
        },
        { name: 42, registered: 1, addresses: {} },
      ],
    })
    expect(await api.getIdentity({ address: ALICE, caipNetworkId: LOCAL })).toEqual({
      name: '<script>alert(1)</script>.eth',
      avatar: null,
    })
    expect(await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })).toEqual([
      { name: 'ok.latchkey.id', registered: 1, addresses: {}, attributes: [{ bio: '<b>hi</b>' }] },
    ])
  })

  test('reverse lookup returns the fixture profile of a test account', async () => {
    const { api } = setup()
    const [profile] = await api.reverseLookup({ address: ALICE, caipNetworkId: LOCAL })
    expect(profile).toMatchObject({ name: 'alice.latchkey.id', addresses: { 60: { address: ALICE } } })
    expect(profile?.attributes).toEqual([{ avatar: `${servicesUrl}/public/getAssetImage/avatar-alice` }])
  })
})
