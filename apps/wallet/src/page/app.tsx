// The simulator's interface: pair with a wc: URI, approve or reject proposals, sign-in requests and requests, switch
// chain and account, end sessions, read the log. Everything a dApp sends is shown as text (see format.ts).
import type {
  WcAuthRequest,
  WcNamespace,
  WcPendingRequest,
  WcProposal,
  WcRequestLogEntry,
  WcWallet,
} from '@latchkey/wc-wallet'
import { useEffect, useMemo, useReducer, useState } from 'preact/hooks'
import type { WalletSimConfig } from '../config.js'
import { clip, messageOf, paramsText, safeImageUrl, shortAddress, shortJson } from './format.js'
import { chainNames, keyOrder, NAMESPACE_TITLES, NAMESPACES, startWallet } from './wallet.js'

declare global {
  interface Window {
    /** The running wallet (tools/wc-wallet's `WcWallet`), for the console. */
    latchkeyWalletSim?: WcWallet
  }
}

type Run = (what: string, action: () => unknown) => Promise<void>

/** A dApp as the wallet shows it: icon (only a safe URL), name, URL and description, all as text. */
function Dapp({
  metadata,
  testId,
}: {
  metadata: Partial<WcProposal['proposer']> | undefined
  testId: string
}) {
  const [broken, setBroken] = useState(false)
  const icon = safeImageUrl(Array.isArray(metadata?.icons) ? metadata.icons[0] : undefined)
  return (
    <div class="dapp">
      {icon && !broken ? (
        <img
          data-testid={`${testId}-icon`}
          src={icon}
          alt=""
          referrerpolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      ) : null}
      <div>
        <strong data-testid={`${testId}-name`}>{clip(metadata?.name, 80) || 'Unnamed dApp'}</strong>
        <div class="muted" data-testid={`${testId}-url`}>
          {clip(metadata?.url, 200)}
        </div>
        {metadata?.description ? <div class="muted">{clip(metadata.description, 300)}</div> : null}
      </div>
    </div>
  )
}

function chainLabel(names: Map<string, string>, chainId: string): string {
  const name = names.get(chainId)
  return name ? `${name} (${clip(chainId, 60)})` : clip(chainId, 60)
}

type ProposalNamespaceMap = Record<string, { chains?: string[]; methods?: string[]; events?: string[] }>

function ProposalCard(props: {
  proposal: WcProposal
  wallet: WcWallet
  names: Map<string, string>
  run: Run
}) {
  const { proposal, wallet, names, run } = props
  const asked = [
    ...Object.entries((proposal.requiredNamespaces ?? {}) as ProposalNamespaceMap).map(
      ([key, value]) => ['required', key, value] as const,
    ),
    ...Object.entries((proposal.optionalNamespaces ?? {}) as ProposalNamespaceMap).map(
      ([key, value]) => ['optional', key, value] as const,
    ),
  ]
  const askedNamespaces = NAMESPACES.filter((namespace) =>
    asked.some(([, key]) => key === namespace || key.startsWith(`${namespace}:`)),
  )
  const [excluded, setExcluded] = useState<WcNamespace[]>([])
  const included = askedNamespaces.filter((namespace) => !excluded.includes(namespace))
  return (
    <li class="card" data-testid="sim-proposal" data-proposal-id={String(proposal.id)}>
      <h2>Connection request</h2>
      <Dapp metadata={proposal.proposer} testId="sim-proposal" />
      <p class="muted">Verify: not checked (offline; see the README).</p>
      <table data-testid="sim-proposal-namespaces">
        <thead>
          <tr>
            <th>namespace</th>
            <th>chains</th>
            <th>methods</th>
            <th>events</th>
          </tr>
        </thead>
        <tbody>
          {asked.map(([kind, key, value]) => {
            const chains = Array.isArray(value.chains) ? value.chains : key.includes(':') ? [key] : []
            return (
              <tr key={`${kind}-${key}`} data-namespace={clip(key, 60)} data-kind={kind}>
                <td>
                  {clip(key, 60)}
                  <div class="muted">{kind}</div>
                </td>
                <td>
                  {chains.slice(0, 20).map((chainId) => (
                    <div key={String(chainId)} class={wallet.chains.includes(chainId) ? '' : 'unknown'}>
                      {chainLabel(names, String(chainId))}
                      {wallet.chains.includes(chainId) ? '' : ' (not held)'}
                    </div>
                  ))}
                </td>
                <td>
                  {(Array.isArray(value.methods) ? value.methods : []).map((m) => clip(m, 60)).join(', ')}
                </td>
                <td>
                  {(Array.isArray(value.events) ? value.events : []).map((e) => clip(e, 60)).join(', ')}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {askedNamespaces.length > 1 ? (
        <div class="row">
          {askedNamespaces.map((namespace) => (
            <label key={namespace} class="toggle">
              <input
                type="checkbox"
                data-testid={`sim-approve-${namespace}`}
                checked={!excluded.includes(namespace)}
                onChange={(event) => {
                  const on = event.currentTarget.checked
                  setExcluded((current) =>
                    on ? current.filter((n) => n !== namespace) : [...current, namespace],
                  )
                }}
              />
              {NAMESPACE_TITLES[namespace]}
            </label>
          ))}
        </div>
      ) : null}
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="sim-approve"
          disabled={included.length === 0 && askedNamespaces.length > 0}
          onClick={() =>
            run('Approving the session', () =>
              wallet.approve(proposal.id, excluded.length > 0 ? { namespaces: included } : undefined),
            )
          }
        >
          Approve
        </button>
        <button
          type="button"
          class="danger"
          data-testid="sim-reject"
          onClick={() => run('Rejecting the session', () => wallet.reject(proposal.id))}
        >
          Reject
        </button>
      </div>
    </li>
  )
}

function AuthCard(props: { request: WcAuthRequest; wallet: WcWallet; names: Map<string, string>; run: Run }) {
  const { request, wallet, names, run } = props
  const { payload } = request
  return (
    <li class="card" data-testid="sim-auth" data-auth-id={String(request.id)}>
      <h2>Sign-in request</h2>
      <Dapp metadata={request.requester} testId="sim-auth" />
      <table>
        <tbody>
          <tr>
            <th>domain</th>
            <td>{clip(payload.domain, 200)}</td>
          </tr>
          <tr>
            <th>statement</th>
            <td>{clip(payload.statement, 500)}</td>
          </tr>
          <tr>
            <th>URI</th>
            <td>{clip(payload.aud, 300)}</td>
          </tr>
          <tr>
            <th>chains</th>
            <td>
              {(Array.isArray(payload.chains) ? payload.chains : []).slice(0, 20).map((chainId) => (
                <div key={chainId}>{chainLabel(names, String(chainId))}</div>
              ))}
            </td>
          </tr>
        </tbody>
      </table>
      <p class="muted">Signs with the selected EVM account on each chain it holds.</p>
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="sim-auth-approve"
          onClick={() => run('Signing in', () => wallet.approveAuth(request.id))}
        >
          Sign in
        </button>
        <button
          type="button"
          class="danger"
          data-testid="sim-auth-reject"
          onClick={() => run('Rejecting the sign-in', () => wallet.rejectAuth(request.id))}
        >
          Reject
        </button>
      </div>
    </li>
  )
}

function RequestCard(props: { request: WcPendingRequest; wallet: WcWallet; names: Map<string, string> }) {
  const { request, wallet, names } = props
  const peer = wallet.sessions.find((session) => session.topic === request.topic)?.peer.metadata
  const message = messageOf(request.method, request.params)
  return (
    <li
      class="card"
      data-testid="sim-request"
      data-request-id={String(request.id)}
      data-method={clip(request.method, 80)}
    >
      <h2>
        {clip(request.method, 80)} <span class="muted">on {chainLabel(names, request.chainId)}</span>
      </h2>
      <Dapp metadata={peer} testId="sim-request-dapp" />
      {message !== undefined ? <pre data-testid="sim-request-message">{clip(message, 4000)}</pre> : null}
      <details>
        <summary class="muted">params</summary>
        <pre data-testid="sim-request-params">{paramsText(request.params)}</pre>
      </details>
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="sim-request-approve"
          onClick={() => wallet.approveRequest(request.id)}
        >
          Approve
        </button>
        <button
          type="button"
          class="danger"
          data-testid="sim-request-reject"
          onClick={() => wallet.rejectRequest(request.id)}
        >
          Reject
        </button>
      </div>
    </li>
  )
}

function NamespacePanel(props: {
  namespace: WcNamespace
  wallet: WcWallet
  names: Map<string, string>
  order: Map<string, string[]>
  run: Run
}) {
  const { namespace, wallet, names, order, run } = props
  const chains = wallet.chains.filter((chainId) => chainId.startsWith(`${namespace}:`))
  if (chains.length === 0) return null
  const active = wallet.activeChain(namespace)
  const addresses = order.get(active) ?? []
  const selected = wallet.accounts(active)[0]?.slice(active.length + 1) ?? ''
  return (
    <div data-testid={`sim-namespace-${namespace}`} data-chain={active}>
      <h3>{NAMESPACE_TITLES[namespace]}</h3>
      <div class="row">
        <label>
          Chain
          <select
            data-testid="sim-switch-chain"
            value={active}
            onChange={(event) => {
              const chainId = event.currentTarget.value
              void run('Switching the chain', () => wallet.switchChain(chainId))
            }}
          >
            {chains.map((chainId) => (
              <option key={chainId} value={chainId} title={chainId}>
                {names.get(chainId) ?? chainId}
              </option>
            ))}
          </select>
        </label>
        <label>
          Account
          <select
            data-testid="sim-switch-account"
            value={selected}
            onChange={(event) => {
              const index = addresses.indexOf(event.currentTarget.value)
              void run('Switching the account', () => wallet.switchAccount(namespace, index))
            }}
          >
            {addresses.map((address) => (
              <option key={address} value={address}>
                {shortAddress(address)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="muted sim-address" data-testid="sim-address">
        {selected}
      </div>
    </div>
  )
}

function LogEntry({ entry, names }: { entry: WcRequestLogEntry; names: Map<string, string> }) {
  const detail =
    entry.outcome === 'approved'
      ? shortJson(entry.result)
      : entry.error
        ? `${entry.error.code}: ${clip(entry.error.message, 160)}`
        : ''
  return (
    <li data-testid="sim-log-entry" data-method={clip(entry.method, 80)} data-outcome={entry.outcome}>
      <div class="row">
        <span class="muted">{new Date(entry.at).toLocaleTimeString()}</span>
        <strong>{clip(entry.method, 80)}</strong>
        <span class="badge" data-outcome={entry.outcome}>
          {entry.outcome}
        </span>
      </div>
      <div class="muted">{chainLabel(names, entry.chainId)}</div>
      {detail ? <div class="muted">{detail}</div> : null}
    </li>
  )
}

function Wallet({ wallet, config }: { wallet: WcWallet; config: WalletSimConfig }) {
  const [, bump] = useReducer((count: number, _: null) => count + 1, 0)
  const refresh = () => bump(null)
  const [errors, setErrors] = useState<string[]>([])
  const [uri, setUri] = useState('')
  const [relay, setRelay] = useState(wallet.walletKit.core.relayer.connected ? 'connected' : 'disconnected')
  const names = useMemo(() => chainNames(wallet, config), [wallet, config])
  const order = useMemo(() => keyOrder(wallet), [wallet])

  useEffect(() => {
    const relayer = wallet.walletKit.core.relayer
    const onConnect = () => setRelay('connected')
    const onDisconnect = () => setRelay('disconnected')
    relayer.on('relayer_connect', onConnect)
    relayer.on('relayer_disconnect', onDisconnect)
    const stop = wallet.onChange(refresh)
    return () => {
      stop()
      relayer.off('relayer_connect', onConnect)
      relayer.off('relayer_disconnect', onDisconnect)
    }
  }, [wallet])

  const run: Run = async (what, action) => {
    try {
      await action()
    } catch (error) {
      const message = error instanceof Error ? error.message : shortJson(error)
      setErrors((current) => [...current.slice(-4), `${what} failed: ${clip(message, 300)}`])
    }
    refresh()
  }

  const proposals = wallet.proposals.filter((proposal) => proposal.status === 'pending')
  const auths = wallet.authRequests.filter((request) => request.status === 'pending')
  const held = wallet.pending()
  const sessions = wallet.sessions
  const log = [...wallet.log].reverse().slice(0, 50)

  return (
    <>
      <header>
        <h1>Latchkey wallet simulator</h1>
        <span class="badge" data-testid="sim-relay" data-state={relay}>
          relay {relay}
        </span>
      </header>
      <p class="muted" data-testid="sim-status" data-state="ready">
        Ready on {clip(config.relayUrl, 100)}
      </p>
      <section aria-label="Pair">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            const text = uri.trim()
            if (!text.startsWith('wc:')) {
              setErrors((current) => [...current.slice(-4), 'Paste a WalletConnect URI (wc:…).'])
              return
            }
            void run('Pairing', async () => {
              await wallet.pair(text)
              setUri('')
            })
          }}
        >
          <input
            type="text"
            data-testid="sim-uri"
            aria-label="WalletConnect URI"
            placeholder="wc:…"
            autocomplete="off"
            spellcheck={false}
            value={uri}
            onInput={(event) => setUri(event.currentTarget.value)}
          />
          <button type="submit" class="primary" data-testid="sim-pair">
            Pair
          </button>
        </form>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="sim-auto-approve"
            checked={wallet.policy === 'approve'}
            onChange={(event) => wallet.setPolicy(event.currentTarget.checked ? 'approve' : 'hold')}
          />
          Approve everything at once (test mode)
        </label>
      </section>
      {errors.length > 0 ? (
        <section role="alert" data-testid="sim-error" class="alert">
          {errors.map((error, index) => (
            <div key={`${index}-${error}`}>{error}</div>
          ))}
          <button type="button" onClick={() => setErrors([])}>
            Dismiss
          </button>
        </section>
      ) : null}
      {proposals.length + auths.length + held.length > 0 ? (
        <ul class="plain" aria-label="Waiting for you">
          {proposals.map((proposal) => (
            <ProposalCard key={proposal.id} proposal={proposal} wallet={wallet} names={names} run={run} />
          ))}
          {auths.map((request) => (
            <AuthCard key={request.id} request={request} wallet={wallet} names={names} run={run} />
          ))}
          {held.map((request) => (
            <RequestCard key={request.id} request={request} wallet={wallet} names={names} />
          ))}
        </ul>
      ) : null}
      <section aria-label="Accounts">
        <h2>Accounts</h2>
        {NAMESPACES.map((namespace) => (
          <NamespacePanel
            key={namespace}
            namespace={namespace}
            wallet={wallet}
            names={names}
            order={order}
            run={run}
          />
        ))}
      </section>
      <section aria-label="Sessions">
        <h2>Sessions</h2>
        <ul class="plain" data-testid="sim-sessions" data-count={String(sessions.length)}>
          {sessions.length === 0 ? <li class="muted">No session.</li> : null}
          {sessions.map((session) => (
            <li key={session.topic} class="card" data-testid="sim-session" data-topic={session.topic}>
              <Dapp metadata={session.peer.metadata} testId="sim-session" />
              <div class="muted">
                {Object.entries(session.namespaces)
                  .map(([key, value]) => `${clip(key, 20)}: ${value.accounts.length} accounts`)
                  .join(' · ')}
              </div>
              <div class="muted">expires {new Date(session.expiry * 1000).toLocaleString()}</div>
              <button
                type="button"
                class="danger"
                data-testid="sim-disconnect"
                onClick={() => run('Disconnecting', () => wallet.disconnect(session.topic))}
              >
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Request log">
        <h2>Requests</h2>
        <ul class="plain" data-testid="sim-log">
          {log.length === 0 ? <li class="muted">No request yet.</li> : null}
          {log.map((entry) => (
            <LogEntry key={entry.id} entry={entry} names={names} />
          ))}
        </ul>
      </section>
    </>
  )
}

/** Starts the wallet, then shows it; a failure to start is shown instead. */
export function App({ config, auto }: { config: WalletSimConfig; auto: boolean }) {
  const [wallet, setWallet] = useState<WcWallet>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    startWallet(config, auto).then(
      (started) => {
        window.latchkeyWalletSim = started
        setWallet(started)
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    )
  }, [config, auto])
  if (wallet) return <Wallet wallet={wallet} config={config} />
  return failure ? (
    <p class="alert" role="alert" data-testid="sim-status" data-state="failed">
      The wallet did not start: {clip(failure, 500)}
    </p>
  ) : (
    <p class="muted" data-testid="sim-status" data-state="loading">
      Connecting to the relay…
    </p>
  )
}
