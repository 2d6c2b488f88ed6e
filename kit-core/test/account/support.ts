// A chain state a test sets directly, a Blockchain API whose answers it controls, and chain reads it scripts.
import { vi } from 'vitest'
import type { ChainMark, ChainReads } from '../../src/account/chain-reads.js'
import {
  type BlockchainApi,
  type CaipNetwork,
  type ChainState,
  createStore,
  type TokenBalance,
  type Transaction,
} from '../../src/index.js'

export function chainWith(network: CaipNetwork | undefined, address: string | undefined) {
  const state = createStore<ChainState>({ namespaces: {} })
  const connect = (next: CaipNetwork | undefined, who: string | undefined, balance?: string) => {
    if (!next || !who) {
      state.set({ namespaces: {} })
      return
    }
    const caipAddress = `${next.caipNetworkId}:${who}` as const
    state.set({
      activeNamespace: next.chainNamespace,
      activeCaipNetwork: next,
      activeCaipAddress: caipAddress,
      namespaces: {
        [next.chainNamespace]: {
          networks: [next],
          caipNetwork: next,
          supportsAllNetworks: true,
          smartAccountEnabledNetworks: [],
          account: {
            address: who,
            caipAddress,
            allAccounts: [{ address: who, type: 'eoa' }],
            addressLabels: {},
            status: 'connected',
            ...(balance !== undefined ? { balance, balanceSymbol: next.nativeCurrency.symbol } : {}),
          },
        },
      },
    })
  }
  connect(network, address)
  return { state, connect, syncBalance: vi.fn(async () => undefined) }
}

export function token(
  chainId: CaipNetwork['caipNetworkId'],
  symbol: string,
  numeric: string,
  extra: Partial<TokenBalance> = {},
): TokenBalance {
  return {
    name: symbol,
    symbol,
    chainId,
    price: 1,
    quantity: { decimals: '18', numeric },
    ...extra,
  }
}

export function item(
  id: string,
  minedAt: string,
  chain: string,
  extra: Partial<Transaction['metadata']> & { transfers?: Transaction['transfers'] } = {},
): Transaction {
  const { transfers, ...metadata } = extra
  return {
    id,
    metadata: {
      operationType: 'send',
      minedAt,
      chain: chain as Transaction['metadata']['chain'],
      status: 'confirmed',
      sentFrom: '0x1111111111111111111111111111111111111111',
      sentTo: '0x2222222222222222222222222222222222222222',
      ...metadata,
    },
    transfers: transfers ?? [
      { direction: 'out', quantity: { numeric: '1' }, fungible_info: { symbol: 'ETH' } },
    ],
  }
}

/** A Blockchain API whose methods are spies a test programs; every network is served unless told otherwise. */
export function fakeApi(overrides: Partial<BlockchainApi> = {}) {
  const api = {
    getSupportedChains: vi.fn(async () => ({ http: [] as string[], ws: [] as string[] })),
    isNetworkSupported: vi.fn(async (_id: string) => true),
    getIdentity: vi.fn(async (_params: unknown) => null),
    getBalance: vi.fn(
      async (_params: {
        address: string
        caipNetworkId: string
        forceUpdate?: boolean
      }): Promise<readonly TokenBalance[]> => [],
    ),
    reverseLookup: vi.fn(async (_params: unknown) => []),
    getTransactions: vi.fn(
      async (_params: unknown): Promise<{ data: readonly Transaction[]; next?: string }> => ({ data: [] }),
    ),
    getTokenPrices: vi.fn(async (_params: unknown) => []),
  }
  // Overrides replace a spy with the test's own (a spy too, when the test wants to read its calls).
  Object.assign(api, overrides)
  const checked: BlockchainApi = api
  void checked
  return api
}

/** Chain reads that answer the marks a test sets, in turn. */
export function scriptedReads(): ChainReads & { marks: ChainMark[]; hostToken: ReturnType<typeof vi.fn> } {
  const marks: ChainMark[] = []
  let last: ChainMark = { head: '0x1', account: '0:0' }
  return {
    marks,
    mark: vi.fn(async () => {
      last = marks.shift() ?? last
      return last
    }),
    hostToken: vi.fn(async () => undefined),
  }
}
