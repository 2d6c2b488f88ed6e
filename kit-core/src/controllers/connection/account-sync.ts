import type { ChainAdapter } from '../../adapter/adapter.js'
import type { ChainNamespace } from '../../caip/caip.js'
import type { StateStore } from '../../kit/store.js'
import { isUnsupportedNetwork } from '../../networks/define.js'
import { formatBalance } from '../../services/balance.js'
import { isNamespaceSupported } from '../../services/supported-namespaces.js'
import type { BlockchainApi, DisplayBalance } from '../../services/types.js'
import type { ChainState, NamespaceAccount } from './chain-state.js'

export interface AccountSyncDeps {
  /** The chain controller's state: the account and network of each namespace are read from it. */
  state: StateStore<ChainState>
  /** The adapter of a namespace. @throws when there is none. */
  getAdapter(namespace: ChainNamespace): ChainAdapter
  /** The Blockchain API, when configured: balances and identity. */
  blockchainApi?: BlockchainApi
  /** Reports background failures; they never throw out of a sync. */
  logError?(error: unknown): void
  patchAccount(namespace: ChainNamespace, changes: Partial<NamespaceAccount>): void
}

function toAccountBalance(display: DisplayBalance): Pick<NamespaceAccount, 'balance' | 'balanceSymbol'> {
  return { balance: display.balance, balanceSymbol: display.symbol }
}

/**
 * Reads what an account shows besides its address (SPEC §4.17: account-change events resync address, balance and
 * identity): its balance, from the Blockchain API where it serves the namespace and network, else from the chain
 * through the adapter; and its name and avatar. An answer for an address the namespace no longer shows is dropped.
 */
export function createAccountSync(deps: AccountSyncDeps) {
  const ns = (namespace: ChainNamespace) => deps.state.get().namespaces[namespace]

  /**
   * Reads the balance: the Blockchain API when it serves balances of the namespace and the network (past its
   * 30 s cache when `force`), else the adapter. Never throws.
   */
  async function syncBalance(namespace: ChainNamespace, options: { force?: boolean } = {}): Promise<void> {
    const entry = ns(namespace)
    const address = entry?.account.address
    const network = entry?.caipNetwork
    if (!entry || !address || !network || isUnsupportedNetwork(network)) return
    if (network.testnet) {
      // Testnets show '0.00' (SPEC §9): nothing to ask.
      deps.patchAccount(namespace, { ...toAccountBalance(formatBalance(network, undefined)) })
      return
    }
    const fromChain = async () =>
      formatBalance(network, (await deps.getAdapter(namespace).getBalance({ address, network })).formatted)
    try {
      const api = deps.blockchainApi
      let display: DisplayBalance
      // The Blockchain API serves balances for some namespaces only (SPEC §9); others read the chain.
      if (
        api &&
        isNamespaceSupported('balance', namespace) &&
        (await api.isNetworkSupported(network.caipNetworkId))
      ) {
        try {
          display = formatBalance(
            network,
            await api.getBalance({
              address,
              caipNetworkId: network.caipNetworkId,
              ...(options.force ? { forceUpdate: true } : {}),
            }),
          )
        } catch (error) {
          // The service failed (or failed within the last 30 s): the chain still knows the balance, and an old
          // figure is never left on screen.
          deps.logError?.(error)
          display = await fromChain()
        }
      } else {
        display = await fromChain()
      }
      // An answer for another address or network than the one shown now (a switch while it was read) is dropped.
      const now = ns(namespace)
      if (now?.account.address === address && now.caipNetwork?.caipNetworkId === network.caipNetworkId) {
        deps.patchAccount(namespace, toAccountBalance(display))
      }
    } catch (error) {
      deps.logError?.(error)
    }
  }

  /**
   * Reads the account's name and avatar from the identity endpoint, the name from the reverse lookup when identity
   * has none (eip155 only; SPEC §9's 5-minute caches are the client's). Never throws.
   */
  async function syncIdentity(namespace: ChainNamespace): Promise<void> {
    const entry = ns(namespace)
    const address = entry?.account.address
    const network = entry?.caipNetwork
    if (!deps.blockchainApi || namespace !== 'eip155' || !address || !network) return
    try {
      const api = deps.blockchainApi
      const caipNetworkId = network.caipNetworkId
      const identity = await api.getIdentity({ address, caipNetworkId })
      // No name from identity: the first name the reverse lookup knows for the address (both cached 5 min).
      const name = identity?.name ?? (await api.reverseLookup({ address, caipNetworkId }))[0]?.name ?? null
      if (ns(namespace)?.account.address === address) {
        deps.patchAccount(namespace, { profileName: name, profileImage: identity?.avatar ?? null })
      }
    } catch (error) {
      deps.logError?.(error)
    }
  }

  /** Balance and identity, side by side. */
  async function resync(namespace: ChainNamespace): Promise<void> {
    await Promise.all([syncBalance(namespace), syncIdentity(namespace)])
  }

  return { syncBalance, syncIdentity, resync }
}
