import type { AdapterOptions } from '../adapter/adapter.js'
import { type Connector, ConnectorIds } from '../adapter/connectors.js'
import { BROWSER_WALLET_NAME } from '../controllers/listing/browser-wallet.js'
import { LatchkeyError } from '../errors/index.js'
import { ANY_IMAGE_HOST, cleanText, isSafeImageUrl } from '../services/sanitize.js'

import type { AnnouncedWallet } from './discovery.js'
import { type Eip1193Provider, isEip1193Provider } from './provider.js'

/** A wallet the host adds itself (SPEC §1 "custom connectors"): any EIP-1193 provider under an id of its own. */
export interface CustomEvmWallet {
  /** Stable across reloads; it is the connector id. */
  id: string
  name: string
  icon?: string
  /** The wallet's EIP-6963 rdns, when it has one (dedupes it against the listing). */
  rdns?: string
  provider: Eip1193Provider
}

/** Where an adapter finds wallets: announced ones, `window.ethereum`, and the host's own. */
export interface EvmWalletSources {
  announced: readonly AnnouncedWallet[]
  /** The legacy injected provider (`window.ethereum`), if any. */
  injected: Eip1193Provider | undefined
  custom: readonly CustomEvmWallet[]
  options: Pick<AdapterOptions, 'enableEIP6963' | 'enableWallets' | 'includeWalletIds' | 'excludeWalletIds'>
}

/** The legacy injected provider of a page (`window.ethereum`), when the discovery target is a window that has one. */
export function injectedProviderOf(target: EventTarget | undefined): Eip1193Provider | undefined {
  const candidate = (target as { ethereum?: unknown } | undefined)?.ethereum
  return isEip1193Provider(candidate) ? candidate : undefined
}

/**
 * Checks the host's custom wallets once, at construction: an id, a name and an EIP-1193 provider each, no
 * id twice. @throws LatchkeyError INVALID_OPTIONS naming the first wallet that is wrong.
 */
export function checkCustomEvmWallets(wallets: readonly CustomEvmWallet[] = []): CustomEvmWallet[] {
  const seen = new Set<string>()
  return wallets.map((wallet, index) => {
    const id = typeof wallet?.id === 'string' ? wallet.id.trim() : ''
    const name = cleanText(wallet?.name)
    const problem = !id
      ? 'has no id'
      : !name
        ? 'has no name'
        : !isEip1193Provider(wallet.provider)
          ? 'has no EIP-1193 provider (an object with a request function)'
          : seen.has(id)
            ? 'repeats an id'
            : undefined
    if (problem) {
      throw new LatchkeyError(`Custom wallet ${index} (${id || 'no id'}) ${problem}`, {
        code: 'INVALID_OPTIONS',
      })
    }
    seen.add(id)
    return { ...wallet, id, name: name as string }
  })
}

function listed(ids: readonly string[] | undefined, keys: readonly (string | undefined)[]): boolean {
  const wanted = new Set((ids ?? []).map((id) => id.toLowerCase()))
  return keys.some((key) => key !== undefined && wanted.has(key.toLowerCase()))
}

/**
 * The eip155 connectors from every source, honouring the host options:
 * - announced wallets (type ANNOUNCED, id = rdns) unless `enableEIP6963` or `enableWallets` is false;
 * - `window.ethereum` as the 'Browser Wallet' (type INJECTED, id 'injected') unless `enableWallets` is false,
 *   and only when it is not the provider of an announced wallet (the same wallet twice);
 * - the host's custom wallets (type EXTERNAL), always: the host asked for them by name;
 * - `excludeWalletIds` drops a connector whose id or rdns it names; a non-empty `includeWalletIds` keeps only
 *   the announced and injected connectors it names (custom ones stay).
 */
export function evmConnectors(sources: EvmWalletSources): Connector[] {
  const { options } = sources
  const browserWallets = options.enableWallets !== false
  const include = options.includeWalletIds ?? []
  const kept = (keys: (string | undefined)[], custom: boolean) =>
    !listed(options.excludeWalletIds, keys) && (custom || include.length === 0 || listed(include, keys))

  const connectors: Connector[] = []
  if (browserWallets && options.enableEIP6963 !== false) {
    for (const { info, provider } of sources.announced) {
      if (!kept([info.rdns], false)) continue
      connectors.push({
        id: info.rdns,
        name: info.name,
        type: 'ANNOUNCED',
        chain: 'eip155',
        ...(info.icon ? { imageUrl: info.icon } : {}),
        info: { rdns: info.rdns, uuid: info.uuid },
        networkSwitch: 'wallet',
        provider,
      })
    }
  }
  const injected = sources.injected
  const injectedIsAnnounced = sources.announced.some((wallet) => wallet.provider === injected)
  if (browserWallets && injected && !injectedIsAnnounced && kept([ConnectorIds.injected], false)) {
    connectors.push({
      id: ConnectorIds.injected,
      name: BROWSER_WALLET_NAME,
      type: 'INJECTED',
      chain: 'eip155',
      networkSwitch: 'wallet',
      provider: injected,
    })
  }
  for (const wallet of sources.custom) {
    if (!kept([wallet.id, wallet.rdns], true)) continue
    connectors.push({
      id: wallet.id,
      name: wallet.name,
      type: 'EXTERNAL',
      chain: 'eip155',
      ...(isSafeImageUrl(wallet.icon, ANY_IMAGE_HOST) ? { imageUrl: wallet.icon } : {}),
      ...(wallet.rdns ? { info: { rdns: wallet.rdns } } : {}),
      networkSwitch: 'wallet',
      provider: wallet.provider,
    })
  }
  return connectors
}
