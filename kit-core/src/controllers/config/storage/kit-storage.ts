import { ACCOUNT_TYPES, type AccountType } from '../../../adapter/accounts.js'
import { createMemoryStorage, type KitStorage } from '../../../adapter/storage.js'
import { CHAIN_NAMESPACES, type ChainNamespace, isChainNamespace } from '../../../caip/caip.js'
import type { Logger } from '../../../kit/context.js'
import type { KitEnvironment } from '../../../kit/environment.js'
import { cleanText, isRdns, isSafeDeepLink } from '../../../services/sanitize.js'
import { LOGIN_CACHE_KEYS, StorageKeys } from './storage-keys.js'

/** A recent wallet as stored (SPEC §3 "Recent wallet"). */
export interface StoredRecentWallet {
  id: string
  rdns?: string
  name?: string
}

/** A stored deep link (SPEC §4: a successful connection stores it). */
export interface StoredDeepLink {
  name: string
  href: string
}

export interface KitStorageHelpersDeps {
  /** The kit's storage space, keys already prefixed. */
  storage: KitStorage
  /** Failures are logged here, quietly (debug for reads, warn for writes). */
  logger?: Pick<Logger, 'debug' | 'warn'>
  /** The clock of cache entries; default Date.now. */
  now?: () => number
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isAccountType = (value: unknown): value is AccountType => ACCOUNT_TYPES.includes(value as AccountType)

/**
 * A recent wallet read back from storage, which any script on the page may have written: an id of printable ASCII
 * (at most 256 characters), a reverse-DNS rdns, and a name cleaned as any wallet name is; undefined without an id.
 */
function toRecentWallet(value: unknown): StoredRecentWallet | undefined {
  if (!isObject(value) || !isString(value.id) || !/^[\x21-\x7e]{1,256}$/.test(value.id)) return undefined
  const name = cleanText(value.name)
  return {
    id: value.id,
    ...(isRdns(value.rdns) ? { rdns: value.rdns } : {}),
    ...(name ? { name } : {}),
  }
}

/**
 * The page's localStorage (or, with `kind` 'sessionStorage', its sessionStorage: what lasts one browser session)
 * when it can be used, else a memory store (Node, SSR, sandboxed frames and private modes where touching storage
 * throws). Read at kit creation, never at import.
 */
export function createDefaultStorage(
  env: Pick<KitEnvironment, 'window'>,
  kind: 'localStorage' | 'sessionStorage' = 'localStorage',
): KitStorage {
  try {
    const local = env.window?.[kind]
    if (local) {
      const probe = '__latchkey_probe__'
      local.setItem(probe, '1')
      local.removeItem(probe)
      return local
    }
  } catch {
    // Storage is blocked: fall through to memory.
  }
  return createMemoryStorage()
}

/**
 * Typed reads and writes over a kit's {@link KitStorage} (sync or async). Nothing here throws: a failing
 * or malformed store reads as "nothing stored" and writes are dropped, each failure logged quietly
 * (SPEC §8 "storage and cache failures logged quietly"). Stored values are checked before they are trusted.
 */
export function createStorageHelpers(deps: KitStorageHelpersDeps) {
  const { storage, logger } = deps
  const now = deps.now ?? Date.now

  async function getString(key: string): Promise<string | undefined> {
    try {
      const value = await storage.getItem(key)
      return value ?? undefined
    } catch (error) {
      logger?.debug(`storage: cannot read ${key}`, error)
      return undefined
    }
  }

  async function setString(key: string, value: string): Promise<void> {
    try {
      await storage.setItem(key, value)
    } catch (error) {
      logger?.warn(`storage: cannot write ${key}`, error)
    }
  }

  async function remove(key: string): Promise<void> {
    try {
      await storage.removeItem(key)
    } catch (error) {
      logger?.warn(`storage: cannot remove ${key}`, error)
    }
  }

  async function getJson(key: string): Promise<unknown> {
    const raw = await getString(key)
    if (raw === undefined) return undefined
    try {
      return JSON.parse(raw) as unknown
    } catch (error) {
      logger?.debug(`storage: malformed JSON in ${key}`, error)
      return undefined
    }
  }

  async function setJson(key: string, value: unknown): Promise<void> {
    let text: string
    try {
      text = JSON.stringify(value)
    } catch (error) {
      logger?.warn(`storage: cannot serialise ${key}`, error)
      return
    }
    await setString(key, text)
  }

  return {
    getString,
    setString,
    remove,
    getJson,
    setJson,

    /** Clears email, the email-login-used flag, the last used chain and the social username (SPEC §4.13). */
    async clearLoginCache(): Promise<void> {
      await Promise.all(LOGIN_CACHE_KEYS.map(remove))
    },

    async getConnectorId(namespace: ChainNamespace): Promise<string | undefined> {
      const id = await getString(StorageKeys.connectedConnectorId(namespace))
      return id === '' ? undefined : id
    },
    setConnectorId: (namespace: ChainNamespace, connectorId: string) =>
      setString(StorageKeys.connectedConnectorId(namespace), connectorId),
    removeConnectorId: (namespace: ChainNamespace) => remove(StorageKeys.connectedConnectorId(namespace)),

    async getStatus(namespace: ChainNamespace): Promise<'connected' | 'disconnected' | undefined> {
      const status = await getString(StorageKeys.connectionStatus(namespace))
      return status === 'connected' || status === 'disconnected' ? status : undefined
    },
    setStatus: (namespace: ChainNamespace, status: 'connected' | 'disconnected') =>
      setString(StorageKeys.connectionStatus(namespace), status),

    async getRecentWallets(): Promise<StoredRecentWallet[]> {
      const value = await getJson(StorageKeys.recentWallets)
      if (!Array.isArray(value)) return []
      return value.map(toRecentWallet).filter((wallet) => wallet !== undefined)
    },
    setRecentWallets: (wallets: readonly StoredRecentWallet[]) => setJson(StorageKeys.recentWallets, wallets),

    /** The stored deep link, when its href is still a safe wallet link (storage is any script's to write). */
    async getDeepLink(): Promise<StoredDeepLink | undefined> {
      const value = await getJson(StorageKeys.deepLink)
      if (!isObject(value) || !isSafeDeepLink(value.href)) return undefined
      return { name: cleanText(value.name) ?? '', href: value.href }
    },
    setDeepLink: (link: StoredDeepLink | undefined) =>
      link
        ? setJson(StorageKeys.deepLink, { name: link.name, href: link.href })
        : remove(StorageKeys.deepLink),

    async getAddressCache(namespace: ChainNamespace): Promise<string | undefined> {
      return getString(StorageKeys.addressCache(namespace))
    },
    setAddressCache: (namespace: ChainNamespace, address: string) =>
      setString(StorageKeys.addressCache(namespace), address),
    clearAddressCache: (namespace: ChainNamespace) => remove(StorageKeys.addressCache(namespace)),

    async getActiveNetworkId(): Promise<string | undefined> {
      return getString(StorageKeys.activeCaipNetworkId)
    },
    setActiveNetworkId: (caipNetworkId: string) => setString(StorageKeys.activeCaipNetworkId, caipNetworkId),
    async getActiveNamespace(): Promise<ChainNamespace | undefined> {
      const namespace = await getString(StorageKeys.activeNamespace)
      return isChainNamespace(namespace) ? namespace : undefined
    },
    setActiveNamespace: (namespace: ChainNamespace) => setString(StorageKeys.activeNamespace, namespace),

    /** The smart-account networks of the embedded wallet, stored comma-separated (SPEC §3). */
    async getSmartAccountEnabledNetworks(): Promise<string[]> {
      const raw = await getString(StorageKeys.smartAccountEnabledNetworks)
      return raw
        ? raw
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== '')
        : []
    },
    setSmartAccountEnabledNetworks: (ids: readonly (string | number)[]) =>
      setString(StorageKeys.smartAccountEnabledNetworks, ids.join(',')),

    async getPreferredAccountTypes(): Promise<Partial<Record<ChainNamespace, AccountType>>> {
      const out: Partial<Record<ChainNamespace, AccountType>> = {}
      for (const namespace of CHAIN_NAMESPACES) {
        const type = await getString(StorageKeys.preferredAccountType(namespace))
        if (isAccountType(type)) out[namespace] = type
      }
      return out
    },
    setPreferredAccountType: (namespace: ChainNamespace, type: AccountType) =>
      setString(StorageKeys.preferredAccountType(namespace), type),

    /** A cache entry younger than `maxAgeMs`, else undefined (an expired one is removed). */
    async getCached(cacheKey: string, entry: string, maxAgeMs: number): Promise<unknown> {
      const key = `${cacheKey}:${entry}`
      const record = await getJson(key)
      if (!isObject(record) || typeof record.timestamp !== 'number') return undefined
      if (now() - record.timestamp < maxAgeMs) return record.value
      await remove(key)
      return undefined
    },
    setCached: (cacheKey: string, entry: string, value: unknown) =>
      setJson(`${cacheKey}:${entry}`, { timestamp: now(), value }),
  }
}

/** What {@link createStorageHelpers} returns. */
export type StorageHelpers = ReturnType<typeof createStorageHelpers>
