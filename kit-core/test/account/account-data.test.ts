// The account data kept current: account and network changes, balance changes, and the chain watch.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHAIN_POLL_MS, createAccountData } from '../../src/account/account-data.js'
import { type ChainController, mainnet, soneium } from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { chainWith, fakeApi, item, scriptedReads, token } from './support.js'

const ADDRESS = '0x00000000000000000000000000000000000000a1'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup(options: { document?: { hidden?: boolean } | undefined } = { document: {} }) {
  const chain = chainWith(mainnet, ADDRESS)
  const api = fakeApi({ getBalance: vi.fn(async () => [token('eip155:1', 'ETH', '1')]) })
  api.getTransactions.mockResolvedValue({ data: [item('a', '2026-11-20T10:00:00Z', 'eip155:1')] })
  const reads = scriptedReads()
  const data = createAccountData({
    chain: chain as unknown as ChainController,
    getAdapter: () => createFakeAdapter('eip155', [mainnet], [ADDRESS]).adapter,
    blockchainApi: api,
    options: { tokens: {}, customRpcUrls: {} },
    showError: () => undefined,
    logError: () => undefined,
    document: options.document,
    chainReads: reads,
    pollMs: 20,
  })
  stops.push(() => data.dispose())
  return { chain, api, reads, data }
}

describe('the account data', () => {
  it('watches the chain every 4 s at most (SPEC §9 polling interval)', () => {
    expect(CHAIN_POLL_MS).toBe(4_000)
  })

  it('reads the balances on start and again for a new account or network, emptying the activity', async () => {
    const { data, api, chain } = setup()
    await vi.waitFor(() => expect(data.balances.state.get().tokens).toHaveLength(1))
    await data.transactions.fetchTransactions(ADDRESS)
    expect(data.transactions.state.get().transactions).toHaveLength(1)
    chain.connect(soneium, ADDRESS)
    expect(data.transactions.state.get().transactions).toEqual([])
    await vi.waitFor(() =>
      expect(api.getBalance).toHaveBeenLastCalledWith({
        address: ADDRESS,
        caipNetworkId: soneium.caipNetworkId,
      }),
    )
  })

  it('reads the tokens and the activity again when the balance shown moved (a send, refreshBalance)', async () => {
    const { data, api, chain } = setup({ document: undefined })
    await vi.waitFor(() => expect(data.balances.state.get().tokens).toHaveLength(1))
    await data.transactions.fetchTransactions(ADDRESS)
    chain.connect(mainnet, ADDRESS, '1')
    const balanceCalls = api.getBalance.mock.calls.length
    const historyCalls = api.getTransactions.mock.calls.length
    chain.connect(mainnet, ADDRESS, '0.75')
    await vi.waitFor(() => expect(api.getBalance.mock.calls.length).toBe(balanceCalls + 1))
    expect(api.getTransactions.mock.calls.length).toBe(historyCalls + 1)
  })

  it('a new head with the same nonce and balance reads within the caches; a moved nonce or balance reads past them', async () => {
    const { data, api, reads, chain } = setup()
    reads.marks.push(
      { head: '0x1', account: '0:100' },
      { head: '0x2', account: '0:100' },
      { head: '0x3', account: '1:90' },
    )
    await vi.waitFor(() => expect(chain.syncBalance).toHaveBeenCalledWith('eip155', { force: true }))
    expect(api.getBalance).toHaveBeenCalledWith({
      address: ADDRESS,
      caipNetworkId: 'eip155:1',
      forceUpdate: true,
    })
    // The head that moved alone asked without forceUpdate: the start and that one.
    expect(
      api.getBalance.mock.calls.filter(([params]) => !('forceUpdate' in params)).length,
    ).toBeGreaterThanOrEqual(2)
    await data.transactions.fetchTransactions(ADDRESS)
  })

  it('after the account moved, reads the activity on that tick and the next (an indexer lags the chain)', async () => {
    const { data, api, reads } = setup()
    await data.transactions.fetchTransactions(ADDRESS)
    const before = api.getTransactions.mock.calls.length
    reads.marks.push({ head: '0x1', account: '0:100' }, { head: '0x2', account: '1:90' })
    await vi.waitFor(() => expect(api.getTransactions.mock.calls.length).toBeGreaterThanOrEqual(before + 2))
  })

  it('polls nothing while the page is hidden, nor outside a page', async () => {
    const hidden = setup({ document: { hidden: true } })
    const server = setup({ document: undefined })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(hidden.reads.mark).not.toHaveBeenCalled()
    expect(server.reads.mark).not.toHaveBeenCalled()
  })

  it('stops watching when disposed', async () => {
    const { data, reads } = setup()
    await vi.waitFor(() => expect(reads.mark).toHaveBeenCalled())
    data.dispose()
    const calls = vi.mocked(reads.mark).mock.calls.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(vi.mocked(reads.mark).mock.calls.length).toBe(calls)
  })
})
