// The test wallet's settings panel, shared by every page (plain DOM, so /vanilla stays free of React):
// the approval policy (approve / reject / hold, with the held requests to approve or reject), how many wallets
// are announced (takes effect on reload), and the wallet switching itself to the other or an unknown chain.
// Browser-only code.
import type { ApprovalPolicy, TestWallet } from '@latchkey/evm-wallet'
import { el } from './dom.js'
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
  /** The page's other test wallets (Solana, Bitcoin, multi-chain): they follow the policy too. */
  others?: readonly { setPolicy(policy: ApprovalPolicy): void }[]
}): () => void {
  const { host, wallets, storage } = params
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
            for (const wallet of [...wallets, ...(params.others ?? [])]) wallet.setPolicy(policy.value)
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
  const renderWalletState = () => {
    walletState.textContent = first
      ? `${first.connected ? 'Connected' : 'Not connected'} · chain ${first.chainId} · ${first.address}`
      : 'No wallet injected (a production build)'
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
  const switches = el(
    'div',
    { class: 'lab-row' },
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
  )

  const pendingList = el('ul', { class: 'lab-pending', 'data-testid': 'lab-pending' })
  let shown = ''
  const renderPending = () => {
    const held = wallets.flatMap((wallet) => wallet.pending().map((request) => ({ wallet, request })))
    const key = held.map(({ wallet, request }) => `${wallet.info.rdns}:${request.id}`).join(',')
    renderWalletState()
    if (key === shown) return
    shown = key
    pendingList.replaceChildren(
      ...(held.length === 0
        ? [el('li', { class: 'lab-muted' }, 'No request is waiting.')]
        : held.map(({ wallet, request }, i) =>
            el(
              'li',
              { 'data-testid': `lab-pending-${i}` },
              el('code', {}, request.method),
              el('span', { class: 'lab-muted' }, wallets.length > 1 ? wallet.info.name : ''),
              el(
                'button',
                {
                  type: 'button',
                  class: 'lab-button small',
                  'data-testid': `lab-approve-${i}`,
                  onclick: () => settle(() => wallet.approve(request.id)),
                },
                'Approve',
              ),
              el(
                'button',
                {
                  type: 'button',
                  class: 'lab-button small danger',
                  'data-testid': `lab-reject-${i}`,
                  onclick: () => settle(() => wallet.reject(request.id)),
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
    el('h2', {}, 'Test wallet'),
    walletState,
    policyGroup,
    el('h3', {}, 'Held requests'),
    pendingList,
    countGroup,
    el('h3', {}, 'Wallet-side network change'),
    switches,
  )
  return () => clearInterval(timer)
}
