import { describe, expect, test, vi } from 'vitest'
import { WalletListingLimits } from '../../src/controllers/listing/index.js'
import type { GetWalletsResult, WalletListing } from '../../src/services/types.js'
import { useFakeTimersPerTest } from '../support/fake-timers.js'
import { setupWalletListing } from '../support/wallet-listing.js'
import { connector, fakeProviderApi, wallet } from './fakes.js'

const catalogue: WalletListing[] = Array.from({ length: 130 }, (_, i) => wallet(i + 1))
const settle = () => vi.advanceTimersByTimeAsync(0)

useFakeTimersPerTest()

describe('wallet listing controller', () => {
  test('[§9.6] recommended wallets: one page of 4 for the active chains, featured and excluded ids left out', async () => {
    const api = fakeProviderApi(catalogue)
    const { listing } = setupWalletListing(api, {
      options: {
        featuredWalletIds: ['wallet-1'],
        excludeWalletIds: ['wallet-2'],
        includeWalletIds: [
          'wallet-1',
          'wallet-2',
          'wallet-3',
          'wallet-4',
          'wallet-5',
          'wallet-6',
          'wallet-7',
        ],
      },
    })
    await listing.prefetch()
    const call = api.calls.find((c) => c.entries === WalletListingLimits.recommendedPageSize)
    expect(WalletListingLimits.recommendedPageSize).toBe(4)
    expect(call).toEqual({
      page: 1,
      entries: 4,
      include: ['wallet-1', 'wallet-2', 'wallet-3', 'wallet-4', 'wallet-5', 'wallet-6', 'wallet-7'],
      exclude: ['wallet-2', 'wallet-1'],
      chains: ['eip155:1', 'eip155:11155111'],
    })
    expect(listing.state.get().recommended.map((w) => w.id)).toEqual([
      'wallet-3',
      'wallet-4',
      'wallet-5',
      'wallet-6',
    ])
    // Before any page, count is what the recommended query counted (the "All wallets" badge).
    expect(listing.state.get().count).toBe(5)
  })

  test('featured wallets are asked by id and kept in the host order', async () => {
    const api = fakeProviderApi(catalogue)
    const { listing } = setupWalletListing(api, {
      options: { featuredWalletIds: ['wallet-9', 'wallet-3', 'wallet-404', 'wallet-5'] },
    })
    await listing.prefetch()
    expect(api.calls).toContainEqual({
      page: 1,
      entries: 4,
      include: ['wallet-9', 'wallet-3', 'wallet-404', 'wallet-5'],
    })
    expect(listing.state.get().featured.map((w) => w.id)).toEqual(['wallet-9', 'wallet-3', 'wallet-5'])
    // prefetch runs once until reset.
    const calls = api.calls.length
    await listing.prefetch()
    expect(api.calls).toHaveLength(calls)
  })

  test('[§9.6] All Wallets pages of 40 entries, with page, count and load-next until the end', async () => {
    const api = fakeProviderApi(catalogue)
    const { listing } = setupWalletListing(api, {
      options: { featuredWalletIds: ['wallet-1'], excludeWalletIds: ['wallet-2'] },
    })
    await listing.prefetch()
    const recommendedIds = listing.state.get().recommended.map((w) => w.id)
    expect(listing.hasMore()).toBe(true)
    const first = listing.loadNextPage()
    expect(listing.loadNextPage()).toBe(first)
    expect(listing.state.get().pageLoading).toBe(true)
    await first
    const pageCall = (page: number) => ({
      page,
      entries: 40,
      exclude: [...recommendedIds, 'wallet-2', 'wallet-1'],
      chains: ['eip155:1', 'eip155:11155111'],
    })
    // Page 1 is shown; page 2 is asked for in a later task (the page is drawn first): fetched ahead, not shown until
    // the visitor wants it.
    expect(api.calls.at(-1)).toEqual(pageCall(1))
    let state = listing.state.get()
    expect(WalletListingLimits.pageSize).toBe(40)
    expect(state).toMatchObject({ page: 1, count: 124, pageLoading: false })
    expect(state.wallets).toHaveLength(40)
    await settle()
    expect(api.calls.slice(-2)).toEqual([pageCall(1), pageCall(2)])
    // Asked for, the page fetched ahead is shown without a request of its own and without a loading state.
    const second = listing.loadNextPage()
    expect(listing.state.get().pageLoading).toBe(false)
    await second
    expect(listing.state.get()).toMatchObject({ page: 2, pageLoading: false })
    expect(listing.state.get().wallets).toHaveLength(80)
    expect(api.calls.filter((call) => call.page === 2 && call.entries === 40)).toHaveLength(1)
    await listing.loadNextPage()
    await listing.loadNextPage()
    state = listing.state.get()
    expect(state.page).toBe(4)
    expect(state.wallets).toHaveLength(124)
    expect(new Set(state.wallets.map((w) => w.id)).size).toBe(124)
    expect(listing.hasMore()).toBe(false)
    const calls = api.calls.length
    await listing.loadNextPage()
    expect(api.calls).toHaveLength(calls)
  })

  test('the page fetched ahead is asked for after the page is shown, and not when the list was reset or the page asked meanwhile', async () => {
    const api = fakeProviderApi(catalogue)
    const { listing } = setupWalletListing(api)
    const pages = () => api.calls.filter((call) => call.entries === 40).map((call) => call.page)
    await listing.loadNextPage()
    expect(pages()).toEqual([1])
    // Reset before the later task: nothing is fetched ahead for the list that is gone.
    listing.reset()
    await settle()
    expect(pages()).toEqual([1])
    // Page 2 asked for before the later task: it is fetched once, by that ask, not also ahead.
    await listing.loadNextPage()
    await listing.loadNextPage()
    expect(pages()).toEqual([1, 1, 2])
    await settle()
    expect(pages()).toEqual([1, 1, 2, 3])
    expect(listing.state.get()).toMatchObject({ page: 2, pageLoading: false })
  })

  test('the All Wallets list is the same array until a list or the connectors change', async () => {
    const api = fakeProviderApi(catalogue)
    let connectors = [connector({ id: 'io.other', type: 'ANNOUNCED', info: { rdns: 'io.other' } })]
    const { listing } = setupWalletListing(api, { getConnectors: () => connectors })
    await listing.loadNextPage()
    await settle()
    const first = listing.getAllWallets()
    expect(first).toHaveLength(40)
    // An image arriving changes the state but not the list.
    listing.state.patch({ images: { ...listing.state.get().images, extra: 'https://img.example/x.png' } })
    expect(listing.getAllWallets()).toBe(first)
    // A new page, then new connectors, make a new list.
    await listing.loadNextPage()
    const second = listing.getAllWallets()
    expect(second).not.toBe(first)
    expect(second).toHaveLength(80)
    // The first page's entries are the same objects: only the new page's wallets got new entries.
    expect(second.slice(0, 40).every((entry, index) => entry === first[index])).toBe(true)
    connectors = [connector({ id: 'com.wallet30', type: 'ANNOUNCED', info: { rdns: 'com.wallet30' } })]
    const third = listing.getAllWallets()
    expect(third).not.toBe(second)
    expect(third[0]).toMatchObject({ id: 'wallet-30', installed: true })
    // New connectors: every entry is made again (whether a wallet is installed may have changed).
    expect(third.find((entry) => entry.id === 'wallet-1')).not.toBe(first[0])
    expect(listing.getAllWallets()).toBe(third)
  })

  test('[§9.6] image prefetch of the first 20 of a page; failures and unsafe URLs ignored', async () => {
    const api = fakeProviderApi(catalogue, {
      getWalletImage: async (id) => {
        if (id === 'image-2') throw new Error('image failed')
        if (id === 'image-3') return 'javascript:alert(1)'
        return `blob:https://app.example/${id}`
      },
    })
    const { listing } = setupWalletListing(api)
    await listing.loadNextPage()
    await settle()
    expect(WalletListingLimits.imagePrefetchCount).toBe(20)
    expect(api.imageCalls).toEqual(catalogue.slice(0, 20).map((w) => w.image_id))
    const { images } = listing.state.get()
    expect(images['image-1']).toBe('blob:https://app.example/image-1')
    expect(images['image-2']).toBeUndefined()
    expect(images['image-3']).toBeUndefined()
    expect(Object.keys(images)).toHaveLength(18)
    expect(listing.getWalletImage(catalogue[0]!)).toBe('blob:https://app.example/image-1')
    expect(listing.getWalletImage({ image_id: 'image-99', image_url: 'https://cdn.example/99.png' })).toBe(
      'https://cdn.example/99.png',
    )
    // An image already fetched is not fetched again.
    const search = listing.search('Wallet 1')
    await vi.advanceTimersByTimeAsync(300)
    await search
    await settle()
    expect(api.imageCalls.filter((id) => id === 'image-1')).toHaveLength(1)
  })

  test('[§5.25] excluded wallets: their rdns and names are fetched, and listed wallets matching them are hidden', async () => {
    const api = fakeProviderApi([
      ...catalogue,
      wallet(500, { id: 'bad', name: 'Bad Wallet', rdns: 'com.bad' }),
      wallet(501, { id: 'namesake', name: 'BAD WALLET', rdns: 'com.other' }),
    ])
    const { listing } = setupWalletListing(api, {
      options: { excludeWalletIds: ['bad'], customWallets: [{ id: 'c', name: 'bad wallet' }] },
    })
    await listing.prefetch()
    expect(api.calls).toContainEqual({ page: 1, entries: 1, include: ['bad'] })
    expect(listing.state.get().excluded).toEqual([{ rdns: 'com.bad', name: 'Bad Wallet' }])
    const search = listing.search('bad')
    await vi.advanceTimersByTimeAsync(300)
    await search
    expect(listing.state.get().search.map((w) => w.id)).toEqual(['namesake'])
    expect(listing.getSearchResults()).toEqual([])
    expect(listing.getAllWallets().some((w) => w.id === 'c')).toBe(false)
  })

  test('[§5.26] the All Wallets list: installed first, then featured order; custom wallets listed once', async () => {
    const api = fakeProviderApi(catalogue)
    const connectors = [connector({ id: 'com.wallet30', type: 'ANNOUNCED', info: { rdns: 'com.wallet30' } })]
    const { listing } = setupWalletListing(api, {
      options: {
        featuredWalletIds: ['wallet-8', 'wallet-6'],
        customWallets: [
          {
            id: 'custom-1',
            name: 'My Wallet',
            image_url: 'https://my.example/icon.png',
            mobile_link: 'my://',
          },
          { id: 'custom-evil', name: '<script>x</script>', image_url: 'http://tracker.example/p.png' },
        ],
      },
      getConnectors: () => connectors,
    })
    await listing.prefetch()
    await listing.loadNextPage()
    const all = listing.getAllWallets()
    expect(all.slice(0, 3).map((w) => [w.id, w.installed])).toEqual([
      ['wallet-30', true],
      ['wallet-8', false],
      ['wallet-6', false],
    ])
    expect(all.map((w) => w.id)).toContain('custom-1')
    expect(new Set(all.map((w) => w.id)).size).toBe(all.length)
    const evil = all.find((w) => w.id === 'custom-evil')
    expect(evil).toEqual({ id: 'custom-evil', name: '<script>x</script>', installed: false })
    expect(listing.customWallets.map((w) => w.id)).toEqual(['custom-1', 'custom-evil'])
    // Custom wallets whose name matches join the search results.
    const search = listing.search('my w')
    await vi.advanceTimersByTimeAsync(300)
    await search
    expect(listing.getSearchResults().map((w) => w.id)).toEqual(['custom-1'])
  })

  test('hostile listing entries: names stay plain strings, unsafe image URLs and links are dropped', async () => {
    const api = fakeProviderApi([], {
      getWallets: async () => ({
        data: [
          {
            id: 'x',
            name: '<img src=x onerror=alert(1)>',
            image_url: 'javascript:alert(1)',
            mobile_link: 'javascript:alert(1)',
          },
          { name: 'no id' },
          { id: 'y', name: 'Fine', image_url: 'https://cdn.example/y.png', mobile_link: 'fine://' },
        ] as unknown as WalletListing[],
        count: 3,
      }),
    })
    const { listing } = setupWalletListing(api)
    await listing.loadNextPage()
    expect(listing.state.get().wallets).toEqual([
      { id: 'x', name: '<img src=x onerror=alert(1)>' },
      { id: 'y', name: 'Fine', image_url: 'https://cdn.example/y.png', mobile_link: 'fine://' },
    ])
  })

  test('failed requests are logged quietly and leave the lists as they were', async () => {
    const api = fakeProviderApi(catalogue, {
      getWallets: () => Promise.reject(new Error('HTTP status code: 503')),
    })
    const { listing, logger } = setupWalletListing(api, {
      options: { featuredWalletIds: ['wallet-1'], excludeWalletIds: ['wallet-2'] },
    })
    await expect(listing.prefetch()).resolves.toBeUndefined()
    expect(logger.warn).toHaveBeenCalledTimes(3)
    await expect(listing.loadNextPage()).resolves.toBeUndefined()
    expect(listing.state.get()).toMatchObject({
      featured: [],
      recommended: [],
      wallets: [],
      page: 0,
      pageLoading: false,
    })
    const search = listing.search('x')
    await vi.advanceTimersByTimeAsync(300)
    await search
    expect(listing.state.get()).toMatchObject({ search: [], searchLoading: false })
    expect(logger.warn).toHaveBeenCalledTimes(5)
  })

  test('reset drops the lists and the answers still on their way; prefetch fetches again', async () => {
    let answer: (result: GetWalletsResult) => void = () => undefined
    let slow = false
    const base = fakeProviderApi(catalogue)
    const api = fakeProviderApi(catalogue, {
      getWallets: (params) => (slow ? new Promise((resolve) => (answer = resolve)) : base.getWallets(params)),
    })
    const { listing } = setupWalletListing(api)
    await listing.prefetch()
    await listing.loadNextPage()
    expect(listing.state.get().wallets).toHaveLength(40)
    slow = true
    const pending = listing.loadNextPage()
    listing.reset()
    answer({ data: [wallet(999)], count: 1 })
    await pending
    expect(listing.state.get()).toMatchObject({
      wallets: [],
      recommended: [],
      page: 0,
      count: 0,
      pageLoading: false,
    })
    slow = false
    const calls = api.calls.length
    await listing.prefetch()
    expect(api.calls.length).toBeGreaterThan(calls)
    expect(listing.state.get().recommended).toHaveLength(4)
  })

  test('without a Provider API only the custom wallets are listed', async () => {
    const { listing } = setupWalletListing(undefined, {
      options: { customWallets: [{ id: 'c', name: 'Custom' }], featuredWalletIds: ['x'] },
    })
    await listing.prefetch()
    await listing.loadNextPage()
    expect(listing.state.get()).toMatchObject({ featured: [], recommended: [], wallets: [] })
    expect(listing.getAllWallets()).toEqual([{ id: 'c', name: 'Custom', installed: false }])
  })
})
