// Connectors and the wallet listing (SPEC §1, §2, §3, §5, §9).
export {
  buildConnectSections,
  type ConnectItem,
  type ConnectSection,
  type ConnectSectionsInput,
  connectSectionOrder,
  connectSections,
} from './connect-sections.js'
export { connectorListing } from './connector-listing.js'
export {
  type ConnectorListing,
  type ConnectorsController,
  type ConnectorsControllerDeps,
  type ConnectorsState,
  createConnectorsController,
  type ListingForSections,
} from './connectors-controller.js'
export {
  CONNECTOR_ORDER,
  type ConnectSectionType,
  CustomDeepLinkWalletIds,
  WalletListingLimits,
} from './listing-constants.js'
export type { ConnectorEntry, ExcludedWallet, ListedWallet, RecentWalletRef } from './listing-types.js'
export { mergeConnectors } from './merge-connectors.js'
export {
  inAppBrowserUrl,
  type MobileRedirectInput,
  mobileRedirectUrl,
  walletDeepLink,
} from './mobile-redirect.js'
export { createWalletListing } from './wallet-listing.js'
export type {
  WalletListingController,
  WalletListingControllerDeps,
  WalletListingState,
} from './wallet-listing-controller.js'
