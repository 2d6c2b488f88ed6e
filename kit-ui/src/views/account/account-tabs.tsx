import type { ChainNamespace } from '@latchkey/core'
import type { FunctionComponent } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStore } from '../../components/use-store.js'
import type { MessageKey } from '../../i18n/messages-en.js'
import type { UiKit } from '../../kit/types.js'
import { type AccountTab, accountTabs } from './account-sections.js'

type Panel = FunctionComponent<{ kit: UiKit }>

/**
 * Each tab's panel is a chunk of its own (SPEC §2.20), requested the first time the panel renders: Tokens when the
 * Account view shows (its default tab), Activity only once its tab is opened.
 */
const PANELS: Readonly<Record<AccountTab, () => Promise<Panel>>> = {
  tokens: () => import('./tokens-view.js').then((module) => module.TokensView),
  activity: () => import('./activity-view.js').then((module) => module.ActivityView),
}

/** The panels loaded on this page: a panel shown again renders at once. */
const loaded: Partial<Record<AccountTab, Panel>> = {}

/**
 * Loads the Tokens panel's chunk ahead, for an account whose namespace has balances (SPEC §9): the Account view then
 * shows the list in its first frame. Activity's chunk is never loaded before its tab opens. A failure is left for
 * the panel to show when it renders.
 */
export function prefetchTokensPanel(namespace: ChainNamespace | undefined): void {
  if (loaded.tokens || !accountTabs(namespace, false).includes('tokens')) return
  PANELS.tokens().then(
    (panel) => {
      loaded.tokens = panel
    },
    () => undefined,
  )
}

const LABELS: Readonly<Record<AccountTab, MessageKey>> = { tokens: 'tokensTab', activity: 'activityTab' }

/** The tab each kit showed last: going to Receive and back keeps it. */
const chosen = new WeakMap<UiKit, AccountTab>()

/**
 * The Account view's tabs (the WAI-ARIA tabs pattern: arrows, Home and End move and select), Tokens where balances
 * are served, Activity where activity is and the feature is on; nothing on other namespaces.
 */
export function AccountTabs({ kit, namespace }: { kit: UiKit; namespace: ChainNamespace | undefined }) {
  useStore(kit.controllers.features.state)
  const tabs = accountTabs(namespace, kit.controllers.features.isEnabled('activity'))
  const [selected, setSelected] = useState<AccountTab>(() => chosen.get(kit) ?? 'tokens')
  const first = tabs[0]
  if (!first) return null
  const active = tabs.includes(selected) ? selected : first
  const { t } = kit

  const select = (tab: AccountTab) => {
    chosen.set(kit, tab)
    setSelected(tab)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(active)
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }
    let next: number
    if (event.key in steps) next = (at + (steps[event.key] ?? 0) + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    else return
    event.preventDefault()
    const tab = tabs[next]
    if (!tab) return
    select(tab)
    const list = event.currentTarget as HTMLElement
    list.querySelector<HTMLElement>(`[data-testid="account-tab-${tab}"]`)?.focus()
  }

  return (
    <div class="account-tabs">
      <div class="tabs" role="tablist" aria-label={t('accountTabs')} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            class="tab"
            id={`lk-tab-${tab}`}
            aria-selected={tab === active ? 'true' : 'false'}
            aria-controls={`lk-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            data-testid={`account-tab-${tab}`}
            onClick={() => select(tab)}
          >
            {t(LABELS[tab])}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          class="tab-panel"
          role="tabpanel"
          id={`lk-panel-${tab}`}
          aria-labelledby={`lk-tab-${tab}`}
          hidden={tab !== active}
          data-testid={`account-panel-${tab}`}
        >
          {tab === active ? <LazyPanel kit={kit} tab={tab} /> : null}
        </div>
      ))}
    </div>
  )
}

/** A tab's panel once its chunk has loaded; a chunk that fails to load shows its error in the snackbar. */
function LazyPanel({ kit, tab }: { kit: UiKit; tab: AccountTab }) {
  const [View, setView] = useState<{ tab: AccountTab; panel: Panel } | undefined>(() => {
    const panel = loaded[tab]
    return panel ? { tab, panel } : undefined
  })
  const ready = View?.tab === tab ? View.panel : loaded[tab]
  useEffect(() => {
    if (ready) return
    let live = true
    PANELS[tab]()
      .then((panel) => {
        loaded[tab] = panel
        if (live) setView({ tab, panel })
      })
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
    return () => {
      live = false
    }
  }, [tab, ready])
  if (ready) {
    const Ready = ready
    return <Ready kit={kit} />
  }
  return (
    <div class="more" data-testid={`account-${tab}-chunk-loading`}>
      <span class="spinner large" role="status" aria-label={kit.t('loading')} />
    </div>
  )
}
