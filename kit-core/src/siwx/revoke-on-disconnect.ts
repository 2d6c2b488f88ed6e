import { type CaipAddress, type CaipNetworkId, parseCaipAddress } from '../caip/caip.js'
import type { SiwxConfig } from './types.js'

/** Drops the sign-in sessions of the accounts a disconnect signed out, when the host's config asks for it. */
export function revokeOnDisconnect(config: SiwxConfig | undefined) {
  return async (caipAddresses: readonly CaipAddress[]): Promise<void> => {
    if (!config?.signOutOnDisconnect) return
    for (const caipAddress of caipAddresses) {
      const { caipNetworkId, address } = parseCaipAddress(caipAddress)
      // parseCaipAddress checked the namespace, so the id is a CAIP-2 id of a known namespace.
      await config.revokeSession(caipNetworkId as CaipNetworkId, address)
    }
  }
}
