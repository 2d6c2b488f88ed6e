import { ACCOUNT_TYPES, type AccountType } from '../../../adapter/accounts.js'
import type { AdapterOptions, ChainAdapter } from '../../../adapter/adapter.js'
import { type KitStorage, prefixStorage } from '../../../adapter/storage.js'
import {
  CHAIN_NAMESPACES,
  type ChainNamespace,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../caip/caip.js'
import { LatchkeyError } from '../../../errors/errors.js'
import * as Messages from '../../../errors/messages.js'
import { detectEnvironment, type KitEnvironment } from '../../../kit/environment.js'
import type { KitInitialState } from '../../../kit/initial-state.js'
import type { CaipNetwork } from '../../../networks/define.js'
import type { SiwxConfig } from '../../../siwx/types.js'
import { validateFeatures } from '../features/features.js'
import { createDefaultStorage } from '../storage/kit-storage.js'
import { DEFAULT_THEME_MODE, validateThemeMode, validateThemeVariables } from '../theme/theme.js'
import { createAdapterRegistry } from './adapter-registry.js'
import {
  invalidOption,
  isRecord,
  optionalBoolean,
  optionalEnumList,
  optionalRecord,
  optionalString,
  optionalStringList,
  optionalUrl,
} from './option-checks.js'
import type { CustomWallet, KitOptions, KitServices, KitToken, ResolvedOptions } from './options.js'
import { readPageMetadata } from './page-metadata.js'

/** The default storage prefix: keys read `latchkey:wallet_id`. */
export const DEFAULT_STORAGE_PREFIX = 'latchkey'

const KNOWN_OPTIONS = new Set<string>([
  ...'projectId networks adapters metadata features themeMode themeVariables featuredWalletIds includeWalletIds'.split(
    ' ',
  ),
  ...'excludeWalletIds customWallets customRpcUrls chainImages tokens termsConditionsUrl privacyPolicyUrl'.split(
    ' ',
  ),
  ...'defaultAccountTypes siwx siweConfig enableNetworkSwitch allowUnsupportedChain enableEIP6963'.split(' '),
  ...'enableWalletConnect enableWallets enableWalletGuide enableEmbedded disableAppend allowLocalImages debug basic namespaces'.split(
    ' ',
  ),
  ...'storage storagePrefix services environment ssr initialState cspNonce'.split(' '),
])
const IMAGE_SCHEMES = ['https:', 'http:', 'data:', 'blob:']
/** The methods every sign-in config has (the rest of SiwxConfig is optional). */
const SIWX_METHODS = ['createMessage', 'addSession', 'getSessions', 'setSessions', 'revokeSession'] as const

function checkNetworks(value: unknown): CaipNetwork[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidOption('networks', 'a non-empty array of networks', value)
  }
  const seen = new Set<string>()
  return value.map((network, index) => {
    const name = `networks[${index}]`
    if (!isRecord(network)) throw invalidOption(name, 'a network (see defineNetwork)', network)
    let namespace: string
    try {
      namespace = parseCaipNetworkId(String(network.caipNetworkId)).namespace
    } catch {
      throw invalidOption(`${name}.caipNetworkId`, "a CAIP-2 id such as 'eip155:1'", network.caipNetworkId)
    }
    if (network.chainNamespace !== namespace) {
      throw invalidOption(
        `${name}.chainNamespace`,
        `'${namespace}' (the namespace of its caipNetworkId)`,
        network.chainNamespace,
      )
    }
    if (typeof network.name !== 'string' || network.name === '')
      throw invalidOption(`${name}.name`, 'a string', network.name)
    const rpc =
      isRecord(network.rpcUrls) && isRecord(network.rpcUrls.default)
        ? network.rpcUrls.default.http
        : undefined
    if (!Array.isArray(rpc)) throw invalidOption(`${name}.rpcUrls.default.http`, 'an array of URLs', rpc)
    const id = String(network.caipNetworkId)
    if (seen.has(id)) throw invalidOption('networks', `each network once (${id} is listed twice)`, value)
    seen.add(id)
    return network as unknown as CaipNetwork
  })
}

/**
 * The host's `initialState` (what `cookieToInitialState` read, often passed through the host's props): an active
 * namespace with an account, each account a CAIP-10 id of the namespace it is filed under; null or undefined is a
 * first visit. (The cookie's own reader checked the address shapes.)
 */
function checkInitialState(value: unknown): KitInitialState | undefined {
  if (value === undefined || value === null) return undefined
  const fail = () => invalidOption('initialState', 'what cookieToInitialState returns', value)
  if (!isRecord(value) || !isRecord(value.accounts) || !isChainNamespace(value.activeNamespace)) throw fail()
  for (const [namespace, caipAddress] of Object.entries(value.accounts)) {
    let parsed: { namespace: string } | undefined
    try {
      parsed = parseCaipAddress(String(caipAddress))
    } catch {}
    if (!isChainNamespace(namespace) || parsed?.namespace !== namespace) throw fail()
  }
  if (!value.accounts[value.activeNamespace]) throw fail()
  return value as unknown as KitInitialState
}

function checkCustomWallets(value: unknown): readonly CustomWallet[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalidOption('customWallets', 'an array of wallets', value)
  value.forEach((wallet, index) => {
    if (!isRecord(wallet))
      throw invalidOption(`customWallets[${index}]`, 'an object with id and name', wallet)
    for (const key of ['id', 'name'] as const) {
      if (typeof wallet[key] !== 'string' || wallet[key] === '') {
        throw invalidOption(`customWallets[${index}].${key}`, 'a non-empty string', wallet[key])
      }
    }
    optionalUrl(`customWallets[${index}].image_url`, wallet.image_url ?? undefined, IMAGE_SCHEMES)
  })
  return value as CustomWallet[]
}

function checkCustomRpcUrls(value: unknown): NonNullable<AdapterOptions['customRpcUrls']> {
  for (const [id, entries] of Object.entries(optionalRecord('customRpcUrls', value) ?? {})) {
    try {
      parseCaipNetworkId(id)
    } catch {
      throw invalidOption('customRpcUrls', "CAIP-2 network ids as keys, such as 'eip155:1'", id)
    }
    if (!Array.isArray(entries)) throw invalidOption(`customRpcUrls['${id}']`, 'an array of { url }', entries)
    entries.forEach((entry, index) => {
      const name = `customRpcUrls['${id}'][${index}]`
      if (!isRecord(entry)) throw invalidOption(name, 'an object { url, config? }', entry)
      if (entry.url === undefined) throw invalidOption(`${name}.url`, 'an http(s) or ws(s) URL', entry.url)
      optionalUrl(`${name}.url`, entry.url, ['https:', 'http:', 'wss:', 'ws:'])
    })
  }
  return (value ?? {}) as NonNullable<AdapterOptions['customRpcUrls']>
}

function checkStringMap(name: string, value: unknown): Record<string, string> {
  const map = optionalRecord(name, value) ?? {}
  for (const [key, url] of Object.entries(map)) {
    if (url === undefined) throw invalidOption(`${name}['${key}']`, 'an image URL', url)
    optionalUrl(`${name}['${key}']`, url, IMAGE_SCHEMES)
  }
  return map as Record<string, string>
}

function checkTokens(value: unknown): Record<string, KitToken> {
  const map = optionalRecord('tokens', value) ?? {}
  for (const [key, token] of Object.entries(map)) {
    if (!isRecord(token) || typeof token.address !== 'string') {
      throw invalidOption(`tokens['${key}']`, 'an object with an address', token)
    }
    optionalUrl(`tokens['${key}'].image`, token.image, IMAGE_SCHEMES)
  }
  return map as Record<string, KitToken>
}

function checkAccountTypes(value: unknown): Partial<Record<ChainNamespace, AccountType>> {
  const map = optionalRecord('defaultAccountTypes', value) ?? {}
  for (const [namespace, type] of Object.entries(map)) {
    if (!isChainNamespace(namespace)) throw invalidOption('defaultAccountTypes', 'namespace keys', namespace)
    if (!ACCOUNT_TYPES.includes(type as AccountType)) {
      throw invalidOption(`defaultAccountTypes.${namespace}`, ACCOUNT_TYPES.join(', '), type)
    }
  }
  return map as Partial<Record<ChainNamespace, AccountType>>
}

function checkStorage(value: unknown): KitStorage | undefined {
  if (value === undefined) return undefined
  const ok =
    isRecord(value) && ['getItem', 'setItem', 'removeItem'].every((m) => typeof value[m] === 'function')
  if (!ok) throw invalidOption('storage', 'an object with getItem, setItem and removeItem', value)
  return value as unknown as KitStorage
}

function checkPrefix(value: unknown): string {
  if (value === undefined) return DEFAULT_STORAGE_PREFIX
  if (typeof value === 'string' && /^[\w.-]+$/.test(value)) return value
  throw invalidOption('storagePrefix', 'letters, digits, _ . or -', value)
}

function checkServices(value: unknown): KitServices {
  const services = optionalRecord('services', value) ?? {}
  return {
    providerApiUrl: optionalUrl('services.providerApiUrl', services.providerApiUrl),
    blockchainApiUrl: optionalUrl('services.blockchainApiUrl', services.blockchainApiUrl),
    walletConnectRelayUrl: optionalUrl('services.walletConnectRelayUrl', services.walletConnectRelayUrl, [
      'wss:',
      'ws:',
    ]),
    secureFrameUrl: optionalUrl('services.secureFrameUrl', services.secureFrameUrl, ['https:', 'http:']),
  }
}

/** The host's sign-in config: an object with each of {@link SIWX_METHODS}. */
function checkSiwx(siwx: Record<string, unknown> | undefined): SiwxConfig | undefined {
  if (siwx === undefined) return undefined
  const missing = SIWX_METHODS.filter((method) => typeof siwx[method] !== 'function')
  if (missing.length > 0) {
    throw new LatchkeyError(Messages.siwxMethodsMissing(missing), { code: 'INVALID_OPTIONS' })
  }
  return siwx as unknown as SiwxConfig
}

/** A CSP nonce: base64 or base64url characters (CSP's nonce-source grammar), as the page put it in its policy. */
function checkNonce(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return value
  throw invalidOption('cspNonce', "the nonce of the page's CSP (base64 characters)", value)
}

function checkEnvironment(value: unknown): KitEnvironment | undefined {
  if (value === undefined) return undefined
  if (isRecord(value) && typeof value.now === 'function') return value as unknown as KitEnvironment
  throw invalidOption('environment', 'a KitEnvironment (see nodeEnvironment)', value)
}

function checkMetadata(value: unknown, env: KitEnvironment) {
  const host = optionalRecord('metadata', value) ?? {}
  const page = readPageMetadata(env)
  return {
    name: optionalString('metadata.name', host.name) ?? page.name,
    description: optionalString('metadata.description', host.description) ?? page.description,
    url: optionalUrl('metadata.url', host.url || undefined) ?? page.url,
    icons: optionalStringList('metadata.icons', host.icons) ?? page.icons,
  }
}

/**
 * Checks the host's options and fills in the defaults (SPEC §1): clear errors for wrong types, the
 * siweConfig/siwx conflict, default metadata from the page, namespace filtering, the adapter registry,
 * the kit's storage space. `env` defaults to `raw.environment`, else the detected page.
 * @throws LatchkeyError INVALID_OPTIONS naming the option and what was expected (for `siwx`, the methods it
 *   lacks), or 'Cannot set both `siweConfig` and `siwx` options' (SPEC §5.18).
 */
export function resolveOptions(raw: KitOptions, env?: KitEnvironment): ResolvedOptions {
  if (!isRecord(raw)) throw invalidOption('options', 'an object', raw)
  const options = raw as Record<string, unknown>
  const environment = env ?? checkEnvironment(options.environment) ?? detectEnvironment()
  const projectId = optionalString('projectId', options.projectId)?.trim() || undefined
  const siwxRecord = optionalRecord('siwx', options.siwx)
  const siweConfig = optionalRecord('siweConfig', options.siweConfig)
  if (siwxRecord && siweConfig) throw new LatchkeyError(Messages.siweAndSiwx, { code: 'INVALID_OPTIONS' })
  const siwx = checkSiwx(siwxRecord)

  const enabled = optionalEnumList('namespaces', options.namespaces, CHAIN_NAMESPACES) ?? CHAIN_NAMESPACES
  const networks = checkNetworks(options.networks).filter((n) => enabled.includes(n.chainNamespace))
  if (networks.length === 0)
    throw invalidOption('networks', `a network of ${enabled.join(', ')}`, options.networks)
  if (options.adapters !== undefined && !Array.isArray(options.adapters)) {
    throw invalidOption('adapters', 'an array of chain adapters', options.adapters)
  }
  const all = createAdapterRegistry((options.adapters as unknown[] | undefined) ?? [])
  const adapters = createAdapterRegistry(
    all.list().filter((a: ChainAdapter) => enabled.includes(a.namespace)),
  )

  const flag = (name: string, fallback: boolean) => optionalBoolean(name, options[name]) ?? fallback
  const storagePrefix = checkPrefix(options.storagePrefix)
  const base = checkStorage(options.storage) ?? createDefaultStorage(environment)
  const metadata = checkMetadata(options.metadata, environment)
  const includeWalletIds = optionalStringList('includeWalletIds', options.includeWalletIds) ?? []
  const excludeWalletIds = optionalStringList('excludeWalletIds', options.excludeWalletIds) ?? []
  const customRpcUrls = checkCustomRpcUrls(options.customRpcUrls)
  const defaultAccountTypes = checkAccountTypes(options.defaultAccountTypes)
  const enableEIP6963 = flag('enableEIP6963', true)
  const enableWallets = flag('enableWallets', true)

  return {
    projectId,
    networks,
    adapters,
    namespaces: [...new Set(networks.map((n) => n.chainNamespace))],
    metadata,
    features: validateFeatures(options.features),
    themeMode: options.themeMode === undefined ? DEFAULT_THEME_MODE : validateThemeMode(options.themeMode),
    themeVariables:
      options.themeVariables === undefined ? {} : validateThemeVariables(options.themeVariables),
    featuredWalletIds: optionalStringList('featuredWalletIds', options.featuredWalletIds) ?? [],
    includeWalletIds,
    excludeWalletIds,
    customWallets: checkCustomWallets(options.customWallets),
    customRpcUrls,
    chainImages: checkStringMap('chainImages', options.chainImages),
    tokens: checkTokens(options.tokens),
    termsConditionsUrl: optionalUrl('termsConditionsUrl', options.termsConditionsUrl),
    privacyPolicyUrl: optionalUrl('privacyPolicyUrl', options.privacyPolicyUrl),
    defaultAccountTypes,
    siwx,
    siweConfig,
    enableNetworkSwitch: flag('enableNetworkSwitch', true),
    allowUnsupportedChain: flag('allowUnsupportedChain', false),
    enableEIP6963,
    enableWalletConnect: flag('enableWalletConnect', true),
    enableWallets,
    enableWalletGuide: flag('enableWalletGuide', true),
    enableEmbedded: flag('enableEmbedded', false),
    disableAppend: flag('disableAppend', false),
    allowLocalImages: flag('allowLocalImages', false),
    cspNonce: checkNonce(options.cspNonce),
    ssr: flag('ssr', false),
    initialState: checkInitialState(options.initialState),
    debug: flag('debug', false),
    basic: flag('basic', false),
    storage: prefixStorage(base, storagePrefix),
    storagePrefix,
    services: checkServices(options.services),
    environment,
    adapterOptions: {
      projectId,
      metadata,
      customRpcUrls,
      enableEIP6963,
      enableWallets,
      includeWalletIds,
      excludeWalletIds,
      defaultAccountTypes,
    },
    warnings: Object.keys(options)
      .filter((key) => !KNOWN_OPTIONS.has(key))
      .map((key) => `Unknown option \`${key}\` ignored`),
  }
}

/**
 * True when the host left WalletConnect on but it cannot be used: no project id (the public relay and Verify need one)
 * and no relay of the host's own. The kit then offers it nowhere and refuses it at once; the Connect view says why.
 */
export function isWalletConnectUnavailable(
  options: Pick<ResolvedOptions, 'enableWalletConnect' | 'projectId' | 'services'>,
): boolean {
  return options.enableWalletConnect && !options.projectId && !options.services.walletConnectRelayUrl
}
