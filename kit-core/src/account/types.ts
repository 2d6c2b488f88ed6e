import type { CaipAddress } from '../caip/caip.js'
import type { StateStore } from '../kit/store.js'
import type { TokenBalance, Transaction } from '../services/types.js'

/**
 * The token balances of the active account (SPEC §3 "tokenBalance" of the account; §5; §9): what the Account view's
 * token list shows.
 */
export interface BalancesState {
  /** The account (CAIP-10, its network included) the list is of; undefined while no account is connected. */
  caipAddress?: CaipAddress
  /**
   * The account's tokens on its active network: the native currency first, then by fiat value, then by symbol.
   * Quantities with zero decimals are left out (SPEC §5). Names, symbols and icon URLs are cleaned but still
   * hostile: render them as text, icons through the kit's image components.
   */
  tokens: readonly TokenBalance[]
  /** The sum of the tokens' fiat values (USD), undefined when no token has a value. */
  totalValue?: number
  /** A fetch is under way (the list may still show the previous answer of the same account). */
  loading: boolean
  /**
   * The balances could not be read (a failed fetch, or a network the kit does not support): the list is empty and
   * the 'Token Balance Unavailable' toast was shown.
   */
  unavailable: boolean
}

export interface BalancesController {
  readonly state: StateStore<BalancesState>
  /**
   * Reads the active account's balances again: past the 30 s caches when `force`, never within 30 s of a failure
   * (SPEC §9). Never throws.
   */
  refresh(options?: { force?: boolean }): Promise<void>
}

/** Items of one month, newest first. */
export type TransactionsByMonth = Readonly<Record<number, readonly Transaction[]>>

/** The activity of the active account (SPEC §3 "List state", §4 "Transactions list"). */
export interface TransactionsState {
  /** The account (CAIP-10, its network included) the list is of. */
  caipAddress?: CaipAddress
  /** The items, newest first, of the active network only, without spam-only NFT items, unique by id. */
  transactions: readonly Transaction[]
  /** Onramp purchases (the `onramp: 'coinbase'` list), kept apart. */
  coinbaseTransactions: readonly Transaction[]
  /** `transactions` by year, then month (0–11) of `minedAt` (UTC). */
  transactionsByYear: Readonly<Record<number, TransactionsByMonth>>
  loading: boolean
  /** A fetch finished and there are no items. */
  empty: boolean
  /** The last fetch failed ('Failed to fetch transactions' shown): the list is empty and the cursor cleared. */
  failed: boolean
  /** The cursor of the next page; undefined when the last page is loaded. */
  next?: string
}

export interface TransactionsController {
  readonly state: StateStore<TransactionsState>
  /**
   * Loads the next page of `address`'s activity on the active network (the first page when none is loaded, or
   * when the address or network changed); with `onramp`, the onramp list instead. Never throws: a failure shows
   * 'Failed to fetch transactions' and sets `failed`.
   * @throws LatchkeyError 'Transaction fetch requires an account address' without an address.
   */
  fetchTransactions(address: string | undefined, onramp?: 'coinbase'): Promise<void>
  /** Reads the first page again and merges it in (new items on top), keeping the pages loaded after it. */
  refresh(): Promise<void>
  /** Empties both lists and clears the cursor (SPEC §4.4: a reset clears transactions). */
  reset(): void
}

/** The account's data the modal shows besides the address: balances and activity. */
export interface AccountData {
  readonly balances: BalancesController
  readonly transactions: TransactionsController
}

/**
 * The account data's code is a chunk of its own, loaded when the first account connects (or when a view asks):
 * `kit.controllers.account`.
 */
export interface AccountDataLoader {
  /** The account data once loaded, else undefined. */
  current(): AccountData | undefined
  /** Loads it (once; a failed load is tried again on the next call). */
  load(): Promise<AccountData>
}
