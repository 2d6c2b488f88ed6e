// Messages of SPEC §5 and §8 that only the account data's chunk uses, imported from here directly: an entry of
// `Messages` (messages.ts) that a chunk reads travels in the page's first chunk with the catalogue, and a re-export
// there splits the first chunk in the bench's bundler (1.5 kB gzip more).

/** SPEC §8 toast: the activity could not be fetched. */
export const failedToFetchTransactions = 'Failed to fetch transactions'
/** SPEC §8 toast: balances cannot be fetched, or the network is unsupported. */
export const tokenBalanceUnavailable = 'Token Balance Unavailable'

/** SPEC §5: fetching transactions needs the account's address. */
export const transactionFetchNeedsAddress = 'Transaction fetch requires an account address'
