import type { ConnectorListing } from './connectors-controller.js'
import { entryMembers, mergeConnectors } from './merge-connectors.js'
import { sanitizeWalletListings } from './sanitize-wallet.js'
import { normalizeRdns } from './wallet-rules.js'

/**
 * The connectors controller's Connect-view part for a kit's options: the merge of SPEC §1, reverse-DNS matching and
 * the host's custom wallets, sanitized (their images on this machine or a private network only with
 * `allowLocalImages`). A chunk the kit loads with its late controllers.
 */
export function connectorListing(options: {
  customWallets?: readonly unknown[]
  allowLocalImages?: boolean
}): ConnectorListing {
  return {
    mergeConnectors,
    entryMembers,
    normalizeRdns,
    customWallets: sanitizeWalletListings(options.customWallets ?? [], {
      allowLocal: options.allowLocalImages === true,
    }),
  }
}
