import type { Connector } from '../../adapter/connectors.js'
import { BROWSER_WALLET_NAME, METAMASK_MOBILE_RDNS, METAMASK_RDNS } from './listing-constants.js'
import type { ConnectorEntry, ExcludedWallet, ListedWallet, RecentWalletRef } from './listing-types.js'
import { entryMembers } from './merge-connectors.js'

interface WalletKey {
  id: string
  rdns?: string | null
  name?: string
}

/** An rdns as the listing compares it: MetaMask's mobile rdns is the desktop one (SPEC §5). */
export function normalizeRdns(rdns: string | null | undefined): string | undefined {
  if (!rdns) return undefined
  return rdns === METAMASK_MOBILE_RDNS ? METAMASK_RDNS : rdns
}

/** True when the host excluded this wallet: same rdns, or same name ignoring case (SPEC §5). */
export function isWalletExcluded(
  wallet: { rdns?: string | null; name?: string },
  excluded: readonly ExcludedWallet[],
): boolean {
  const rdns = normalizeRdns(wallet.rdns)
  const name = wallet.name?.toLowerCase()
  return excluded.some(
    (item) =>
      (rdns !== undefined && normalizeRdns(item.rdns) === rdns) ||
      (Boolean(name) && item.name.toLowerCase() === name),
  )
}

/** The single-namespace connectors of a browser-installed wallet: announced (EIP-6963) and injected. */
function installedConnectors(connectors: readonly ConnectorEntry[]): Connector[] {
  return connectors
    .flatMap(entryMembers)
    .filter((connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED')
}

interface WalletKeys {
  rdns: Set<string>
  ids: Set<string>
}

function keysOf(connectors: readonly Connector[], recent: readonly RecentWalletRef[] = []): WalletKeys {
  const rdns = new Set<string>()
  const ids = new Set<string>()
  for (const connector of connectors) {
    const value = normalizeRdns(connector.info?.rdns)
    if (value) rdns.add(value)
    ids.add(connector.explorerId ?? connector.id)
  }
  for (const wallet of recent) {
    const value = normalizeRdns(wallet.rdns)
    if (value) rdns.add(value)
    ids.add(wallet.id)
  }
  return { rdns, ids }
}

function matches(wallet: WalletKey, keys: WalletKeys): boolean {
  const rdns = normalizeRdns(wallet.rdns)
  return (rdns !== undefined && keys.rdns.has(rdns)) || keys.ids.has(wallet.id)
}

/**
 * Drops the wallets the Connect view already shows another way (SPEC §5): those whose rdns or id is the
 * rdns or listing id of an announced or injected connector, or of a recent wallet. MetaMask's mobile rdns
 * counts as the desktop one. Never throws.
 */
export function filterOutDuplicateWallets<W extends WalletKey>(
  wallets: readonly W[],
  against: { connectors: readonly ConnectorEntry[]; recent: readonly RecentWalletRef[] },
): W[] {
  const keys = keysOf(installedConnectors(against.connectors), against.recent)
  return wallets.filter((wallet) => !matches(wallet, keys))
}

/**
 * Marks the wallets an announced or injected connector reaches as installed and sorts (SPEC §5): installed
 * first, then the host's featured order, then the order given (the sort is stable). Never throws.
 */
export function sortWallets<W extends WalletKey>(
  wallets: readonly W[],
  context: { connectors: readonly ConnectorEntry[]; featuredWalletIds?: readonly string[] },
  /**
   * The entries a previous call made for the same connectors, by wallet: reused, and the new ones added, so that a
   * long list sorted again after a page arrived makes entries only for that page's wallets.
   */
  made?: WeakMap<W, W & ListedWallet>,
): (W & ListedWallet)[] {
  const keys = keysOf(installedConnectors(context.connectors))
  const featured = new Map<string, number>()
  for (const [index, id] of (context.featuredWalletIds ?? []).entries())
    if (!featured.has(id)) featured.set(id, index)
  // One small rank per wallet (installed, then featured order): the wallets go into one bucket per rank, in the
  // order given, so a list of a thousand is ordered without a comparison sort or an object per wallet.
  const buckets: (W & ListedWallet)[][] = []
  for (const wallet of wallets) {
    let listed = made?.get(wallet)
    if (!listed) {
      listed = { ...wallet, name: wallet.name ?? '', installed: matches(wallet, keys) }
      made?.set(wallet, listed)
    }
    const rank = (listed.installed ? 0 : featured.size + 1) + (featured.get(wallet.id) ?? featured.size)
    let bucket = buckets[rank]
    if (!bucket) {
      bucket = []
      buckets[rank] = bucket
    }
    bucket.push(listed)
  }
  return buckets.flat()
}

/**
 * True when the Connect view lists this connector entry: an excluded wallet (rdns or case-insensitive name)
 * is hidden, and the generic 'Browser Wallet' is hidden on mobile when it has no rdns and nothing is
 * installed behind it (no provider) (SPEC §5). WalletConnect and the embedded wallet are always listed.
 */
export function isConnectorShown(
  entry: ConnectorEntry,
  context: { excluded: readonly ExcludedWallet[]; isMobile: boolean },
): boolean {
  if (entry.type === 'WALLET_CONNECT' || entry.type === 'AUTH' || entry.type === 'ID_AUTH') return true
  const members = entryMembers(entry)
  if (entry.name === BROWSER_WALLET_NAME && context.isMobile) {
    const hasRdns = members.some((member) => member.info?.rdns)
    const installed = members.some((member) => member.provider != null)
    if (!hasRdns && !installed) return false
  }
  return !members.some((member) =>
    isWalletExcluded({ rdns: member.info?.rdns, name: member.name }, context.excluded),
  )
}
