import { createStore } from '../../kit/store.js'
import type { WalletListing } from '../../services/types.js'
import { INITIAL_LISTING_STATE, type WalletListingState } from './listing-state.js'
import type { ListedWallet } from './listing-types.js'
import { sanitizeWalletListings } from './sanitize-wallet.js'
import type { WalletListingController, WalletListingControllerDeps } from './wallet-listing-controller.js'

/**
 * The kit's wallet listing (SPEC §3, §5, §9): the state and the answers a view reads at once live here, and the
 * code that fetches (pages, search, images) loads with the first fetch — when the page is idle, or when the modal
 * opens — so a page that only shows the button never loads it. Before that load the lists are empty, as they are
 * before the first fetch anyway.
 */
export function createWalletListing(deps: WalletListingControllerDeps): WalletListingController {
  const state = createStore<WalletListingState>(INITIAL_LISTING_STATE)
  const customWallets = sanitizeWalletListings(deps.options.customWallets ?? [], {
    allowLocal: deps.options.allowLocalImages === true,
  }) as readonly WalletListing[]
  let engine: WalletListingController | undefined
  let loading: Promise<WalletListingController> | undefined
  const load = (): Promise<WalletListingController> => {
    loading ??= import('./wallet-listing-controller.js').then(
      ({ createWalletListingController }) => {
        engine = createWalletListingController({ ...deps, state })
        return engine
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const none: ListedWallet[] = []
  return {
    state,
    customWallets,
    prefetch: () => load().then((listing) => listing.prefetch()),
    hasMore: () => engine?.hasMore() ?? true,
    loadNextPage: () => load().then((listing) => listing.loadNextPage()),
    search: (query, options) => load().then((listing) => listing.search(query, options)),
    clearSearch: () => engine?.clearSearch(),
    getAllWallets: () => engine?.getAllWallets() ?? none,
    getSearchResults: () => engine?.getSearchResults() ?? none,
    getWalletImage: (wallet) => engine?.getWalletImage(wallet) ?? wallet.image_url ?? undefined,
    reset: () => engine?.reset(),
  }
}
