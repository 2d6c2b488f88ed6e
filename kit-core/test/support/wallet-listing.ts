/** A wallet listing controller for the listing tests: two EVM chains, no connectors or recent wallets, a mocked logger. */
import { vi } from 'vitest'
import {
  createWalletListingController,
  type WalletListingControllerDeps,
} from '../../src/controllers/listing/wallet-listing-controller.js'

/** The controller over `api` (none: only custom wallets); `overrides` replace any of its deps. */
export function setupWalletListing(
  api: WalletListingControllerDeps['api'],
  overrides: Partial<WalletListingControllerDeps> = {},
) {
  const logger = { warn: vi.fn() }
  const listing = createWalletListingController({
    api,
    options: {},
    getChainIds: () => ['eip155:1', 'eip155:11155111'],
    getConnectors: () => [],
    getRecentWallets: () => [],
    logger,
    ...overrides,
  })
  return { listing, logger }
}
