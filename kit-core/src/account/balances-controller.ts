import type { ChainAdapter } from '../adapter/adapter.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { KitToken } from '../controllers/config/options/options.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import { tokenBalanceUnavailable } from '../errors/messages-account.js'
import { createStore } from '../kit/store.js'
import { type CaipNetwork, isUnsupportedNetwork } from '../networks/define.js'
import { ServiceDefaults } from '../services/constants.js'
import { isNamespaceSupported } from '../services/supported-namespaces.js'
import type { BlockchainApi, TokenBalance } from '../services/types.js'
import { activeAccountOf } from './active-account.js'
import { type ChainReads, nativeFromAdapter } from './chain-reads.js'
import type { BalancesController, BalancesState } from './types.js'

export interface BalancesDeps {
  chain: Pick<ChainController, 'state'>
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  blockchainApi?: BlockchainApi
  chainReads: ChainReads
  /** The host's `tokens` option (SPEC §1), by CAIP-2 network id. */
  tokens: Readonly<Record<string, KitToken>>
  /** Shows a toast ('Token Balance Unavailable'). */
  showError(message: string): void
  logError(error: unknown): void
  now?: () => number
}

const EMPTY: BalancesState = Object.freeze({ tokens: Object.freeze([]), loading: false, unavailable: false })

const value = (token: TokenBalance) => token.value ?? 0

/** Native first, then by fiat value, then by symbol. */
function ordered(tokens: readonly TokenBalance[]): readonly TokenBalance[] {
  return Object.freeze(
    [...tokens].sort(
      (a, b) =>
        Number(a.address !== undefined) - Number(b.address !== undefined) ||
        value(b) - value(a) ||
        a.symbol.localeCompare(b.symbol),
    ),
  )
}

function totalOf(tokens: readonly TokenBalance[]): number | undefined {
  const valued = tokens.filter((token) => typeof token.value === 'number' && Number.isFinite(token.value))
  return valued.length > 0 ? valued.reduce((sum, token) => sum + value(token), 0) : undefined
}

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

/**
 * The token balances of the active account (SPEC §3 tokenBalance, §5, §9): from the Blockchain API where it serves
 * the namespace and network (its 30 s portfolio cache; the host's token added from the chain when the API does not
 * list it), else straight from the chain (the native balance through the adapter, the host's token by RPC).
 * '0.00' and no tokens on testnets. A failed fetch or an unsupported network empties the list, marks it
 * unavailable and shows 'Token Balance Unavailable'; no fetch is made within 30 s of a failure (SPEC §9).
 */
export function createBalancesController(deps: BalancesDeps): BalancesController {
  const now = deps.now ?? (() => Date.now())
  const state = createStore<BalancesState>(EMPTY)
  let failedAt: { caipAddress: string; at: number } | undefined
  let run = 0

  const active = () => activeAccountOf(deps.chain.state.get())

  async function read(
    namespace: ChainNamespace,
    network: CaipNetwork,
    address: string,
    force: boolean,
  ): Promise<readonly TokenBalance[]> {
    const api = deps.blockchainApi
    const adapter = deps.getAdapter(namespace)
    const hostToken = deps.tokens[network.caipNetworkId]
    const readHostToken = (token: KitToken) =>
      adapter
        ? deps.chainReads.hostToken(network, address, token, (value, decimals) =>
            adapter.formatUnits(value, decimals),
          )
        : undefined
    if (api && (await api.isNetworkSupported(network.caipNetworkId))) {
      const listed = await api.getBalance({
        address,
        caipNetworkId: network.caipNetworkId,
        ...(force ? { forceUpdate: true } : {}),
      })
      const own = listed.filter((token) => token.chainId === network.caipNetworkId)
      if (!hostToken) return own
      const key = `${network.caipNetworkId}:${hostToken.address}`
      if (own.some((token) => sameAddress(token.address, key))) return own
      const read = await readHostToken(hostToken)
      return read ? [...own, read] : own
    }
    if (!adapter) return []
    const [native, host] = await Promise.all([
      nativeFromAdapter(adapter, network, address),
      hostToken ? readHostToken(hostToken) : undefined,
    ])
    return host ? [native, host] : [native]
  }

  async function refresh(options: { force?: boolean } = {}): Promise<void> {
    const target = active()
    const mine = ++run
    if (!target) {
      state.set(EMPTY)
      return
    }
    const { namespace, network, address, caipAddress } = target
    const kept = state.get().caipAddress === caipAddress ? state.get() : { ...EMPTY, caipAddress }
    if (!isNamespaceSupported('balance', namespace) || network.testnet) {
      state.set({ ...EMPTY, caipAddress })
      return
    }
    if (isUnsupportedNetwork(network)) {
      state.set({ ...EMPTY, caipAddress, unavailable: true })
      deps.showError(tokenBalanceUnavailable)
      return
    }
    // The retry guard (SPEC §9): within 30 s of a failure for this account, nothing is asked and nothing shown again.
    if (failedAt?.caipAddress === caipAddress && now() - failedAt.at < ServiceDefaults.balanceRetryGuardMs) {
      state.set({ ...EMPTY, caipAddress, unavailable: true })
      return
    }
    state.set({ ...kept, loading: true })
    try {
      const tokens = ordered(
        (await read(namespace, network, address, options.force === true)).filter(
          (token) => Number(token.quantity.decimals) !== 0,
        ),
      )
      if (mine !== run) return
      failedAt = undefined
      state.set({ caipAddress, tokens, totalValue: totalOf(tokens), loading: false, unavailable: false })
    } catch (error) {
      if (mine !== run) return
      failedAt = { caipAddress, at: now() }
      deps.logError(error)
      state.set({ ...EMPTY, caipAddress, unavailable: true })
      deps.showError(tokenBalanceUnavailable)
    }
  }

  return { state, refresh }
}
