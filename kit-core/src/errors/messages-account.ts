// Messages of SPEC §5 that only the account data's chunk uses. Kept out of `Messages` (messages.ts), whose every
// entry travels in the page's first chunk: the account data imports these directly.

/** SPEC §5: fetching transactions needs the account's address. */
export const transactionFetchNeedsAddress = 'Transaction fetch requires an account address'
