import {
  type AdapterOptions,
  ANY_IMAGE_HOST,
  type Connector,
  CustomDeepLinkWalletIds,
  isSafeImageUrl,
} from '@latchkey/core'
// Types only: @solana/wallet-adapter-base is an optional peer, present only when the host passes adapters.
import type { Adapter } from '@solana/wallet-adapter-base'
import type { Wallet } from '@wallet-standard/base'
import { caipIdOfWalletChain } from './chains.js'

/**
 * The wallet listing ids of the Solana wallets whose mobile apps core's `mobileRedirectUrl` opens through their
 * own browse link (SPEC §2), by the name the wallet registers under. A connector of one of them carries the id
 * as `explorerId`, so the listing and the redirect rule find it. A name is a claim, not an identity: core binds the
 * connector to the listed wallet (its image, links, Installed badge) only when the same wallet's EIP-6963
 * announcement carries the listing's rdns.
 */
export const SOLANA_EXPLORER_IDS: Readonly<Record<string, string>> = Object.freeze({
  Phantom: CustomDeepLinkWalletIds.phantom,
  Solflare: CustomDeepLinkWalletIds.solflare,
  'Coinbase Wallet': CustomDeepLinkWalletIds.coinbase,
})

/** A wallet entry the adapter can connect: its connector, and the object behind it. */
export interface SolanaWalletEntry {
  connector: Connector
  source: { kind: 'standard'; wallet: Wallet } | { kind: 'adapter'; adapter: Adapter }
}

const usable = (adapter: Adapter) =>
  // WalletReadyState.Installed / .Loadable, by value: the enum would import the optional peer at run time.
  adapter.readyState === 'Installed' || adapter.readyState === 'Loadable'

function connectorOf(name: string, icon: unknown, type: Connector['type'], chains?: readonly string[]) {
  const connector: Connector = { id: name, name, type, chain: 'solana', networkSwitch: 'adapter' }
  // Its form only: whether a local host may serve it is the kit's policy (`allowLocalImages`), core applies it.
  if (isSafeImageUrl(icon, ANY_IMAGE_HOST)) connector.imageUrl = icon
  const explorerId = SOLANA_EXPLORER_IDS[name]
  if (explorerId) connector.explorerId = explorerId
  if (chains) {
    connector.chains = chains.filter((chain) => chain.startsWith('solana:')).map(caipIdOfWalletChain)
  }
  return connector
}

/**
 * The Solana connectors: Wallet Standard wallets (type ANNOUNCED) and the host's wallet-adapter adapters that
 * are installed or loadable (type EXTERNAL). A connector's id is the wallet's name, which stays the same
 * across reloads; an adapter whose name a Wallet Standard wallet already has is left out (the same wallet,
 * reached the better way). `enableWallets: false` drops the discovered wallets; `excludeWalletIds` and a
 * non-empty `includeWalletIds` filter by id or listing id (the host's own adapters are kept by the latter).
 */
export function solanaEntries(
  wallets: readonly Wallet[],
  adapters: readonly Adapter[],
  options: Pick<AdapterOptions, 'enableWallets' | 'includeWalletIds' | 'excludeWalletIds'>,
): SolanaWalletEntry[] {
  const entries: SolanaWalletEntry[] = []
  const names = new Set<string>()
  if (options.enableWallets !== false) {
    for (const wallet of wallets) {
      if (names.has(wallet.name)) continue
      names.add(wallet.name)
      entries.push({
        connector: connectorOf(wallet.name, wallet.icon, 'ANNOUNCED', wallet.chains),
        source: { kind: 'standard', wallet },
      })
    }
  }
  for (const adapter of adapters) {
    if (names.has(adapter.name) || !usable(adapter)) continue
    names.add(adapter.name)
    entries.push({
      connector: connectorOf(adapter.name, adapter.icon, 'EXTERNAL'),
      source: { kind: 'adapter', adapter },
    })
  }
  const include = options.includeWalletIds ?? []
  const listed = (list: readonly string[] | undefined, c: Connector) =>
    (list ?? []).some((id) => id === c.id || id === c.explorerId)
  return entries.filter(
    ({ connector }) =>
      !listed(options.excludeWalletIds, connector) &&
      (include.length === 0 || connector.type === 'EXTERNAL' || listed(include, connector)),
  )
}
