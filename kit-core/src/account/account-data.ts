import type { ChainAdapter } from '../adapter/adapter.js'
import type { ChainNamespace } from '../caip/caip.js'
import type { ResolvedOptions } from '../controllers/config/options/options.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import { isUnsupportedNetwork } from '../networks/define.js'
import { isNamespaceSupported } from '../services/supported-namespaces.js'
import type { BlockchainApi } from '../services/types.js'
import { activeAccountOf } from './active-account.js'
import { createBalancesController } from './balances-controller.js'
import { type ChainMark, type ChainReads, createChainReads } from './chain-reads.js'
import { createTransactionsController } from './transactions-controller.js'
import type { AccountData } from './types.js'

/** How often the active chain is asked for new blocks (SPEC §9's polling interval), ms. */
export const CHAIN_POLL_MS = 4_000
/** How many chain-watch ticks read the activity again after the account moved (an indexer lags the chain). */
const ACTIVITY_REREADS = 2

export interface AccountDataDeps {
  chain: ChainController
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  blockchainApi: BlockchainApi | undefined
  options: Pick<ResolvedOptions, 'tokens' | 'customRpcUrls'>
  /** Shows a toast. */
  showError(message: string): void
  logError(error: unknown): void
  /** The page's document: the chain is watched only in a page (never on a server), and not while it is hidden. */
  document?: { readonly hidden?: boolean }
  /** Tests: the chain reads, the polling interval and the clock. */
  chainReads?: ChainReads
  pollMs?: number
  now?: () => number
}

/**
 * The active account's balances and activity, kept current: read again when the account or network changes, when
 * the account's balance changed (the kit's own sends and `refreshBalance`), and when the active chain shows the
 * account's nonce or native balance moved (a transaction the kit did not send: another tab, the wallet itself),
 * checked at most every {@link CHAIN_POLL_MS}; other new blocks read the balances within their 30 s caches.
 */
export function createAccountData(deps: AccountDataDeps): AccountData & { dispose(): void } {
  const { chain } = deps
  const chainReads =
    deps.chainReads ??
    createChainReads({
      // The host's custom RPC URL first (SPEC §1 customRpcUrls), then the network's own, as networks/helpers.ts
      // orders them (not imported: this chunk would split it out of the page's first chunk).
      rpcUrl: (network) =>
        deps.options.customRpcUrls[network.caipNetworkId]?.[0]?.url ?? network.rpcUrls.default.http[0],
    })
  const balances = createBalancesController({
    chain,
    getAdapter: deps.getAdapter,
    blockchainApi: deps.blockchainApi,
    chainReads,
    tokens: deps.options.tokens,
    showError: deps.showError,
    logError: deps.logError,
    now: deps.now,
  })
  const transactions = createTransactionsController({
    chain,
    blockchainApi: deps.blockchainApi,
    showError: deps.showError,
    logError: deps.logError,
  })

  const activeAccount = () => activeAccountOf(chain.state.get())
  const keyOf = () => {
    const active = activeAccount()
    return active?.caipAddress ?? ''
  }

  const watched = deps.document !== undefined
  let key = keyOf()
  let shownBalance = activeAccount()?.account.balance
  const stop = chain.state.subscribe(() => {
    const next = keyOf()
    const balance = activeAccount()?.account.balance
    if (next !== key) {
      key = next
      shownBalance = balance
      mark = undefined
      // A list of another account goes (one a view already asked for this account stays).
      if (transactions.state.get().caipAddress !== activeAccount()?.caipAddress) transactions.reset()
      void balances.refresh()
      // The chain's state for the new account is taken now, so a transaction sent right after is seen as one.
      if (watched) void tick()
      return
    }
    if (balance !== undefined && balance !== shownBalance) {
      // The account's balance was read again and moved: its tokens and activity did too.
      const first = shownBalance === undefined
      shownBalance = balance
      if (!first) {
        void balances.refresh()
        void transactions.refresh()
        activityAgain = ACTIVITY_REREADS
      }
    }
  })
  void balances.refresh()

  // The chain watch: the head, and the account's nonce and balance when the head moved.
  let mark: (ChainMark & { key: string }) | undefined
  let busy = false
  let activityAgain = 0
  const tick = async () => {
    const active = activeAccount()
    if (busy || !active || deps.document?.hidden) return
    const { namespace, network, address } = active
    if (!isNamespaceSupported('balance', namespace) || network.testnet || isUnsupportedNetwork(network))
      return
    busy = true
    try {
      const seen = await chainReads.mark(network, address)
      const now = keyOf()
      if (now !== `${active.account.caipAddress}`) return
      const before = mark
      mark = { ...seen, key: now }
      if (activityAgain > 0) {
        // An indexer follows the chain a moment later: the activity is read again on the ticks after a change.
        activityAgain--
        void transactions.refresh()
      }
      if (!before || before.key !== now || before.head === seen.head) return
      if (before.account !== seen.account) {
        activityAgain = ACTIVITY_REREADS
        await chain.syncBalance(namespace, { force: true })
        await balances.refresh({ force: true })
        void transactions.refresh()
      } else {
        await balances.refresh()
      }
    } catch (error) {
      deps.logError(error)
    } finally {
      busy = false
    }
  }
  const timer = watched ? setInterval(() => void tick(), deps.pollMs ?? CHAIN_POLL_MS) : undefined
  if (watched) void tick()

  return {
    balances,
    transactions,
    dispose() {
      clearInterval(timer)
      stop()
    },
  }
}
