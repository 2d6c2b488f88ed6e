// A Blockchain API for the account data tests (browser-only, bundled into the modal test page): balances and activity
// pages the test sets, failures and held answers on demand, and a log of what the kit asked.
import type {
  BlockchainApi,
  IdentityResult,
  TokenBalance,
  Transaction,
  TransactionsPage,
} from '@latchkey/core'

/** How the fake answers one kind of request: at once, with an error, or not until `release()`. */
type FakeMode = 'answer' | 'fail' | 'hold'

export interface FakeBlockchainApi extends BlockchainApi {
  /** The tokens every balance request answers (any account, any network). */
  balances: TokenBalance[]
  balanceMode: FakeMode
  /** The whole activity, newest first; `getTransactions` serves it in pages of `pageSize` (the cursor is an offset). */
  history: Transaction[]
  pageSize: number
  historyMode: FakeMode
  /** The names and avatars of addresses (lowercase), as the identity service answers them; others have none. */
  identities: Record<string, IdentityResult>
  /** Every balance and history request, in order. */
  calls: { method: 'getBalance' | 'getTransactions'; caipNetworkId: string; cursor?: string }[]
  /** Answers every held request as the mode now says. */
  release(): number
}

declare global {
  interface Window {
    fakeApi?: FakeBlockchainApi
  }
}

export function createFakeBlockchainApi(): FakeBlockchainApi {
  const held: (() => void)[] = []
  const answer = <T>(mode: () => FakeMode, value: () => T): Promise<T> => {
    const settle = (resolve: (value: T) => void, reject: (error: Error) => void) => {
      if (mode() === 'fail') reject(new Error('HTTP request failed.'))
      else resolve(value())
    }
    return new Promise<T>((resolve, reject) => {
      if (mode() === 'hold') held.push(() => settle(resolve, reject))
      else settle(resolve, reject)
    })
  }
  const api: FakeBlockchainApi = {
    balances: [],
    balanceMode: 'answer',
    history: [],
    pageSize: 50,
    historyMode: 'answer',
    identities: {},
    calls: [],
    release() {
      const waiting = held.splice(0)
      for (const settle of waiting) settle()
      return waiting.length
    },
    getSupportedChains: async () => ({ http: [], ws: [] }),
    isNetworkSupported: async () => true,
    getIdentity: async ({ address }) => api.identities[address.toLowerCase()] ?? null,
    reverseLookup: async () => [],
    getTokenPrices: async () => [],
    getBalance({ caipNetworkId }) {
      api.calls.push({ method: 'getBalance', caipNetworkId })
      return answer(
        () => api.balanceMode,
        () => api.balances.filter((token) => token.chainId === caipNetworkId),
      )
    },
    getTransactions({ caipNetworkId, cursor }) {
      api.calls.push({ method: 'getTransactions', caipNetworkId, ...(cursor ? { cursor } : {}) })
      return answer(
        () => api.historyMode,
        (): TransactionsPage => {
          const start = cursor ? Number(cursor) : 0
          const end = start + api.pageSize
          const data = api.history.slice(start, end)
          return end < api.history.length ? { data, next: String(end) } : { data }
        },
      )
    },
  }
  return api
}
