import { type Connector, ConnectorIds } from '../../adapter/connectors.js'
import type { ChainNamespace } from '../../caip/caip.js'
import type { KitEnvironment } from '../../kit/environment.js'
import { createStore, type StateStore } from '../../kit/store.js'
import { cleanText, type ImagePolicy, isSafeImageUrl } from '../../services/sanitize.js'
import type { WalletListing } from '../../services/types.js'
import type { ConnectSectionsInput } from './connect-sections.js'
import type { ConnectorEntry, ExcludedWallet, RecentWalletRef } from './listing-types.js'

/** What the connectors controller needs from the rest of the kit; the facade wires it. */
export interface ConnectorsControllerDeps {
  /** Only `isMobile` is read (the Connect view rules of SPEC §5 and §9). */
  env: Pick<KitEnvironment, 'isMobile'>
  /** The host options it reads. `enableEIP6963: false` drops announced wallets; `enableWallets: false` lists none. */
  options: {
    enableEIP6963?: boolean
    enableWallets?: boolean
    customWallets?: readonly unknown[]
    /** Icons from this machine or a private network are kept only with it (the kit's `allowLocalImages`). */
    allowLocalImages?: boolean
  }
  /** The recent wallets (the connection controller keeps them). */
  getRecentWallets(): readonly RecentWalletRef[]
  /** The active namespace, when there is one: a recent wallet known not to serve it is not listed. */
  getActiveNamespace?(): ChainNamespace | undefined
  /**
   * Whether a namespace has networks, asked when its adapter first reports: one without starts hidden. Later
   * changes come through {@link ConnectorsController.setNamespaceVisible}.
   */
  hasNetworks?(namespace: ChainNamespace): boolean
  /** The Connect view's part, at once (tests, headless use); the kit attaches it later with `useListing`. */
  listing?: ConnectorListing
}

/**
 * What the Connect view's lists need beyond the registry of each adapter's connectors: the merge of SPEC §1, the
 * host's custom wallets, reverse-DNS matching (`connector-listing.ts` makes it). It loads with the kit's late
 * controllers; until then the merged list and the custom wallets are empty and no listed wallet has a connector.
 */
export interface ConnectorListing {
  mergeConnectors(connectors: readonly Connector[]): ConnectorEntry[]
  entryMembers(entry: ConnectorEntry): readonly Connector[]
  normalizeRdns(rdns: string | null | undefined): string | undefined
  customWallets: readonly WalletListing[]
}

/** SPEC §3 "Connector", as the kit holds them. */
export interface ConnectorsState {
  /** Each adapter's connectors as last reported (sanitized), hidden namespaces included. */
  byNamespace: Readonly<Partial<Record<ChainNamespace, readonly Connector[]>>>
  /** Namespaces whose connectors are not listed: they have no network left (SPEC §4). */
  hiddenNamespaces: readonly ChainNamespace[]
  /** Set while the modal is open for one namespace: only its connectors are listed. */
  filterNamespace?: ChainNamespace
  /** The merged entries the Connect view lists (visible namespaces, the filter applied). */
  connectors: readonly ConnectorEntry[]
  /** The host's customWallets, sanitized. */
  customWallets: readonly WalletListing[]
}

/** What the Connect view sections take from the wallet listing (its state fits). */
export interface ListingForSections {
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
  excluded: readonly ExcludedWallet[]
  wallets?: readonly WalletListing[]
}

export type ConnectorsController = ReturnType<typeof createConnectorsController>

/**
 * An adapter's connector as the UI may show it: every adapter's names are the wallets' own (EIP-6963, Wallet Standard,
 * sats-connect, a WalletConnect peer, the host's custom wallets), so each is cleaned as a listing's name is
 * (control, zero-width and bidi characters out, length capped); an icon that is not a safe image URL is dropped.
 */
function sanitizeConnector(connector: Connector, images: ImagePolicy): Connector {
  const clean: Connector = { ...connector, name: cleanText(connector.name) ?? '' }
  if (clean.imageUrl !== undefined && !isSafeImageUrl(clean.imageUrl, images)) delete clean.imageUrl
  return clean
}

/**
 * The connectors of every adapter, merged (SPEC §1: same name -> one MULTI_CHAIN entry; the embedded wallet ->
 * one AUTH entry on eip155 and solana), hidden per namespace when it loses its last network (SPEC §4), and the
 * Connect view's sections in the order of SPEC §9.
 */
export function createConnectorsController(deps: ConnectorsControllerDeps) {
  const images: ImagePolicy = { allowLocal: deps.options.allowLocalImages === true }
  let listing = deps.listing
  const state: StateStore<ConnectorsState> = createStore<ConnectorsState>({
    byNamespace: {},
    hiddenNamespaces: [],
    connectors: [],
    customWallets: listing?.customWallets ?? [],
  })

  function visibleConnectors(s: ConnectorsState, namespace = s.filterNamespace): Connector[] {
    return (Object.keys(s.byNamespace) as ChainNamespace[])
      .filter((ns) => !s.hiddenNamespaces.includes(ns) && (!namespace || ns === namespace))
      .flatMap((ns) => s.byNamespace[ns] ?? [])
  }

  function update(changes: Partial<ConnectorsState>): void {
    const next = { ...state.get(), ...changes }
    state.patch({ ...changes, connectors: listing?.mergeConnectors(visibleConnectors(next)) ?? [] })
  }

  const findInNamespace = (namespace: ChainNamespace, match: (c: Connector) => boolean) =>
    state.get().byNamespace[namespace]?.find(match)

  /**
   * Whether a connector is the listed wallet, so the listing's image, name and links may stand for it. Its rdns
   * (EIP-6963: the first announcement of an rdns is kept) identifies it. A listing id alone is a claim: an adapter
   * gives it by the name a wallet registers under (a Wallet Standard wallet has a name, no identity), so it holds
   * only when nothing contradicts it: the connector has no rdns of its own, and a listing with an rdns is vouched for
   * by a connector of the same name announced with that rdns (the same wallet on EVM). A Wallet Standard wallet
   * that merely names itself 'Phantom' gets none of Phantom's listing.
   */
  function walletMatch(
    wallet: Pick<WalletListing, 'id' | 'rdns'>,
    normalizeRdns: ConnectorListing['normalizeRdns'],
  ): (c: Connector) => boolean {
    const rdns = normalizeRdns(wallet.rdns)
    const all = Object.values(state.get().byNamespace).flat()
    return (c) => {
      const own = normalizeRdns(c.info?.rdns)
      if (own !== undefined)
        return own === rdns || (rdns === undefined && (c.explorerId ?? c.id) === wallet.id)
      if ((c.explorerId ?? c.id) !== wallet.id) return false
      return rdns === undefined || all.some((o) => o.name === c.name && normalizeRdns(o.info?.rdns) === rdns)
    }
  }

  return {
    state,

    /** Attaches the Connect view's part (the kit does when its late controllers load): the lists are made now. */
    useListing(next: ConnectorListing): void {
      listing = next
      update({ customWallets: next.customWallets })
    },

    /**
     * Replaces one adapter's connectors (call it on each connectorsChanged). Names stay plain strings; an
     * image URL that is not https, data:image, blob or loopback http is dropped; announced wallets are dropped
     * when the host set `enableEIP6963: false`.
     */
    setAdapterConnectors(namespace: ChainNamespace, connectors: readonly Connector[]): void {
      const kept = connectors
        .filter((c) => c.chain === namespace)
        .filter((c) => deps.options.enableEIP6963 !== false || c.type !== 'ANNOUNCED')
        .map((connector) => sanitizeConnector(connector, images))
      const { byNamespace, hiddenNamespaces } = state.get()
      const startsHidden =
        !(namespace in byNamespace) &&
        !hiddenNamespaces.includes(namespace) &&
        deps.hasNetworks?.(namespace) === false
      update({
        byNamespace: { ...byNamespace, [namespace]: kept },
        ...(startsHidden ? { hiddenNamespaces: [...hiddenNamespaces, namespace] } : {}),
      })
    },

    /** Forgets an adapter's connectors (its namespace was removed). */
    removeAdapter(namespace: ChainNamespace): void {
      const byNamespace = { ...state.get().byNamespace }
      delete byNamespace[namespace]
      update({ byNamespace })
    },

    /**
     * Shows or hides a namespace's connectors: the chain controller hides them when the namespace loses its
     * last network and shows them again when it gets one (SPEC §4). The adapter's list is kept meanwhile.
     */
    setNamespaceVisible(namespace: ChainNamespace, visible: boolean): void {
      const hidden = state.get().hiddenNamespaces.filter((ns) => ns !== namespace)
      update({ hiddenNamespaces: visible ? hidden : [...hidden, namespace] })
    },

    /** Lists only one namespace's connectors (the modal opened for it), or all again with undefined. */
    setFilterNamespace(namespace: ChainNamespace | undefined): void {
      update({ filterNamespace: namespace })
    },

    /** The merged entries of the visible namespaces, or of one namespace. */
    getConnectors(namespace?: ChainNamespace): readonly ConnectorEntry[] {
      if (!namespace) return state.get().connectors
      return listing?.mergeConnectors(visibleConnectors(state.get(), namespace)) ?? []
    },

    /** One namespace's connector by id (hidden namespaces included: a connected wallet keeps working). */
    getConnector(namespace: ChainNamespace, id: string): Connector | undefined {
      return findInNamespace(namespace, (c) => c.id === id)
    },

    /** The embedded wallet's connector on a namespace. */
    getAuthConnector(namespace: ChainNamespace): Connector | undefined {
      return findInNamespace(namespace, (c) => c.id === ConnectorIds.auth)
    },

    /**
     * The connector that reaches a listed wallet on this page (its listing id or rdns), in one namespace or
     * in any visible one: the wallet is installed, so the kit connects through it instead of WalletConnect.
     */
    getConnectorForWallet(
      wallet: Pick<WalletListing, 'id' | 'rdns'>,
      namespace?: ChainNamespace,
    ): Connector | undefined {
      if (!listing) return undefined
      const match = walletMatch(wallet, listing.normalizeRdns)
      if (namespace) return findInNamespace(namespace, match)
      return state.get().connectors.flatMap(listing.entryMembers).find(match)
    },

    /**
     * What the Connect view's sections are built from (`connectSections`, SPEC §9 order): this state, the recent
     * wallets and the listing's featured, recommended and excluded wallets; undefined when the host set
     * `enableWallets: false` (no sections). The building itself is in the modal's chunk, not the page's first one.
     */
    sectionsInput(
      listing: ListingForSections,
      extra: Pick<ConnectSectionsInput, 'otherMethodsShown' | 'order'> = {},
    ): ConnectSectionsInput | undefined {
      if (deps.options.enableWallets === false) return undefined
      const s = state.get()
      return {
        ...extra,
        connectors: s.connectors,
        recent: deps.getRecentWallets(),
        featured: listing.featured,
        recommended: listing.recommended,
        excluded: listing.excluded,
        customWallets: s.customWallets,
        knownWallets: [...listing.featured, ...listing.recommended, ...(listing.wallets ?? [])],
        isMobile: deps.env.isMobile,
        activeNamespace: deps.getActiveNamespace?.(),
        filterNamespace: s.filterNamespace,
      }
    },
  }
}
