import type { KitStorage } from '../adapter/storage.js'
import type { CaipAddress, ChainNamespace } from '../caip/caip.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import type { ChainState } from '../controllers/connection/chain-state.js'
import type { CaipNetwork } from '../networks/define.js'
import type { KitInitialState } from './initial-state.js'
import type { StateStore } from './store.js'

/**
 * A returning visitor's accounts, read at once from the kit's storage when it answers synchronously (localStorage):
 * each namespace stored as connected with its cached address, on the stored active network when it is of that
 * namespace, else the namespace's first. The kit shows them reconnecting from its first render, so the page never
 * flashes "Connect Wallet" before the restore confirms (or withdraws) them. An async store, or nothing connected,
 * gives undefined. What storage holds is not trusted: the chain controller keeps only well-formed ids of served
 * networks.
 */
export function rememberedInStorage(
  storage: KitStorage,
  networks: readonly CaipNetwork[],
): KitInitialState | undefined {
  const read = (key: string): string | undefined => {
    try {
      const value = storage.getItem(key)
      return typeof value === 'string' ? value : undefined
    } catch {
      return undefined
    }
  }
  const activeId = read(StorageKeys.activeCaipNetworkId)
  const accounts: Partial<Record<ChainNamespace, CaipAddress>> = {}
  for (const network of networks) {
    const namespace = network.chainNamespace
    const address = read(StorageKeys.addressCache(namespace))
    if (accounts[namespace] || address === undefined) continue
    if (read(StorageKeys.connectionStatus(namespace)) !== 'connected') continue
    const onActive = networks.find((n) => n.caipNetworkId === activeId && n.chainNamespace === namespace)
    accounts[namespace] = `${(onActive ?? network).caipNetworkId}:${address}`
  }
  const namespaces = Object.keys(accounts) as ChainNamespace[]
  const stored = read(StorageKeys.activeNamespace) as ChainNamespace | undefined
  const active = stored && accounts[stored] ? stored : namespaces[0]
  return active ? { activeNamespace: active, accounts } : undefined
}

/**
 * Keeps the address cache (`address_cache:<namespace>`) in step with the chain state, whatever changed the address (a
 * connection, the wallet switching accounts, a Bitcoin network move): each connected namespace's address is written
 * when it changes, and dropped when the namespace is disconnected. Returns what stops it.
 */
export function keepAddressCache(
  chain: { state: StateStore<ChainState> },
  store: {
    setAddressCache(namespace: ChainNamespace, address: string): Promise<void>
    clearAddressCache(namespace: ChainNamespace): Promise<void>
  },
): () => void {
  const written: Partial<Record<ChainNamespace, string | null>> = {}
  return chain.state.subscribe((state) => {
    for (const [key, entry] of Object.entries(state.namespaces)) {
      const namespace = key as ChainNamespace
      const { status, address } = entry?.account ?? {}
      if (status === 'connected' && address && written[namespace] !== address) {
        written[namespace] = address
        void store.setAddressCache(namespace, address)
      } else if (status === 'disconnected' && written[namespace] !== null) {
        written[namespace] = null
        void store.clearAddressCache(namespace)
      }
    }
  })
}
