import { describe, expect, test, vi } from 'vitest'
import { WalletListingLimits } from '../../src/controllers/listing/index.js'
import type { GetWalletsResult, WalletListing } from '../../src/services/types.js'
import { useFakeTimersPerTest } from '../support/fake-timers.js'
import { setupWalletListing } from '../support/wallet-listing.js'
import { fakeProviderApi, wallet } from './fakes.js'

const catalogue: WalletListing[] = Array.from({ length: 130 }, (_, i) => wallet(i + 1))

useFakeTimersPerTest()

describe('wallet listing search', () => {
  test('[§9.6] search asks for up to 100 results and shows loading at least 300 ms', async () => {
    const api = fakeProviderApi(catalogue)
    const { listing } = setupWalletListing(api, {
      options: { excludeWalletIds: ['wallet-10'], includeWalletIds: [] },
    })
    const done = listing.search('  wallet  ', { badge: 'certified' })
    expect(listing.state.get()).toMatchObject({ searchLoading: true, searchQuery: 'wallet', search: [] })
    expect(api.calls.at(-1)).toEqual({
      page: 1,
      entries: 100,
      search: 'wallet',
      badge_type: 'certified',
      exclude: ['wallet-10'],
      chains: ['eip155:1', 'eip155:11155111'],
    })
    await vi.advanceTimersByTimeAsync(299)
    // The answer came at once; the loading state still holds until 300 ms.
    expect(listing.state.get().searchLoading).toBe(true)
    expect(listing.state.get().search).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(listing.state.get().searchLoading).toBe(false)
    expect(listing.state.get().search).toHaveLength(100)
    expect(WalletListingLimits.searchMaxResults).toBe(100)
    expect(WalletListingLimits.searchMinLoadingMs).toBe(300)
  })

  test('[§9.6] a search longer than 300 ms shows its results when they come', async () => {
    let answer: (result: GetWalletsResult) => void = () => undefined
    const api = fakeProviderApi(catalogue, {
      getWallets: () => new Promise<GetWalletsResult>((resolve) => (answer = resolve)),
    })
    const { listing } = setupWalletListing(api)
    const done = listing.search('slow')
    await vi.advanceTimersByTimeAsync(1000)
    expect(listing.state.get().searchLoading).toBe(true)
    answer({ data: [wallet(7)], count: 1 })
    await done
    expect(listing.state.get()).toMatchObject({ searchLoading: false, search: [wallet(7)] })
  })

  test('a newer search supersedes an older one still running', async () => {
    const answers: ((result: GetWalletsResult) => void)[] = []
    const api = fakeProviderApi(catalogue, {
      getWallets: () => new Promise<GetWalletsResult>((resolve) => answers.push(resolve)),
    })
    const { listing } = setupWalletListing(api)
    const older = listing.search('meta')
    const newer = listing.search('rain')
    answers[1]?.({ data: [wallet(2, { name: 'Rainbow' })], count: 1 })
    await vi.advanceTimersByTimeAsync(300)
    await newer
    answers[0]?.({ data: [wallet(1, { name: 'MetaMask' })], count: 1 })
    await older
    expect(listing.state.get()).toMatchObject({ searchQuery: 'rain', searchLoading: false })
    expect(listing.state.get().search.map((w) => w.name)).toEqual(['Rainbow'])
    // Clearing supersedes too.
    const third = listing.search('zer')
    listing.clearSearch()
    answers[2]?.({ data: [wallet(3)], count: 1 })
    await vi.advanceTimersByTimeAsync(300)
    await third
    expect(listing.state.get()).toMatchObject({ searchQuery: '', search: [], searchLoading: false })
    // An empty query clears at once, without a request.
    const calls = api.calls.length
    await listing.search('   ')
    expect(api.calls).toHaveLength(calls)
  })
})
