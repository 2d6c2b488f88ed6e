import { describe, expect, test } from 'vitest'
import { createWalletListing } from '../../src/controllers/listing/index.js'
import type { WalletListing } from '../../src/services/types.js'
import { fakeProviderApi, wallet } from './fakes.js'

const catalogue: WalletListing[] = Array.from({ length: 50 }, (_, i) => wallet(i + 1))

function facade(api = fakeProviderApi(catalogue)) {
  const listing = createWalletListing({
    api,
    options: { customWallets: [{ id: 'custom-1', name: 'Custom One' }] },
    getChainIds: () => ['eip155:1'],
    getConnectors: () => [],
    getRecentWallets: () => [],
  })
  return { listing, api }
}

describe("the kit's wallet listing (its fetching code loaded on first fetch)", () => {
  test('before any fetch: empty lists, more to load, the custom wallets sanitized, nothing asked', () => {
    const { listing, api } = facade()
    expect(listing.state.get()).toMatchObject({ page: 0, wallets: [], recommended: [], count: 0 })
    expect(listing.getAllWallets()).toEqual([])
    expect(listing.getSearchResults()).toEqual([])
    expect(listing.hasMore()).toBe(true)
    expect(listing.customWallets.map((w) => w.id)).toEqual(['custom-1'])
    expect(listing.getWalletImage({ image_url: 'https://img.example/a.png' })).toBe(
      'https://img.example/a.png',
    )
    listing.clearSearch()
    listing.reset()
    expect(api.calls).toEqual([])
  })

  test('the first fetch loads the controller; its lists land in the state the views already read', async () => {
    const { listing, api } = facade()
    const seen: number[] = []
    const stop = listing.state.subscribe((state) => seen.push(state.wallets.length))
    await listing.prefetch()
    await listing.loadNextPage()
    stop()
    expect(api.calls.length).toBeGreaterThan(0)
    expect(listing.state.get().page).toBe(1)
    expect(seen.at(-1)).toBeGreaterThan(0)
    const ids = listing.getAllWallets().map((w) => w.id)
    expect(ids).toContain('custom-1')
    expect(ids.length).toBe(listing.state.get().recommended.length + listing.state.get().wallets.length + 1)
    await listing.search('Wallet 1')
    expect(listing.state.get().searchQuery).toBe('Wallet 1')
  })
})
