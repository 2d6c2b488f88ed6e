import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { KitLogger } from '../controllers/config/telemetry/logger.js'
import { createBlockchainApiClient } from '../services/blockchain-api.js'
import type { BlockchainApi } from '../services/types.js'
import { VERSION } from '../version.js'

/** The public endpoints of SPEC §7; every one can be pointed at a self-hosted implementation. */
export const DEFAULT_SERVICE_URLS = {
  providerApiUrl: 'https://api.web3modal.org',
  blockchainApiUrl: 'https://rpc.walletconnect.org',
} as const

export function createServices(
  options: ResolvedOptions,
  internals: { blockchainApi?: BlockchainApi },
  logger: KitLogger,
) {
  // Without a project id (and no self-hosted URL) the kit uses no remote service at all: injected wallets,
  // balances straight from each chain's RPC, and the remote-gated features off. A self-hosted URL gets no projectId.
  const common = {
    projectId: options.projectId,
    sdkVersion: `latchkey-core-${VERSION}`,
    logger,
    allowLocalImages: options.allowLocalImages,
  }
  const providerUrl =
    options.services.providerApiUrl ?? (options.projectId ? DEFAULT_SERVICE_URLS.providerApiUrl : undefined)
  const blockchainUrl =
    options.services.blockchainApiUrl ??
    (options.projectId ? DEFAULT_SERVICE_URLS.blockchainApiUrl : undefined)
  return {
    // The Provider API serves the modal (listing, remote features, analytics): its client is made with the late
    // controllers.
    providerService: providerUrl ? { ...common, baseUrl: providerUrl } : undefined,
    blockchainApi:
      internals.blockchainApi ??
      (blockchainUrl ? createBlockchainApiClient({ ...common, baseUrl: blockchainUrl }) : undefined),
  }
}
