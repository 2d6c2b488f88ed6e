import type { WalletListing } from '../../services/types.js'
import type { ExcludedWallet } from './listing-types.js'

/** SPEC §3 "Wallet listing": the lists kept. */
export interface WalletListingState {
  /** The host's featuredWalletIds, in that order. */
  featured: readonly WalletListing[]
  /** Up to 4 wallets of the active chains the API recommends. */
  recommended: readonly WalletListing[]
  /** The All Wallets pages loaded so far (featured and recommended not repeated). */
  wallets: readonly WalletListing[]
  /** The results of the latest search. */
  search: readonly WalletListing[]
  /** The excluded wallets' rdns and names, to hide their connectors too. */
  excluded: readonly ExcludedWallet[]
  /** The last All Wallets page loaded; 0 before the first. */
  page: number
  /** How many wallets the All Wallets pages hold in all. */
  count: number
  searchQuery: string
  searchLoading: boolean
  pageLoading: boolean
  /** Prefetched wallet images: image_id -> URL (only URLs that pass the image URL rule). */
  images: Readonly<Record<string, string>>
}

/** The lists before anything was fetched. */
export const INITIAL_LISTING_STATE: WalletListingState = {
  featured: [],
  recommended: [],
  wallets: [],
  search: [],
  excluded: [],
  page: 0,
  count: 0,
  searchQuery: '',
  searchLoading: false,
  pageLoading: false,
  images: {},
}
