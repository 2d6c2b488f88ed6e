// The lab's view of the account's data, the same on every page: the token balances and (eip155) the activity the
// kit keeps for the active account (`kit.controllers.account`), in plain DOM. Token names and symbols come from
// services and contracts: text nodes only. Browser-only code.
import type { AccountData, TokenBalance, Transaction } from '@latchkey/core'
import type { UiKit } from '@latchkey/ui'
import { el } from './dom.js'

function tokenRow(token: TokenBalance) {
  const value = typeof token.value === 'number' ? ` ($${token.value.toFixed(2)})` : ''
  return el(
    'li',
    {
      'data-testid': 'lab-token',
      'data-symbol': token.symbol,
      'data-chain-id': token.chainId,
      'data-amount': token.quantity.numeric,
    },
    `${token.symbol} ${token.quantity.numeric}${value}`,
  )
}

function activityRow(item: Transaction) {
  const transfer = item.transfers[0]
  const what = transfer
    ? ` ${transfer.quantity.numeric} ${transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ''}`
    : ''
  return el(
    'li',
    { 'data-testid': 'lab-activity-item', 'data-hash': item.metadata.hash ?? item.id },
    `${item.metadata.operationType}${what} · ${item.metadata.minedAt}`,
  )
}

/** Mounts the panel into `host`; returns the function that stops it. */
export function mountAccountPanel(host: HTMLElement, kit: UiKit): () => void {
  const tokens = el('ul', { class: 'lab-list', 'data-testid': 'lab-tokens' })
  const total = el('span', { 'data-testid': 'lab-total' })
  const activity = el('ul', { class: 'lab-list', 'data-testid': 'lab-activity' })
  const more = el(
    'button',
    { type: 'button', class: 'lab-button secondary small', 'data-testid': 'lab-activity-more' },
    'Load more',
  )
  const activityState = el('span', { class: 'lab-muted', 'data-testid': 'lab-activity-state' })
  const activitySection = el('section', {}, el('h2', {}, 'Activity ', activityState), activity, more)
  host.replaceChildren(el('section', {}, el('h2', {}, 'Tokens ', total), tokens), activitySection)

  let data: AccountData | undefined
  const stops: (() => void)[] = []
  let stopped = false
  const address = () => kit.getAccount().address

  const drawBalances = () => {
    const state = data?.balances.state.get()
    const mine = state?.caipAddress !== undefined && state.caipAddress === kit.getAccount().caipAddress
    tokens.replaceChildren(...(mine ? state.tokens.map(tokenRow) : []))
    tokens.setAttribute(
      'data-state',
      !mine ? 'none' : state.unavailable ? 'unavailable' : state.loading ? 'loading' : 'ready',
    )
    total.textContent = mine && state.totalValue !== undefined ? `$${state.totalValue.toFixed(2)}` : ''
  }
  const drawActivity = () => {
    const state = data?.transactions.state.get()
    const eip155 = kit.getCaipNetwork()?.chainNamespace === 'eip155'
    activitySection.hidden = !eip155
    const mine = state?.caipAddress !== undefined && state.caipAddress === kit.getAccount().caipAddress
    activity.replaceChildren(...(mine ? state.transactions.map(activityRow) : []))
    activityState.textContent = !mine
      ? ''
      : state.failed
        ? 'failed'
        : state.loading
          ? 'loading'
          : state.empty
            ? 'empty'
            : 'ready'
    more.disabled = !mine || state.loading || state.next === undefined
  }
  // The first page of the active account's activity, whenever the account or network changes (eip155 only).
  let shown: string | undefined
  const follow = () => {
    const account = kit.getAccount()
    const key = account.isConnected ? account.caipAddress : undefined
    if (key === shown) return
    shown = key
    const who = address()
    if (data && who && kit.getCaipNetwork()?.chainNamespace === 'eip155') {
      data.transactions.fetchTransactions(who).catch(() => undefined)
    }
    drawBalances()
    drawActivity()
  }
  more.addEventListener('click', () => {
    const who = address()
    if (data && who) data.transactions.fetchTransactions(who).catch(() => undefined)
  })
  stops.push(kit.subscribeAccount(follow), kit.subscribeNetwork(follow))

  const start = () => {
    kit.controllers.account.load().then(
      (loaded) => {
        if (stopped) return
        data = loaded
        stops.push(
          loaded.balances.state.subscribe(drawBalances),
          loaded.transactions.state.subscribe(drawActivity),
        )
        shown = undefined
        follow()
      },
      () => undefined,
    )
  }
  // The account data loads with the kit's late controllers (after the first paint).
  kit.ready.then(start, () => undefined)
  drawBalances()
  drawActivity()
  return () => {
    stopped = true
    for (const stop of stops.splice(0)) stop()
  }
}
