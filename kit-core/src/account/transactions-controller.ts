import type { CaipAddress } from '../caip/caip.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import { LatchkeyError } from '../errors/errors.js'
import { failedToFetchTransactions, transactionFetchNeedsAddress } from '../errors/messages-account.js'
import { createStore } from '../kit/store.js'
import type { BlockchainApi, Transaction } from '../services/types.js'
import { activeAccountOf } from './active-account.js'
import type { TransactionsByMonth, TransactionsController, TransactionsState } from './types.js'

export interface TransactionsDeps {
  chain: Pick<ChainController, 'state'>
  blockchainApi?: BlockchainApi
  /** Shows a toast ('Failed to fetch transactions'). */
  showError(message: string): void
  logError(error: unknown): void
}

const EMPTY: TransactionsState = Object.freeze({
  transactions: Object.freeze([]),
  coinbaseTransactions: Object.freeze([]),
  transactionsByYear: Object.freeze({}),
  loading: false,
  empty: false,
  failed: false,
})

/** An item whose every transfer is an NFT the service flags as spam (SPEC §4: dropped). */
function isSpamOnly(transaction: Transaction): boolean {
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
  )
}

const minedAt = (transaction: Transaction) => {
  const time = Date.parse(transaction.metadata.minedAt)
  return Number.isNaN(time) ? 0 : time
}

/** Unique by id (the first kept), newest first. */
function mergeTransactions(
  first: readonly Transaction[],
  then: readonly Transaction[],
): readonly Transaction[] {
  const seen = new Set<string>()
  const merged: { item: Transaction; at: number }[] = []
  for (const item of [...first, ...then]) {
    if (seen.has(item.id)) continue
    seen.add(item.id)
    merged.push({ item, at: minedAt(item) })
  }
  // A stable sort on times read once: items of the same time keep the service's order.
  return Object.freeze(merged.sort((a, b) => b.at - a.at).map((entry) => entry.item))
}

/** Items by year, then month (0–11, UTC) of `minedAt`, each month newest first (SPEC §4). */
export function groupByYearMonth(
  transactions: readonly Transaction[],
): Readonly<Record<number, TransactionsByMonth>> {
  const years: Record<number, Record<number, Transaction[]>> = {}
  for (const item of transactions) {
    const date = new Date(minedAt(item))
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const months = years[year] ?? {}
    years[year] = months
    const items = months[month] ?? []
    months[month] = items
    items.push(item)
  }
  return years
}

/**
 * The activity of the active account (SPEC §3 "List state", §4 "Transactions list"): pages by the service's cursor,
 * only the active network's items, spam-only NFT items dropped, unique by id, newest first, grouped by year and month.
 * The onramp list (`coinbaseTransactions`) is kept apart. A failed fetch shows 'Failed to fetch transactions', empties
 * the list and clears the cursor.
 */
export function createTransactionsController(deps: TransactionsDeps): TransactionsController {
  const state = createStore<TransactionsState>(EMPTY)
  let run = 0

  // The active account and its network, from the namespace's own entry (see activeAccountOf).
  const active = () => activeAccountOf(deps.chain.state.get())

  /** The items of a page the list keeps: the active network's, without spam-only NFT items. */
  const kept = (items: readonly Transaction[]) => {
    const network = active()?.network.caipNetworkId
    return items.filter((item) => item.metadata.chain === network && !isSpamOnly(item))
  }

  const withList = (caipAddress: CaipAddress | undefined, transactions: readonly Transaction[]) => ({
    caipAddress,
    transactions,
    transactionsByYear: groupByYearMonth(transactions),
  })

  async function fetchTransactions(address: string | undefined, onramp?: 'coinbase'): Promise<void> {
    if (!address) {
      throw new LatchkeyError(transactionFetchNeedsAddress, { code: 'INVALID_PARAMS' })
    }
    const target = active()
    if (!target) return
    const { network, caipAddress } = target
    const api = deps.blockchainApi
    const current = state.get()
    const sameList = current.caipAddress === caipAddress && !current.failed
    if (!onramp && sameList && current.transactions.length > 0 && current.next === undefined) return
    const cursor = onramp ? undefined : sameList ? current.next : undefined
    const mine = ++run
    state.set({ ...(sameList ? current : EMPTY), caipAddress, loading: true, failed: false })
    try {
      const page = api
        ? await api.getTransactions({
            address,
            caipNetworkId: network.caipNetworkId,
            ...(cursor ? { cursor } : {}),
            ...(onramp ? { onramp } : {}),
          })
        : { data: [] }
      if (mine !== run) return
      const before = state.get()
      if (onramp) {
        state.set({ ...before, coinbaseTransactions: Object.freeze(kept(page.data)), loading: false })
        return
      }
      const transactions = mergeTransactions(cursor ? before.transactions : [], kept(page.data))
      state.set({
        ...before,
        ...withList(caipAddress, transactions),
        loading: false,
        empty: transactions.length === 0 && !page.next,
        next: page.next,
      })
    } catch (error) {
      if (mine !== run) return
      deps.logError(error)
      state.set({ ...EMPTY, caipAddress, failed: true })
      deps.showError(failedToFetchTransactions)
    }
  }

  return {
    state,
    fetchTransactions,

    async refresh() {
      const current = state.get()
      const account = active()
      // Nothing loaded for this account yet: the view asks for the first page when it opens.
      if (!account || current.caipAddress !== account.caipAddress || current.loading) return
      const { network, address, caipAddress } = account
      if (current.transactions.length === 0 && !current.empty) return
      const api = deps.blockchainApi
      if (!api) return
      const mine = ++run
      try {
        const page = await api.getTransactions({ address, caipNetworkId: network.caipNetworkId })
        if (mine !== run) return
        const before = state.get()
        const transactions = mergeTransactions(kept(page.data), before.transactions)
        state.set({
          ...before,
          ...withList(caipAddress, transactions),
          empty: transactions.length === 0 && !page.next,
          // An empty list had no cursor: the first page's is the one to follow.
          next: before.transactions.length === 0 ? page.next : before.next,
        })
      } catch (error) {
        // A failed refresh is a failed fetch (SPEC §4): nothing stale stays on screen.
        if (mine !== run) return
        deps.logError(error)
        state.set({ ...EMPTY, caipAddress, failed: true })
        deps.showError(failedToFetchTransactions)
      }
    },

    reset() {
      run++
      state.set(EMPTY)
    },
  }
}
