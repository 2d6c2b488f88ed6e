// The transactions controller: the activity list of the active account (SPEC §3 "List state", §4).
import { describe, expect, it, vi } from 'vitest'
import { createTransactionsController, groupByYearMonth } from '../../src/account/transactions-controller.js'
import { mainnet } from '../../src/index.js'
import { chainWith, fakeApi, item } from './support.js'

const ADDRESS = '0x00000000000000000000000000000000000000a1'

function setup(api = fakeApi()) {
  const chain = chainWith(mainnet, ADDRESS)
  const showError = vi.fn()
  const controller = createTransactionsController({
    chain,
    blockchainApi: api,
    showError,
    logError: () => undefined,
  })
  return { chain, api, showError, controller }
}

describe('the transactions controller', () => {
  it('[§4.43] loading, then the empty flag when there are no items', async () => {
    const { controller } = setup()
    const loading = controller.fetchTransactions(ADDRESS)
    expect(controller.state.get()).toMatchObject({ loading: true, empty: false })
    await loading
    expect(controller.state.get()).toMatchObject({ loading: false, empty: true, transactions: [] })
  })

  it('[§4.45] pages append via the next cursor; [§4.47] unique by id, newest first', async () => {
    const api = fakeApi()
    api.getTransactions
      .mockResolvedValueOnce({
        data: [item('c', '2026-11-20T10:00:00Z', 'eip155:1'), item('b', '2026-10-01T10:00:00Z', 'eip155:1')],
        next: 'page-2',
      })
      .mockResolvedValueOnce({
        data: [item('b', '2026-10-01T10:00:00Z', 'eip155:1'), item('a', '2025-12-31T23:00:00Z', 'eip155:1')],
      })
    const { controller } = setup(api)
    await controller.fetchTransactions(ADDRESS)
    expect(controller.state.get().next).toBe('page-2')
    await controller.fetchTransactions(ADDRESS)
    expect(api.getTransactions).toHaveBeenLastCalledWith({
      address: ADDRESS,
      caipNetworkId: 'eip155:1',
      cursor: 'page-2',
    })
    const state = controller.state.get()
    expect(state.transactions.map((t) => t.id)).toEqual(['c', 'b', 'a'])
    expect(state.next).toBeUndefined()
    expect(state.empty).toBe(false)
    // The last page is loaded: asking again asks nothing.
    await controller.fetchTransactions(ADDRESS)
    expect(api.getTransactions).toHaveBeenCalledTimes(2)
  })

  it('[§4.47] grouped by year then month, newest first', () => {
    const grouped = groupByYearMonth([
      item('c', '2026-11-20T10:00:00Z', 'eip155:1'),
      item('b', '2026-11-02T10:00:00Z', 'eip155:1'),
      item('x', '2026-01-02T10:00:00Z', 'eip155:1'),
      item('a', '2025-12-31T23:00:00Z', 'eip155:1'),
    ])
    expect(Object.keys(grouped)).toEqual(['2025', '2026'])
    expect(grouped[2026]?.[10]?.map((t) => t.id)).toEqual(['c', 'b'])
    expect(grouped[2026]?.[0]?.map((t) => t.id)).toEqual(['x'])
    expect(grouped[2025]?.[11]?.map((t) => t.id)).toEqual(['a'])
  })

  it('[§4.46] spam-only NFT items are dropped, and items of other networks', async () => {
    const spam = {
      direction: 'in' as const,
      quantity: { numeric: '1' },
      nft_info: { flags: { is_spam: true } },
    }
    const api = fakeApi()
    api.getTransactions.mockResolvedValueOnce({
      data: [
        item('spam', '2026-11-20T10:00:00Z', 'eip155:1', { transfers: [spam, spam] }),
        item('mixed', '2026-11-19T10:00:00Z', 'eip155:1', {
          transfers: [
            spam,
            { direction: 'in', quantity: { numeric: '2' }, fungible_info: { symbol: 'LKT' } },
          ],
        }),
        item('call', '2026-11-18T10:00:00Z', 'eip155:1', { operationType: 'execute', transfers: [] }),
        item('other', '2026-11-17T10:00:00Z', 'eip155:10'),
      ],
    })
    const { controller } = setup(api)
    await controller.fetchTransactions(ADDRESS)
    expect(controller.state.get().transactions.map((t) => t.id)).toEqual(['mixed', 'call'])
  })

  it('[§4.44] [§8.1] a fetch error empties the list, clears the cursor and shows Failed to fetch transactions', async () => {
    const api = fakeApi()
    api.getTransactions.mockResolvedValueOnce({
      data: [item('a', '2026-11-20T10:00:00Z', 'eip155:1')],
      next: 'n',
    })
    const { controller, showError } = setup(api)
    await controller.fetchTransactions(ADDRESS)
    api.getTransactions.mockRejectedValueOnce(new Error('HTTP status code: 500'))
    await controller.fetchTransactions(ADDRESS)
    expect(controller.state.get()).toMatchObject({ transactions: [], failed: true, loading: false })
    expect(controller.state.get().next).toBeUndefined()
    expect(controller.state.get().transactionsByYear).toEqual({})
    expect(showError).toHaveBeenCalledExactlyOnceWith('Failed to fetch transactions')
    // Trying again starts from the first page.
    api.getTransactions.mockResolvedValueOnce({ data: [item('a', '2026-11-20T10:00:00Z', 'eip155:1')] })
    await controller.fetchTransactions(ADDRESS)
    expect(api.getTransactions).toHaveBeenLastCalledWith({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    expect(controller.state.get()).toMatchObject({ failed: false, transactions: [{ id: 'a' }] })
  })

  it("[§5.10] fetching without an address throws 'Transaction fetch requires an account address'", async () => {
    const { controller, api } = setup()
    await expect(controller.fetchTransactions(undefined)).rejects.toThrow(
      'Transaction fetch requires an account address',
    )
    expect(api.getTransactions).not.toHaveBeenCalled()
  })

  it('keeps the onramp list apart (coinbaseTransactions)', async () => {
    const api = fakeApi()
    api.getTransactions.mockResolvedValueOnce({ data: [item('buy', '2026-11-20T10:00:00Z', 'eip155:1')] })
    const { controller } = setup(api)
    await controller.fetchTransactions(ADDRESS, 'coinbase')
    expect(api.getTransactions).toHaveBeenCalledWith({
      address: ADDRESS,
      caipNetworkId: 'eip155:1',
      onramp: 'coinbase',
    })
    expect(controller.state.get().coinbaseTransactions.map((t) => t.id)).toEqual(['buy'])
    expect(controller.state.get().transactions).toEqual([])
  })

  it('a refresh puts new items on top and keeps the pages loaded after the first', async () => {
    const api = fakeApi()
    api.getTransactions
      .mockResolvedValueOnce({ data: [item('b', '2026-11-20T10:00:00Z', 'eip155:1')], next: 'p2' })
      .mockResolvedValueOnce({ data: [item('a', '2026-11-01T10:00:00Z', 'eip155:1')] })
      .mockResolvedValueOnce({
        data: [item('c', '2026-11-26T10:00:00Z', 'eip155:1'), item('b', '2026-11-20T10:00:00Z', 'eip155:1')],
        next: 'p2',
      })
    const { controller } = setup(api)
    await controller.fetchTransactions(ADDRESS)
    await controller.fetchTransactions(ADDRESS)
    await controller.refresh()
    expect(controller.state.get().transactions.map((t) => t.id)).toEqual(['c', 'b', 'a'])
    expect(controller.state.get().next).toBeUndefined()
  })

  it('a refresh before any page was asked for asks nothing; a reset empties both lists', async () => {
    const api = fakeApi()
    const { controller } = setup(api)
    await controller.refresh()
    expect(api.getTransactions).not.toHaveBeenCalled()
    api.getTransactions.mockResolvedValue({ data: [item('a', '2026-11-20T10:00:00Z', 'eip155:1')] })
    await controller.fetchTransactions(ADDRESS)
    await controller.fetchTransactions(ADDRESS, 'coinbase')
    controller.reset()
    expect(controller.state.get()).toMatchObject({ transactions: [], coinbaseTransactions: [], empty: false })
  })

  it('a new account or network starts from the first page, and an answer for the old one is dropped', async () => {
    const answers: ((page: { data: ReturnType<typeof item>[] }) => void)[] = []
    const api = fakeApi({
      getTransactions: vi.fn(
        () => new Promise<{ data: ReturnType<typeof item>[] }>((resolve) => answers.push(resolve)),
      ),
    })
    const { controller, chain } = setup(api)
    const first = controller.fetchTransactions(ADDRESS)
    chain.connect(mainnet, '0x00000000000000000000000000000000000000b2')
    controller.reset()
    answers[0]?.({ data: [item('old', '2026-11-20T10:00:00Z', 'eip155:1')] })
    await first
    expect(controller.state.get().transactions).toEqual([])
  })
})
