/** An in-memory ConnectionStore that records what was cleared. */
import type { ChainNamespace, ConnectionStore, RecentWallet, WalletLink } from '../../src/index.js'

export function createMemoryConnectionStore(
  initial: {
    connectorIds?: Partial<Record<ChainNamespace, string>>
    statuses?: Partial<Record<ChainNamespace, 'connected' | 'disconnected'>>
    recentWallets?: RecentWallet[]
  } = {},
) {
  const connectorIds = { ...initial.connectorIds }
  const statuses = { ...initial.statuses }
  const log: string[] = []
  const data = { recentWallets: initial.recentWallets ?? [], deepLink: undefined as WalletLink | undefined }
  const store: ConnectionStore = {
    getConnectorId: async (ns) => connectorIds[ns],
    setConnectorId: async (ns, id) => {
      connectorIds[ns] = id
    },
    removeConnectorId: async (ns) => {
      delete connectorIds[ns]
      log.push(`removeConnectorId:${ns}`)
    },
    getStatus: async (ns) => statuses[ns],
    setStatus: async (ns, status) => {
      statuses[ns] = status
    },
    getRecentWallets: async () => data.recentWallets,
    setRecentWallets: async (wallets) => {
      data.recentWallets = [...wallets]
    },
    setDeepLink: async (link) => {
      data.deepLink = link
    },
    clearAddressCache: async (ns) => {
      log.push(`clearAddressCache:${ns}`)
    },
    clearLoginCache: async () => {
      log.push('clearLoginCache')
    },
  }
  return { store, connectorIds, statuses, log, data }
}
