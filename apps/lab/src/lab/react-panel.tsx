// The lab's panel for the React pages: the kit's buttons, the connection state from kit-react's hooks and the
// action buttons. The same DOM and test ids as the /vanilla panel. Browser-only code.
import type { CaipNetwork, ChainNamespace } from '@latchkey/core'
import {
  LatchkeyButton,
  LatchkeyNetworkButton,
  useDisconnect,
  useLatchkeyAccount,
  useLatchkeyNetwork,
} from '@latchkey/react'
import type { UiKit } from '@latchkey/ui'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { mountAccountPanel } from './account-panel.js'
import { errorText, type LabActionInput, type LabActions, movesFunds } from './actions.js'
import { type SignInStatus, type SiwxMode, watchSignIn } from './page-options.js'
import { DEFAULT_AMOUNT } from './setup.js'

type Outcome = { action: string; result?: string; error?: string }

/** The page options row: the sign-in status and the theme switch (above the modal's overlay, see styles). */
function LabOptions(props: { kit: UiKit; siwxMode: SiwxMode }) {
  const { kit } = props
  const [signIn, setSignIn] = useState<SignInStatus>('off')
  useEffect(() => watchSignIn(kit, setSignIn), [kit])
  const theme = useSyncExternalStore(kit.subscribeTheme, kit.getThemeMode)
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <div className="lab-options">
      <span className="lab-muted">
        Sign-in ({props.siwxMode}):{' '}
        <strong data-testid="lab-siwx" data-mode={props.siwxMode}>
          {signIn}
        </strong>
      </span>
      <button
        type="button"
        className="lab-button secondary small"
        data-testid="lab-theme"
        data-theme={theme}
        onClick={() => kit.setThemeMode(next)}
      >
        Switch to the {next} theme
      </button>
    </div>
  )
}

/** The account's tokens and activity, drawn by the same plain-DOM panel as on /vanilla. */
function AccountData(props: { kit: UiKit }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => (host.current ? mountAccountPanel(host.current, props.kit) : undefined), [props.kit])
  return <div className="lab-account-data" ref={host} />
}

/** One namespace's account, shown on pages with several adapters. */
function NamespaceAccount(props: { namespace: ChainNamespace }) {
  const { address } = useLatchkeyAccount({ namespace: props.namespace })
  return (
    <>
      <dt>{props.namespace}</dt>
      <dd data-testid={`lab-address-${props.namespace}`}>{address ?? '—'}</dd>
    </>
  )
}

export function LabPanel(props: {
  title: string
  kit: UiKit
  siwxMode: SiwxMode
  /** The actions of the active namespace (undefined: none there). */
  actionsFor: (namespace: ChainNamespace | undefined) => LabActions | undefined
  networks: readonly CaipNetwork[]
  /** The recipient field's starting value ('' lets each namespace's actions pick their default). */
  defaultRecipient: string
  /** With several adapters: each namespace's account is listed too. */
  namespaces?: readonly ChainNamespace[]
}) {
  const { address, status, isConnected } = useLatchkeyAccount()
  const { chainId, caipNetwork, switchNetwork } = useLatchkeyNetwork()
  const actions = props.actionsFor(caipNetwork?.chainNamespace)
  const { disconnect } = useDisconnect()
  const [to, setTo] = useState(props.defaultRecipient)
  const [amount, setAmount] = useState(DEFAULT_AMOUNT)
  const [busy, setBusy] = useState<string | undefined>()
  const [outcome, setOutcome] = useState<Outcome | undefined>()

  const run = async (action: string, task: (input: LabActionInput) => Promise<unknown>) => {
    setBusy(action)
    setOutcome(undefined)
    try {
      const result = await task({ to, amount })
      if (movesFunds(action)) await props.kit.refreshBalance()
      setOutcome({ action, result: typeof result === 'string' ? result : 'done' })
    } catch (error) {
      setOutcome({ action, error: errorText(error) })
    } finally {
      setBusy(undefined)
    }
  }

  const actionButton = (
    action: string,
    label: string,
    task: ((input: LabActionInput) => Promise<unknown>) | undefined,
  ) => (
    <button
      type="button"
      className="lab-button"
      data-testid={`lab-${action}`}
      disabled={!isConnected || !task || busy !== undefined}
      onClick={() => task && run(action, task)}
    >
      {label}
    </button>
  )

  return (
    <>
      <div className="lab-toolbar">
        <h1>{props.title}</h1>
        <div className="lab-kit-buttons">
          <LatchkeyNetworkButton />
          <LatchkeyButton />
        </div>
      </div>
      <LabOptions kit={props.kit} siwxMode={props.siwxMode} />
      <dl className="lab-state">
        <dt>Status</dt>
        <dd data-testid="lab-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="lab-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="lab-chain">{chainId === undefined ? '—' : String(chainId)}</dd>
        {(props.namespaces ?? []).map((namespace) => (
          <NamespaceAccount key={namespace} namespace={namespace} />
        ))}
      </dl>
      <div className="lab-fields">
        <label>
          Recipient
          <input
            data-testid="lab-recipient"
            value={to}
            placeholder="Default recipient"
            spellCheck={false}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <label>
          Amount
          <input
            data-testid="lab-amount"
            value={amount}
            inputMode="decimal"
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </div>
      <div className="lab-actions" aria-busy={busy !== undefined}>
        {actionButton('sign', 'Sign a message', actions?.sign)}
        {actionButton('send-native', `Send ${actions?.symbol ?? ''}`, actions?.sendNative)}
        {actions?.sendErc20 ? actionButton('send-erc20', 'Send LUSD', actions.sendErc20) : null}
        {actions?.sendSpl ? actionButton('send-spl', 'Send LUSD (SPL)', actions.sendSpl) : null}
        {actions?.signPsbt ? actionButton('sign-psbt', 'Sign and broadcast a PSBT', actions.signPsbt) : null}
        {props.networks.map((network) => (
          <button
            key={network.caipNetworkId}
            type="button"
            className="lab-button secondary"
            data-testid={`lab-switch-${network.id}`}
            disabled={busy !== undefined}
            onClick={() => run(`switch-${network.id}`, () => switchNetwork(network))}
          >
            Switch to {network.name}
          </button>
        ))}
        <button
          type="button"
          className="lab-button danger"
          data-testid="lab-disconnect"
          disabled={!isConnected || busy !== undefined}
          onClick={() => run('disconnect', () => disconnect())}
        >
          Disconnect
        </button>
      </div>
      <output
        className="lab-result"
        data-testid="lab-result"
        data-action={outcome?.result === undefined ? undefined : outcome.action}
      >
        {outcome?.result ?? ''}
      </output>
      <p
        className="lab-error"
        data-testid="lab-error"
        role="alert"
        data-action={outcome?.error === undefined ? undefined : outcome.action}
      >
        {outcome?.error ?? ''}
      </p>
      <AccountData kit={props.kit} />
    </>
  )
}
