// The test wallets' settings panel, shared by every page (plain DOM, so /vanilla stays free of React): each
// wallet's state, the approval policy (approve / reject / hold, with the held requests of every wallet to
// approve or reject), how many EVM wallets are announced (takes effect on reload), and each wallet switching
// itself to another network (the EVM wallet also to an unknown chain). Browser-only code.
import type { ApprovalPolicy, TestWallet } from '@latchkey/evm-wallet'
import { el } from './dom.js'
import type { HeldRequest, PanelWallet } from './panel-wallets.js'
import { MAX_WALLETS, readWalletSettings, UNKNOWN_CHAIN_ID, updateWalletSettings } from './wallet-settings.js'

const POLICIES: { value: ApprovalPolicy; label: string; hint: string }[] = [
  { value: 'approve', label: 'Approve', hint: 'answers every prompt at once' },
  { value: 'reject', label: 'Reject', hint: 'declines every prompt (4001)' },
  { value: 'hold', label: 'Hold', hint: 'keeps prompts until you decide below' },
]

/** How often the held-requests list is refreshed (the wallet has no event for a new prompt). */
const PENDING_REFRESH_MS = 200

/**
 * Mounts the panel into `host` for the page's wallets, the chain ids the page knows (for "switch to the
 * other chain") and `storage` (the page's localStorage). Returns a function that stops its refresh timer.
 */
export function mountSettingsPanel(params: {
  host: HTMLElement
  wallets: readonly TestWallet[]
  chainIds: readonly number[]
  storage: Storage
  reload: () => void
  /** Whether the page connects EVM wallets: without, the EVM wallet's state and controls are left out. */
  evm: boolean
  /** The page's other test wallets (Solana, Bitcoin, multi-chain). */
  chainWallets?: readonly PanelWallet[]
}): () => void {
  const { host, wallets, storage } = params
  const chainWallets = params.chainWallets ?? []
  const settings = readWalletSettings(storage)
  const first = wallets[0]

  const policyGroup = el(
    'fieldset',
    { class: 'lab-segmented', 'data-testid': 'lab-policy' },
    el('legend', {}, 'When the site asks'),
    ...POLICIES.map((policy) =>
      el(
        'label',
        { title: policy.hint },
        el('input', {
          type: 'radio',
          name: 'lab-policy',
          value: policy.value,
          'data-testid': `lab-policy-${policy.value}`,
          checked: settings.policy === policy.value,
          onchange: () => {
            updateWalletSettings(storage, (s) => {
              s.policy = policy.value
            })
            for (const wallet of [...wallets, ...chainWallets]) wallet.setPolicy(policy.value)
          },
        }),
        el('span', {}, policy.label),
      ),
    ),
  )

  const countGroup = el(
    'fieldset',
    { class: 'lab-segmented', 'data-testid': 'lab-wallet-count' },
    el('legend', {}, 'Wallets announced'),
    ...Array.from({ length: MAX_WALLETS }, (_, i) =>
      el(
        'label',
        {},
        el('input', {
          type: 'radio',
          name: 'lab-wallets',
          value: String(i + 1),
          'data-testid': `lab-wallets-${i + 1}`,
          checked: settings.count === i + 1,
          onchange: () => {
            updateWalletSettings(storage, (s) => {
              s.count = i + 1
            })
            params.reload() // announcements happen at load, as a browser extension's do
          },
        }),
        el('span', {}, String(i + 1)),
      ),
    ),
  )

  const walletState = el('p', { class: 'lab-wallet-state', 'data-testid': 'lab-wallet-state' })
  const chainStates = chainWallets.map((_, i) =>
    el('p', { class: 'lab-wallet-state', 'data-testid': `lab-chain-wallet-state-${i}` }),
  )
  const renderWalletState = () => {
    walletState.textContent = first
      ? `${first.connected ? 'Connected' : 'Not connected'} · chain ${first.chainId} · ${first.address}`
      : 'No wallet injected (a production build)'
    chainWallets.forEach((wallet, i) => {
      const line = chainStates[i]
      if (line) line.textContent = `${wallet.name}: ${wallet.describe()}`
    })
  }

  const switchTo = (chainId: number) => {
    for (const wallet of wallets) {
      if (!wallet.chains.some((chain) => chain.chainId === chainId)) {
        const current = wallet.chains.find((chain) => chain.chainId === wallet.chainId)
        // The unknown chain reads from a local node; the point is only that no page configures its id.
        if (current) wallet.addChain({ chainId, rpcUrl: current.rpcUrl, name: 'Unknown chain' })
      }
      wallet.switchChain(chainId)
    }
    renderWalletState()
  }
  const evmSwitches = [
    el(
      'button',
      {
        type: 'button',
        class: 'lab-button secondary',
        'data-testid': 'lab-wallet-switch-other',
        onclick: () => {
          const other = params.chainIds.find((id) => id !== first?.chainId)
          if (other !== undefined) switchTo(other)
        },
      },
      'Wallet: switch to the other chain',
    ),
    el(
      'button',
      {
        type: 'button',
        class: 'lab-button secondary',
        'data-testid': 'lab-wallet-switch-unknown',
        onclick: () => switchTo(UNKNOWN_CHAIN_ID),
      },
      `Wallet: switch to an unknown chain (${UNKNOWN_CHAIN_ID})`,
    ),
  ]
  const chainSwitches = chainWallets.flatMap((wallet, i) => {
    const change = wallet.switchNetwork
    if (!change) return []
    return [
      el(
        'button',
        {
          type: 'button',
          class: 'lab-button secondary',
          'data-testid': `lab-chain-wallet-switch-${i}`,
          onclick: () => {
            change.run()
            renderWalletState()
          },
        },
        change.label,
      ),
    ]
  })
  const switches = el('div', { class: 'lab-row' }, ...(params.evm ? evmSwitches : []), ...chainSwitches)

  const pendingList = el('ul', { class: 'lab-pending', 'data-testid': 'lab-pending' })
  let shown = ''
  const renderPending = () => {
    const held: (HeldRequest & { from: string })[] = [
      ...wallets.flatMap((wallet) =>
        wallet.pending().map((request) => ({
          key: `${wallet.info.rdns}:${request.id}`,
          method: request.method,
          from: wallet.info.name,
          approve: () => wallet.approve(request.id),
          reject: () => wallet.reject(request.id),
        })),
      ),
      ...chainWallets.flatMap((wallet) =>
        wallet.held().map((request) => ({ ...request, from: wallet.name })),
      ),
    ]
    const key = held.map((request) => request.key).join(',')
    renderWalletState()
    if (key === shown) return
    shown = key
    const named = wallets.length + chainWallets.length > 1
    pendingList.replaceChildren(
      ...(held.length === 0
        ? [el('li', { class: 'lab-muted' }, 'No request is waiting.')]
        : held.map((request, i) =>
            el(
              'li',
              { 'data-testid': `lab-pending-${i}` },
              el('code', {}, request.method),
              el('span', { class: 'lab-muted' }, named ? request.from : ''),
              el(
                'button',
                {
                  type: 'button',
                  class: 'lab-button small',
                  'data-testid': `lab-approve-${i}`,
                  onclick: () => settle(request.approve),
                },
                'Approve',
              ),
              el(
                'button',
                {
                  type: 'button',
                  class: 'lab-button small danger',
                  'data-testid': `lab-reject-${i}`,
                  onclick: () => settle(request.reject),
                },
                'Reject',
              ),
            ),
          )),
    )
  }
  /** Answers a held request and redraws at once, so a settled request never stays on screen to be clicked again. */
  const settle = (answer: () => void) => {
    answer()
    renderPending()
  }
  renderPending()
  const timer = setInterval(renderPending, PENDING_REFRESH_MS)

  host.replaceChildren(
    el('h2', {}, params.evm && chainWallets.length === 0 ? 'Test wallet' : 'Test wallets'),
    ...(params.evm ? [walletState] : []),
    ...chainStates,
    policyGroup,
    el('h3', {}, 'Held requests'),
    pendingList,
    ...(params.evm ? [countGroup] : []),
    el('h3', {}, 'Wallet-side network change'),
    switches,
  )
  return () => clearInterval(timer)
}
