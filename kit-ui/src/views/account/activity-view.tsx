import type { TransactionsController, TransactionsState } from '@latchkey/core'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useStore } from '../../components/use-store.js'
import type { UiKit } from '../../kit/types.js'
import { useMonths } from './activity-months.js'
import { MonthGroup } from './activity-rows.js'
import { useAccountData } from './use-account-data.js'

/** How close (px) the list's end comes to the view before the next page is asked for. */
const NEAR_END_PX = 240
/** How often the rows' relative times are brought up to date. */
const CLOCK_MS = 30_000

/**
 * The Activity panel (a chunk of its own, loaded when the Activity tab first opens): the active account's
 * transactions by month, newest first, read page by page as the list's end scrolls near.
 */
export function ActivityView({ kit }: { kit: UiKit }) {
  const { data, failed, retry } = useAccountData(kit)
  if (failed) return <Failed kit={kit} onRetry={retry} />
  if (!data) return <Loading kit={kit} />
  return <ActivityList kit={kit} transactions={data.transactions} />
}

function ActivityList({ kit, transactions }: { kit: UiKit; transactions: TransactionsController }) {
  const state = useStore(transactions.state)
  const chain = useStore(kit.controllers.chain.state)
  const namespace = chain.activeNamespace
  const account = namespace ? chain.namespaces[namespace]?.account : undefined
  const address = account?.address
  // The account (network included) core's activity is of, read from the namespace's entry as core reads it: the
  // list shows only its items.
  const caipAddress = account?.caipAddress
  const mine = caipAddress !== undefined && state.caipAddress === caipAddress
  const scroller = useRef<HTMLDivElement>(null)
  /** The state a fetch was asked at: the same state never asks twice (core marks its fetch in a new state). */
  const asked = useRef<TransactionsState>()
  const mounted = useRef(false)
  const [now, setNow] = useState(() => Date.now())
  const months = useMonths(mine ? state.transactionsByYear : {})

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS)
    return () => clearInterval(timer)
  }, [])

  const ask = () => {
    if (!address) return
    asked.current = transactions.state.get()
    transactions
      .fetchTransactions(address)
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
  }

  // The first page: when the panel opens and holds no items of this account, when the account or network changed,
  // and after a reset. A finished fetch (items, empty or failed) is not asked again here: Try again does that.
  const needsFirstPage = (current: TransactionsState, opening: boolean): boolean => {
    if (current.loading || asked.current === current) return false
    if (current.caipAddress !== caipAddress) return true
    if (current.transactions.length > 0) return false
    return opening || (!current.empty && !current.failed)
  }

  // The next page is asked for as the end of the list comes within NEAR_END_PX: from the scroll event, and after each
  // render (a short first page leaves the end in view). The DOM measured must be the list now in state, and a state
  // already asked at never asks again (a second scroll event before core marks its fetch).
  const nearEnd = () => {
    const root = scroller.current
    const current = transactions.state.get()
    if (!root || !address || !current.next || current.loading || current.failed) return
    if (current.caipAddress !== caipAddress || asked.current === current) return
    if (current.transactions !== state.transactions) return
    if (root.scrollTop + root.clientHeight >= root.scrollHeight - NEAR_END_PX) ask()
  }

  useEffect(() => {
    const opening = !mounted.current
    mounted.current = true
    if (!address) return
    if (needsFirstPage(transactions.state.get(), opening)) ask()
    else nearEnd()
  })

  const { t } = kit
  if (mine && state.failed) return <Failed kit={kit} onRetry={ask} />
  if (mine && state.empty && state.transactions.length === 0)
    return (
      <p class="panel-note" data-testid="activity-empty">
        {t('noActivity')}
      </p>
    )
  if (!mine || state.transactions.length === 0) return <Loading kit={kit} />
  return (
    <div
      class="activity-scroll"
      ref={scroller}
      data-testid="activity-list"
      data-count={state.transactions.length}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: its rows hold nothing focusable; the keyboard scrolls it
      tabIndex={0}
      onScroll={nearEnd}
    >
      <ul class="activity-months">
        {months.map((month) => (
          <MonthGroup key={month.key} t={t} month={month} now={now} />
        ))}
      </ul>
      {state.loading ? (
        <div class="more" data-testid="activity-more">
          <span class="spinner" role="status" aria-label={t('loading')} />
        </div>
      ) : null}
    </div>
  )
}

function Loading({ kit }: { kit: UiKit }) {
  return (
    <div class="more" data-testid="activity-loading">
      <span class="spinner large" role="status" aria-label={kit.t('loading')} />
    </div>
  )
}

function Failed({ kit, onRetry }: { kit: UiKit; onRetry: () => void }) {
  return (
    <div class="failure" role="alert" data-testid="activity-error">
      <span>{kit.t('activityFailed')}</span>
      <button type="button" data-testid="activity-retry" onClick={onRetry}>
        {kit.t('tryAgain')}
      </button>
    </div>
  )
}
