import { describe, expect, test, vi } from 'vitest'
import { createMemoryStorage, type KitStorage, prefixStorage } from '../../src/adapter/storage.js'
import {
  createDefaultStorage,
  createStorageHelpers,
  LOGIN_CACHE_KEYS,
  StorageKeys,
} from '../../src/controllers/config/index.js'

const quietLogger = () => ({ debug: vi.fn(), warn: vi.fn() })

/** An async store, as IndexedDB or a server session would be. */
function asyncStorage(inner = createMemoryStorage()): KitStorage & { keys(): string[] } {
  return {
    getItem: async (key) => inner.getItem(key),
    setItem: async (key, value) => inner.setItem(key, value),
    removeItem: async (key) => inner.removeItem(key),
    keys: () => inner.keys(),
  }
}

const failing: KitStorage = {
  getItem: () => {
    throw new Error('SecurityError')
  },
  setItem: () => Promise.reject(new Error('QuotaExceededError')),
  removeItem: () => {
    throw new Error('SecurityError')
  },
}

describe('storage keys (SPEC §3 "Local storage keys")', () => {
  test('name every stored fact, per-namespace keys with the namespace last', () => {
    expect(StorageKeys).toMatchObject({
      walletId: expect.any(String),
      activeCaipNetworkId: expect.any(String),
      recentWallets: expect.any(String),
      siwxSessions: expect.any(String),
      email: expect.any(String),
      emailLoginUsed: expect.any(String),
      lastEmailLoginTime: expect.any(String),
      lastUsedChain: expect.any(String),
      socialUsername: expect.any(String),
      smartAccountEnabledNetworks: expect.any(String),
      activeNamespace: expect.any(String),
    })
    expect(StorageKeys.connectedConnectorId('eip155')).toBe('connected_connector_id:eip155')
    expect(StorageKeys.connectionStatus('solana')).toBe('connection_status:solana')
    expect(StorageKeys.addressCache('eip155')).toBe('address_cache:eip155')
    expect(StorageKeys.preferredAccountType('solana')).toBe('preferred_account_type:solana')
    const fixed = Object.values(StorageKeys).filter((v) => typeof v === 'string')
    expect(new Set(fixed).size).toBe(fixed.length)
  })
})

describe('storage helpers', () => {
  test('entries kept per namespace or per cache entry have a key each: no read-modify-write another tab could race', async () => {
    const storage = asyncStorage()
    const helpers = createStorageHelpers({ storage })
    await Promise.all([
      helpers.setAddressCache('eip155', '0xabc'),
      helpers.setAddressCache('solana', 'Sol1'),
      helpers.setPreferredAccountType('eip155', 'smartAccount'),
      helpers.setPreferredAccountType('solana', 'eoa'),
      helpers.clearAddressCache('eip155'),
      helpers.setAddressCache('bip122', 'bc1q'),
    ])
    expect(await helpers.getAddressCache('eip155')).toBeUndefined()
    expect(await helpers.getAddressCache('solana')).toBe('Sol1')
    expect(await helpers.getAddressCache('bip122')).toBe('bc1q')
    expect(await helpers.getPreferredAccountTypes()).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
    await helpers.setCached(StorageKeys.identityCache, '0xabc', 1)
    expect(storage.keys().sort()).toEqual([
      'address_cache:bip122',
      'address_cache:solana',
      'identity_cache:0xabc',
      'preferred_account_type:eip155',
      'preferred_account_type:solana',
    ])
  })

  test('[§4.13] clearLoginCache clears email, the used flag, the last chain and the social username only', async () => {
    const storage = createMemoryStorage()
    const helpers = createStorageHelpers({ storage })
    for (const key of [...LOGIN_CACHE_KEYS, StorageKeys.lastEmailLoginTime, StorageKeys.walletId]) {
      await helpers.setString(key, 'x')
    }
    expect(LOGIN_CACHE_KEYS).toEqual([
      StorageKeys.email,
      StorageKeys.emailLoginUsed,
      StorageKeys.lastUsedChain,
      StorageKeys.socialUsername,
    ])
    await helpers.clearLoginCache()
    expect(storage.keys().sort()).toEqual([StorageKeys.lastEmailLoginTime, StorageKeys.walletId].sort())
  })

  test('recent wallets and the deep link read back from storage are hostile: cleaned or dropped', async () => {
    const storage = createMemoryStorage()
    const helpers = createStorageHelpers({ storage })
    // What any script on the page could have written.
    await storage.setItem(
      StorageKeys.recentWallets,
      JSON.stringify([
        { id: 'io.metamask', rdns: 'io.metamask', name: 'Meta\u202eMask\u200b  Wallet' },
        { id: 'x', rdns: '<img src=x>', name: 'A'.repeat(500) },
        { id: 'bad id with spaces', name: 'Dropped' },
        { id: '', name: 'No id' },
        { name: 'No id at all' },
      ]),
    )
    const recent = await helpers.getRecentWallets()
    expect(recent.map((w) => w.id)).toEqual(['io.metamask', 'x'])
    expect(recent[0]).toEqual({ id: 'io.metamask', rdns: 'io.metamask', name: 'MetaMask Wallet' })
    expect(recent[1]?.rdns).toBeUndefined()
    expect(Array.from(recent[1]?.name ?? '').length).toBeLessThan(500)
    await storage.setItem(StorageKeys.deepLink, JSON.stringify({ name: 'W', href: 'javascript:alert(1)' }))
    expect(await helpers.getDeepLink()).toBeUndefined()
    await storage.setItem(StorageKeys.deepLink, JSON.stringify({ name: 'W\u202e', href: 'wallet://' }))
    expect(await helpers.getDeepLink()).toEqual({ name: 'W', href: 'wallet://' })
  })

  test('works the same over an async store, inside a kit prefix', async () => {
    const inner = asyncStorage()
    const helpers = createStorageHelpers({ storage: prefixStorage(inner, 'latchkey') })
    await helpers.setConnectorId('eip155', 'io.metamask')
    await helpers.setStatus('eip155', 'connected')
    await helpers.setRecentWallets([{ id: 'a', rdns: 'io.a' }, { id: 'b' }])
    await helpers.setDeepLink({ name: 'Wallet', href: 'wallet://' })
    await helpers.setSmartAccountEnabledNetworks([1, 8453])
    await helpers.setPreferredAccountType('eip155', 'eoa')
    await helpers.setAddressCache('solana', 'So1')
    await helpers.setActiveNamespace('solana')
    await helpers.setActiveNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(await inner.getItem('latchkey:smart_account_enabled_networks')).toBe('1,8453')
    expect(await helpers.getConnectorId('eip155')).toBe('io.metamask')
    expect(await helpers.getStatus('eip155')).toBe('connected')
    expect(await helpers.getRecentWallets()).toEqual([{ id: 'a', rdns: 'io.a' }, { id: 'b' }])
    expect(await helpers.getDeepLink()).toEqual({ name: 'Wallet', href: 'wallet://' })
    expect(await helpers.getSmartAccountEnabledNetworks()).toEqual(['1', '8453'])
    expect(await helpers.getPreferredAccountTypes()).toEqual({ eip155: 'eoa' })
    expect(await helpers.getAddressCache('solana')).toBe('So1')
    expect(await helpers.getActiveNamespace()).toBe('solana')
    expect(await helpers.getActiveNetworkId()).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    await helpers.clearAddressCache('solana')
    await helpers.removeConnectorId('eip155')
    await helpers.setDeepLink(undefined)
    expect(await helpers.getAddressCache('solana')).toBeUndefined()
    expect(await helpers.getConnectorId('eip155')).toBeUndefined()
    expect(await helpers.getDeepLink()).toBeUndefined()
    expect(inner.keys().every((key) => key.startsWith('latchkey:'))).toBe(true)
  })

  test('storage failures are logged quietly and never thrown', async () => {
    const logger = quietLogger()
    const helpers = createStorageHelpers({ storage: failing, logger })
    await expect(helpers.getString(StorageKeys.walletId)).resolves.toBeUndefined()
    await expect(helpers.setJson(StorageKeys.recentWallets, [])).resolves.toBeUndefined()
    await expect(helpers.clearLoginCache()).resolves.toBeUndefined()
    await expect(helpers.getRecentWallets()).resolves.toEqual([])
    expect(logger.debug).toHaveBeenCalled()
    expect(logger.warn).toHaveBeenCalled()
  })

  test('stored values are checked before they are trusted', async () => {
    const storage = createMemoryStorage({
      recent_wallets: JSON.stringify([{ id: 'ok' }, { id: 3 }, 'x', { id: 'r', rdns: 5 }]),
      'connection_status:eip155': 'maybe',
      'preferred_account_type:eip155': 'root',
      'preferred_account_type:solana': 'eoa',
      'preferred_account_type:mars': 'eoa',
      deeplink_choice: '{not json',
      active_namespace: 'tron',
    })
    const logger = quietLogger()
    const helpers = createStorageHelpers({ storage, logger })
    expect(await helpers.getRecentWallets()).toEqual([{ id: 'ok' }, { id: 'r' }])
    expect(await helpers.getStatus('eip155')).toBeUndefined()
    expect(await helpers.getPreferredAccountTypes()).toEqual({ solana: 'eoa' })
    expect(await helpers.getDeepLink()).toBeUndefined()
    expect(await helpers.getActiveNamespace()).toBeUndefined()
    expect(logger.debug).toHaveBeenCalledWith(expect.stringContaining('malformed JSON'), expect.anything())
  })

  test('cache entries expire', async () => {
    let now = 1_000
    const helpers = createStorageHelpers({ storage: createMemoryStorage(), now: () => now })
    await helpers.setCached(StorageKeys.identityCache, '0xabc', { name: 'alice' })
    now += 299_999
    expect(await helpers.getCached(StorageKeys.identityCache, '0xabc', 300_000)).toEqual({ name: 'alice' })
    now += 1
    expect(await helpers.getCached(StorageKeys.identityCache, '0xabc', 300_000)).toBeUndefined()
    // An expired entry is removed when read: entries of addresses never read again do not pile up past a read.
    expect(
      await helpers.getCached(StorageKeys.identityCache, '0xabc', Number.POSITIVE_INFINITY),
    ).toBeUndefined()
  })

  test('the default storage is localStorage when usable, else memory', () => {
    expect(createDefaultStorage({}).getItem('x')).toBeNull()
    const local = createMemoryStorage()
    expect(createDefaultStorage({ window: { localStorage: local } as unknown as Window })).toBe(local)
    const blocked = {
      get localStorage(): Storage {
        throw new Error('SecurityError')
      },
    }
    const fallback = createDefaultStorage({ window: blocked as unknown as Window })
    fallback.setItem('k', 'v')
    expect(fallback.getItem('k')).toBe('v')
  })
})
