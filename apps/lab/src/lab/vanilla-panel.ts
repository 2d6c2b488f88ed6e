// The lab's panel for /vanilla: the same DOM and test ids as the React panel, in plain DOM over the kit's
// subscriptions. Browser-only code.
import type { CaipNetwork } from '@latchkey/core'
import type { UiKit } from '@latchkey/ui'
import { mountAccountPanel } from './account-panel.js'
import { type EvmLabActions, errorText, type LabActionInput, movesFunds } from './actions.js'
import { el } from './dom.js'
import { type SiwxMode, watchSignIn } from './page-options.js'
import { DEFAULT_AMOUNT, DEFAULT_RECIPIENT } from './setup.js'

/** Renders the panel into `host` and keeps it in step with `kit`. */
export function mountVanillaPanel(params: {
  host: HTMLElement
  title: string
  kit: UiKit
  siwxMode: SiwxMode
  actions: EvmLabActions
  networks: readonly CaipNetwork[]
}): void {
  const { kit, actions } = params
  const status = el('dd', { 'data-testid': 'lab-status' })
  const address = el('dd', { 'data-testid': 'lab-address' })
  const chain = el('dd', { 'data-testid': 'lab-chain' })
  const to = el('input', { 'data-testid': 'lab-recipient', value: DEFAULT_RECIPIENT, spellcheck: 'false' })
  const amount = el('input', { 'data-testid': 'lab-amount', value: DEFAULT_AMOUNT, inputmode: 'decimal' })
  const result = el('output', { class: 'lab-result', 'data-testid': 'lab-result' })
  const error = el('p', { class: 'lab-error', 'data-testid': 'lab-error', role: 'alert' })
  const actionRow = el('div', { class: 'lab-actions' })
  const accountData = el('div', { class: 'lab-account-data' })
  const signIn = el('strong', { 'data-testid': 'lab-siwx', 'data-mode': params.siwxMode })
  const theme = el('button', {
    type: 'button',
    class: 'lab-button secondary small',
    'data-testid': 'lab-theme',
    onclick: () => kit.setThemeMode(kit.getThemeMode() === 'dark' ? 'light' : 'dark'),
  })
  const showTheme = () => {
    const mode = kit.getThemeMode()
    theme.setAttribute('data-theme', mode)
    theme.textContent = `Switch to the ${mode === 'dark' ? 'light' : 'dark'} theme`
  }
  let busy = false
  const buttons: { button: HTMLButtonElement; needsAccount: boolean }[] = []

  const refresh = () => {
    const account = kit.getAccount()
    const network = kit.getCaipNetwork()
    status.textContent = account.status
    address.textContent = account.address ?? '—'
    chain.textContent = network ? String(network.id) : '—'
    for (const { button, needsAccount } of buttons)
      button.disabled = busy || (needsAccount && !account.isConnected)
    actionRow.setAttribute('aria-busy', String(busy))
  }

  const run = async (action: string, task: (input: LabActionInput) => Promise<unknown>) => {
    busy = true
    result.textContent = ''
    result.removeAttribute('data-action')
    error.textContent = ''
    error.removeAttribute('data-action')
    refresh()
    try {
      const value = await task({ to: to.value, amount: amount.value })
      if (movesFunds(action)) await kit.refreshBalance()
      result.textContent = typeof value === 'string' ? value : 'done'
      result.setAttribute('data-action', action)
    } catch (caught) {
      error.textContent = errorText(caught)
      error.setAttribute('data-action', action)
    } finally {
      busy = false
      refresh()
    }
  }

  const button = (
    testId: string,
    label: string,
    kind: string,
    needsAccount: boolean,
    action: string,
    task: (input: LabActionInput) => Promise<unknown>,
  ) => {
    const node = el(
      'button',
      {
        type: 'button',
        class: `lab-button ${kind}`.trim(),
        'data-testid': testId,
        onclick: () => run(action, task),
      },
      label,
    )
    buttons.push({ button: node, needsAccount })
    actionRow.append(node)
  }
  button('lab-sign', 'Sign a message', '', true, 'sign', () => actions.sign())
  button('lab-send-native', 'Send ETH', '', true, 'send-native', (input) => actions.sendNative(input))
  button('lab-send-erc20', 'Send LUSD', '', true, 'send-erc20', (input) => actions.sendErc20(input))
  for (const network of params.networks) {
    button(
      `lab-switch-${network.id}`,
      `Switch to ${network.name}`,
      'secondary',
      false,
      `switch-${network.id}`,
      () => kit.switchNetwork(network),
    )
  }
  button('lab-disconnect', 'Disconnect', 'danger', true, 'disconnect', () => kit.disconnect())

  params.host.replaceChildren(
    el(
      'div',
      { class: 'lab-toolbar' },
      el('h1', {}, params.title),
      el(
        'div',
        { class: 'lab-kit-buttons' },
        document.createElement('latchkey-network-button'),
        document.createElement('latchkey-button'),
      ),
    ),
    el(
      'div',
      { class: 'lab-options' },
      el('span', { class: 'lab-muted' }, `Sign-in (${params.siwxMode}): `, signIn),
      theme,
    ),
    el(
      'dl',
      { class: 'lab-state' },
      el('dt', {}, 'Status'),
      status,
      el('dt', {}, 'Address'),
      address,
      el('dt', {}, 'Chain'),
      chain,
    ),
    el('div', { class: 'lab-fields' }, el('label', {}, 'Recipient', to), el('label', {}, 'Amount', amount)),
    actionRow,
    result,
    error,
    accountData,
  )
  mountAccountPanel(accountData, kit)
  kit.subscribeAccount(refresh)
  kit.subscribeNetwork(refresh)
  kit.subscribeTheme(showTheme)
  watchSignIn(kit, (status) => {
    signIn.textContent = status
  })
  showTheme()
  refresh()
}
