import { ConnectorIds } from '../../adapter/connectors.js'
import type { ChainNamespace } from '../../caip/caip.js'
import type { WalletListing } from '../../services/types.js'
import type { ConnectorsController, ListingForSections } from './connectors-controller.js'
import {
  BROWSER_WALLET_NAME,
  CONNECTOR_ORDER,
  type ConnectSectionType,
  WalletListingLimits,
} from './listing-constants.js'
import type { ConnectorEntry, ExcludedWallet, RecentWalletRef } from './listing-types.js'
import { entryMembers } from './merge-connectors.js'
import {
  filterOutDuplicateWallets,
  isConnectorShown,
  isWalletExcluded,
  normalizeRdns,
} from './wallet-rules.js'

/** One row of the Connect view: a connector to connect with, or a listed wallet (reached over WalletConnect). */
export type ConnectItem =
  | {
      kind: 'connector'
      subtype: 'walletConnect' | 'multiChain' | 'announced' | 'injected' | 'external'
      connector: ConnectorEntry
    }
  | { kind: 'wallet'; subtype: 'recent' | 'featured' | 'custom' | 'recommended'; wallet: WalletListing }

export interface ConnectSection {
  type: ConnectSectionType
  items: readonly ConnectItem[]
}

export interface ConnectSectionsInput {
  /** The merged connector entries of the visible namespaces. */
  connectors: readonly ConnectorEntry[]
  recent: readonly RecentWalletRef[]
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
  /** The host's customWallets, sanitized. */
  customWallets?: readonly WalletListing[]
  /** The excluded wallets' rdns and names (the listing's `excluded`). */
  excluded?: readonly ExcludedWallet[]
  isMobile: boolean
  /** The active namespace: a recent wallet known not to serve it is left out. */
  activeNamespace?: ChainNamespace
  /** When the modal was opened for one namespace: listed wallets known not to serve it are left out. */
  filterNamespace?: ChainNamespace
  /** Other connect methods shown above the wallets (email, social): each takes a recommended wallet's place. */
  otherMethodsShown?: number
  /** The host's preferred section order; the sections it does not name follow in the default order. */
  order?: readonly ConnectSectionType[]
  /** Listed wallets seen so far, to show a recent wallet with its listing name and image. */
  knownWallets?: readonly WalletListing[]
}

/** The section order: the host's preferred sections first, then the rest of {@link CONNECTOR_ORDER}. */
export function connectSectionOrder(preferred: readonly ConnectSectionType[] = []): ConnectSectionType[] {
  const known = preferred.filter((type) => CONNECTOR_ORDER.includes(type))
  return [...new Set([...known, ...CONNECTOR_ORDER])]
}

function servesNamespace(wallet: WalletListing, namespace: ChainNamespace | undefined): boolean {
  if (!namespace || !wallet.chains || wallet.chains.length === 0) return true
  return wallet.chains.some((chain) => chain.startsWith(`${namespace}:`))
}

function reachedByConnector(wallet: WalletListing, connectors: readonly ConnectorEntry[]): boolean {
  const rdns = normalizeRdns(wallet.rdns)
  return connectors
    .flatMap(entryMembers)
    .some(
      (c) =>
        (c.explorerId ?? c.id) === wallet.id ||
        (rdns !== undefined && normalizeRdns(c.info?.rdns) === rdns) ||
        (Boolean(wallet.name) && c.name === wallet.name),
    )
}

/**
 * The sections the Connect view shows, in order (SPEC §9 "Connector order": walletConnect, recent, injected,
 * featured, custom, external, recommended), empty sections left out. Injected lists multi-chain entries, then
 * announced, then injected connectors; listed wallets (featured, custom, recommended) drop what a connector or
 * a recent wallet already shows (SPEC §5); excluded wallets and the hidden 'Browser Wallet' are left out;
 * recommended wallets fill what is left of 4 rows. WalletConnect has no row of its own on mobile, where each
 * listed wallet opens over WalletConnect. Never throws.
 */
export function buildConnectSections(input: ConnectSectionsInput): ConnectSection[] {
  const excluded = input.excluded ?? []
  const context = { excluded, isMobile: input.isMobile }
  const shown = input.connectors.filter((entry) => isConnectorShown(entry, context))
  const isWalletConnect = (entry: ConnectorEntry) =>
    entry.type === 'WALLET_CONNECT' || entry.id === ConnectorIds.walletConnect
  const ofType = (type: ConnectorEntry['type']) =>
    shown.filter((entry) => entry.type === type && !isWalletConnect(entry))
  const listed = (wallets: readonly WalletListing[]) =>
    filterOutDuplicateWallets(wallets, { connectors: input.connectors, recent: input.recent }).filter(
      (wallet) => !isWalletExcluded(wallet, excluded) && servesNamespace(wallet, input.filterNamespace),
    )

  const known = new Map((input.knownWallets ?? []).map((wallet) => [wallet.id, wallet]))
  const recent = input.recent
    .map(
      (ref): WalletListing =>
        known.get(ref.id) ?? { id: ref.id, name: ref.name ?? '', rdns: ref.rdns ?? null },
    )
    .filter(
      (wallet) =>
        !isWalletExcluded(wallet, excluded) &&
        !reachedByConnector(wallet, input.connectors) &&
        servesNamespace(wallet, input.activeNamespace) &&
        servesNamespace(wallet, input.filterNamespace),
    )
  const injected: ConnectItem[] = [
    ...ofType('MULTI_CHAIN').map(
      (connector) => ({ kind: 'connector', subtype: 'multiChain', connector }) as const,
    ),
    ...ofType('ANNOUNCED').map(
      (connector) => ({ kind: 'connector', subtype: 'announced', connector }) as const,
    ),
    ...ofType('INJECTED').map(
      (connector) => ({ kind: 'connector', subtype: 'injected', connector }) as const,
    ),
  ]
  const featured = listed(input.featured)
  const custom = listed(input.customWallets ?? [])
  const walletRows =
    featured.length +
    custom.length +
    injected.filter((item) => item.kind === 'connector' && item.connector.name !== BROWSER_WALLET_NAME)
      .length +
    (input.otherMethodsShown ?? 0)
  const recommendedRoom = Math.max(0, WalletListingLimits.recommendedPageSize - walletRows)
  const recommended = listed(input.recommended).slice(0, recommendedRoom)
  const walletConnect = input.isMobile ? [] : shown.filter(isWalletConnect).slice(0, 1)

  const wallets = (
    subtype: 'recent' | 'featured' | 'custom' | 'recommended',
    list: readonly WalletListing[],
  ) => list.map((wallet): ConnectItem => ({ kind: 'wallet', subtype, wallet }))
  const items: Record<ConnectSectionType, ConnectItem[]> = {
    walletConnect: walletConnect.map((connector) => ({
      kind: 'connector',
      subtype: 'walletConnect',
      connector,
    })),
    recent: wallets('recent', recent),
    injected,
    featured: wallets('featured', featured),
    custom: wallets('custom', custom),
    external: ofType('EXTERNAL').map((connector) => ({ kind: 'connector', subtype: 'external', connector })),
    recommended: wallets('recommended', recommended),
  }
  return connectSectionOrder(input.order)
    .map((type) => ({ type, items: items[type] }))
    .filter((section) => section.items.length > 0)
}

/**
 * The Connect view's sections (SPEC §9 order) for a kit's connectors controller and listing: none when the host set
 * `enableWallets: false`.
 */
export function connectSections(
  connectors: Pick<ConnectorsController, 'sectionsInput'>,
  listing: ListingForSections,
  extra: Pick<ConnectSectionsInput, 'otherMethodsShown' | 'order'> = {},
): ConnectSection[] {
  const input = connectors.sectionsInput(listing, extra)
  return input ? buildConnectSections(input) : []
}
