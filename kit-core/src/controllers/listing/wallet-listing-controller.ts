import type { Logger } from '../../kit/context.js'
import { createStore, type StateStore } from '../../kit/store.js'
import { isSafeImageUrl } from '../../services/sanitize.js'
import type { GetWalletsParams, ProviderApi, WalletListing } from '../../services/types.js'
import { WalletListingLimits as Limits } from './listing-constants.js'
import { INITIAL_LISTING_STATE, type WalletListingState } from './listing-state.js'
import type { ConnectorEntry, ListedWallet, RecentWalletRef } from './listing-types.js'
import { sanitizeWalletListings } from './sanitize-wallet.js'
import { isWalletExcluded, sortWallets } from './wallet-rules.js'

/** What the wallet listing controller needs from the rest of the kit; the facade wires it. */
export interface WalletListingControllerDeps {
  /** The Provider API client; without one (no project id) only the host's custom wallets are listed. */
  api?: Pick<ProviderApi, 'getWallets' | 'getWalletImage'>
  /** The host options it reads. */
  options: {
    featuredWalletIds?: readonly string[]
    includeWalletIds?: readonly string[]
    excludeWalletIds?: readonly string[]
    customWallets?: readonly unknown[]
    /** Images from this machine or a private network are kept only with it (the kit's `allowLocalImages`). */
    allowLocalImages?: boolean
  }
  /** The CAIP-2 ids of the active namespaces' networks: the listing shows wallets serving one of them. */
  getChainIds(): readonly string[]
  /** The merged connectors of this page (announced and injected ones mark wallets installed). */
  getConnectors(): readonly ConnectorEntry[]
  /** The recent wallets (the connection controller keeps them). */
  getRecentWallets(): readonly RecentWalletRef[]
  /** Where failed requests are reported (quietly: the lists stay as they were). */
  logger?: Pick<Logger, 'warn'>
  /** The store to keep the lists in (the kit's facade hands its own); default a new one. */
  state?: StateStore<WalletListingState>
}

export type { WalletListingState }
export type WalletListingController = ReturnType<typeof createWalletListingController>

/** A page fetched ahead: which one, for which listing epoch, and whether its request has settled. */
interface PageAhead {
  page: number
  epoch: number
  settled: boolean
  result: Promise<{ data: WalletListing[]; count: number }>
}

const nonEmpty = (list: readonly string[] | undefined) => (list && list.length > 0 ? list : undefined)
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The wallet listing of the Provider API (SPEC §3, §5, §9): featured, recommended (4), All Wallets pages of
 * 40, search (up to 100, loading at least 300 ms, the newest search wins), the excluded wallets, and image
 * prefetch of the first 20 of each list. Every entry is sanitized: names stay plain strings, unsafe image URLs
 * and links are dropped.
 */
export function createWalletListingController(deps: WalletListingControllerDeps) {
  const state: StateStore<WalletListingState> = deps.state ?? createStore(INITIAL_LISTING_STATE)
  const { featuredWalletIds = [], includeWalletIds, excludeWalletIds = [] } = deps.options
  const images = { allowLocal: deps.options.allowLocalImages === true }
  const customWallets = sanitizeWalletListings(deps.options.customWallets ?? [], images)
  const pendingImages = new Set<string>()
  let epoch = 0
  let searchToken = 0
  let prefetched: Promise<void> | undefined
  let pageRequest: Promise<void> | undefined
  /** The next All Wallets page, fetched ahead of the visitor asking for it. */
  let ahead: PageAhead | undefined

  async function getWallets(params: GetWalletsParams): Promise<{ data: WalletListing[]; count: number }> {
    if (!deps.api) return { data: [], count: 0 }
    const result = await deps.api.getWallets(params)
    const count = typeof result?.count === 'number' && Number.isFinite(result.count) ? result.count : 0
    return { data: sanitizeWalletListings(result?.data, images), count }
  }

  /**
   * Fetches the images of the first wallets of a list; the ones that arrive are added in one state change, so a
   * list is drawn again once for its images, not once per image.
   */
  function prefetchImages(wallets: readonly WalletListing[]): void {
    const api = deps.api
    if (!api) return
    const ids = wallets
      .slice(0, Limits.imagePrefetchCount)
      .map((wallet) => wallet.image_id)
      .filter(
        (id): id is string =>
          Boolean(id) && !state.get().images[id as string] && !pendingImages.has(id as string),
      )
    if (ids.length === 0) return
    for (const id of ids) pendingImages.add(id)
    void Promise.all(
      ids.map((id) =>
        Promise.resolve()
          .then(() => api.getWalletImage(id))
          .then((url) => (isSafeImageUrl(url, images) ? ([id, url] as const) : undefined))
          .catch(() => undefined),
      ),
    ).then((found) => {
      for (const id of ids) pendingImages.delete(id)
      const added = found.filter((entry) => entry !== undefined)
      if (added.length > 0) state.patch({ images: { ...state.get().images, ...Object.fromEntries(added) } })
    })
  }

  function warn(what: string, error: unknown): void {
    deps.logger?.warn(`Wallet listing: ${what} failed`, error)
  }

  async function fetchFeatured(): Promise<void> {
    if (featuredWalletIds.length === 0) return
    const at = epoch
    const { data } = await getWallets({
      page: 1,
      entries: featuredWalletIds.length,
      include: featuredWalletIds,
    })
    if (at !== epoch) return
    const featured = data
      .filter((wallet) => featuredWalletIds.includes(wallet.id))
      .sort((a, b) => featuredWalletIds.indexOf(a.id) - featuredWalletIds.indexOf(b.id))
    state.patch({ featured })
    prefetchImages(featured)
  }

  async function fetchRecommended(): Promise<void> {
    const at = epoch
    const { data: recommended, count } = await getWallets({
      page: 1,
      entries: Limits.recommendedPageSize,
      include: nonEmpty(includeWalletIds),
      exclude: nonEmpty([...excludeWalletIds, ...featuredWalletIds]),
      chains: nonEmpty(deps.getChainIds()),
    })
    if (at !== epoch) return
    state.patch(state.get().page === 0 ? { recommended, count } : { recommended })
    prefetchImages(recommended)
  }

  async function fetchExcluded(): Promise<void> {
    if (excludeWalletIds.length === 0) return
    const at = epoch
    const { data } = await getWallets({
      page: 1,
      entries: excludeWalletIds.length,
      include: excludeWalletIds,
    })
    if (at !== epoch) return
    state.patch({ excluded: data.map((wallet) => ({ rdns: wallet.rdns ?? null, name: wallet.name })) })
  }

  /** One All Wallets page as the API answers it (the recommended wallets and the host's lists left out). */
  function fetchPage(page: number): Promise<{ data: WalletListing[]; count: number }> {
    return getWallets({
      page,
      entries: Limits.pageSize,
      include: nonEmpty(includeWalletIds),
      exclude: nonEmpty([
        ...state.get().recommended.map((wallet) => wallet.id),
        ...excludeWalletIds,
        ...featuredWalletIds,
      ]),
      chains: nonEmpty(deps.getChainIds()),
    })
  }

  /**
   * Shows page `page`: from the page fetched ahead when there is one (the visitor scrolling to the end sees it at
   * once), else fetched now; then fetches the next page ahead, kept until asked for.
   */
  async function loadPage(page: number): Promise<void> {
    const at = epoch
    const buffered = ahead?.page === page && ahead.epoch === at ? ahead : undefined
    ahead = undefined
    if (!buffered?.settled) state.patch({ pageLoading: true })
    try {
      const { data, count } = await (buffered?.result ?? fetchPage(page))
      if (at !== epoch) return
      const known = new Set(state.get().wallets.map((wallet) => wallet.id))
      const added = data.filter((wallet) => !known.has(wallet.id))
      const wallets = [...state.get().wallets, ...added]
      // A page that adds nothing ends the list, whatever count said.
      state.patch({
        wallets,
        page,
        pageLoading: false,
        count: added.length > 0 ? Math.max(count, wallets.length) : wallets.length,
      })
      // The page's images and the next page are asked for in a later task, once the page is drawn: a visitor
      // scrolling to the end sees the page in the frame of the scroll, without that frame also starting requests.
      setTimeout(() => {
        if (at !== epoch) return
        prefetchImages(data)
        if (state.get().page === page && !pageRequest && !ahead && hasMore()) fetchAhead(page + 1, at)
      }, 0)
    } catch (error) {
      warn(`page ${page}`, error)
    } finally {
      if (at === epoch && state.get().pageLoading) state.patch({ pageLoading: false })
    }
  }

  function fetchAhead(page: number, at: number): void {
    const next: PageAhead = { page, epoch: at, settled: false, result: fetchPage(page) }
    const settle = () => {
      next.settled = true
    }
    next.result.then(settle, settle)
    ahead = next
  }

  function hasMore(): boolean {
    const { page, wallets, count } = state.get()
    return page === 0 || wallets.length < count
  }

  /**
   * The last list {@link listed} made and what it was made from (the state's arrays and the connectors): a view
   * drawn again for another reason (an image arrived) gets the same list, not a thousand wallets sorted again.
   */
  const memo = new Map<'all' | 'search', { from: readonly unknown[]; list: ListedWallet[] }>()
  function listedOnce(
    which: 'all' | 'search',
    from: readonly unknown[],
    make: () => ListedWallet[],
  ): ListedWallet[] {
    const last = memo.get(which)
    if (last && last.from.length === from.length && last.from.every((part, index) => part === from[index]))
      return last.list
    const list = make()
    memo.set(which, { from, list })
    return list
  }

  /** The listed entries made for the current connectors (whether a wallet is installed depends on them). */
  let made = { connectors: undefined as unknown, entries: new WeakMap<WalletListing, ListedWallet>() }

  function listed(wallets: readonly WalletListing[]): ListedWallet[] {
    // Each id once, where it first appears, with its last entry (a custom wallet overrides a listed one).
    const position = new Map<string, number>()
    const unique: WalletListing[] = []
    for (const wallet of wallets) {
      const at = position.get(wallet.id)
      if (at === undefined) {
        position.set(wallet.id, unique.length)
        unique.push(wallet)
      } else unique[at] = wallet
    }
    const { excluded } = state.get()
    const kept =
      excluded.length === 0 ? unique : unique.filter((wallet) => !isWalletExcluded(wallet, excluded))
    const connectors = deps.getConnectors()
    if (made.connectors !== connectors) made = { connectors, entries: new WeakMap() }
    return sortWallets(kept, { connectors, featuredWalletIds }, made.entries)
  }

  return {
    state,

    /** The host's custom wallets, sanitized (they are listed like any other wallet). */
    customWallets: customWallets as readonly WalletListing[],

    /**
     * Loads featured, recommended and excluded wallets, once per {@link reset}; later calls return the same
     * promise. Failures are logged and leave that list empty; it never rejects.
     */
    prefetch(): Promise<void> {
      prefetched ??= Promise.allSettled([
        fetchFeatured().catch((error) => warn('featured wallets', error)),
        fetchRecommended().catch((error) => warn('recommended wallets', error)),
        fetchExcluded().catch((error) => warn('excluded wallets', error)),
      ]).then(() => undefined)
      return prefetched
    },

    /** True while more All Wallets pages may be loaded. */
    hasMore,

    /**
     * Loads the next All Wallets page of 40 (the first on the first call); a call while one loads returns that
     * load. Failures are logged; it never rejects.
     */
    loadNextPage(): Promise<void> {
      if (pageRequest) return pageRequest
      if (!hasMore()) return Promise.resolve()
      pageRequest = loadPage(state.get().page + 1).finally(() => {
        pageRequest = undefined
      })
      return pageRequest
    },

    /**
     * Searches the listing (up to 100 results). `searchLoading` stays on at least 300 ms; a newer search (or
     * clearing it) supersedes this one, whose results are dropped. A failed search shows no results and is
     * logged; it never rejects. An empty query clears the search.
     */
    async search(query: string, options: { badge?: 'none' | 'certified' } = {}): Promise<void> {
      const token = ++searchToken
      const trimmed = query.trim()
      if (!trimmed) {
        state.patch({ search: [], searchQuery: '', searchLoading: false })
        return
      }
      state.patch({ search: [], searchQuery: trimmed, searchLoading: true })
      const request = getWallets({
        page: 1,
        entries: Limits.searchMaxResults,
        search: trimmed,
        badge_type: options.badge,
        include: nonEmpty(includeWalletIds),
        exclude: nonEmpty(excludeWalletIds),
        chains: nonEmpty(deps.getChainIds()),
      }).then(
        (result) => result.data,
        (error: unknown) => {
          if (token === searchToken) warn('search', error)
          return [] as WalletListing[]
        },
      )
      const [results] = await Promise.all([request, wait(Limits.searchMinLoadingMs)])
      if (token !== searchToken) return
      state.patch({ search: results.slice(0, Limits.searchMaxResults), searchLoading: false })
      prefetchImages(results)
    },

    /** Clears the search and drops the results of any search still running. */
    clearSearch(): void {
      searchToken++
      state.patch({ search: [], searchQuery: '', searchLoading: false })
    },

    /**
     * The All Wallets list: featured, recommended, the pages loaded and the custom wallets, each once, without
     * excluded wallets, installed first then in featured order (SPEC §5). The same array is returned until one of
     * those lists or the connectors change; callers read it, never modify it.
     */
    getAllWallets(): ListedWallet[] {
      const { featured, recommended, wallets, excluded } = state.get()
      return listedOnce('all', [featured, recommended, wallets, excluded, deps.getConnectors()], () =>
        listed([...featured, ...recommended, ...wallets, ...customWallets]),
      )
    },

    /** The search results, plus custom wallets whose name contains the query, sorted as {@link getAllWallets}. */
    getSearchResults(): ListedWallet[] {
      const { search, searchQuery, excluded } = state.get()
      return listedOnce('search', [search, searchQuery, excluded, deps.getConnectors()], () => {
        const query = searchQuery.toLowerCase()
        const custom = query
          ? customWallets.filter((wallet) => wallet.name.toLowerCase().includes(query))
          : []
        return listed([...search, ...custom])
      })
    },

    /** The prefetched image of a wallet, else its own (already checked) image_url. */
    getWalletImage(wallet: Pick<WalletListing, 'image_id' | 'image_url'>): string | undefined {
      return (wallet.image_id && state.get().images[wallet.image_id]) || wallet.image_url
    },

    /**
     * Forgets every list fetched (the active chains changed, say); requests still running are dropped. The
     * next {@link prefetch} fetches again. Images are kept.
     */
    reset(): void {
      epoch++
      searchToken++
      prefetched = undefined
      pageRequest = undefined
      ahead = undefined
      state.set({ ...INITIAL_LISTING_STATE, images: state.get().images })
    },
  }
}
