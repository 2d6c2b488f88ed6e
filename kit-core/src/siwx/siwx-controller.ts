import type { AccountType } from '../adapter/accounts.js'
import type { SessionSignInRequest, WalletConnectAuth } from '../adapter/walletconnect.js'
import { type CaipNetworkId, parseCaipAddress } from '../caip/caip.js'
import type { ModalController } from '../controllers/navigation/modal-controller.js'
import type { RouterController } from '../controllers/navigation/router-controller.js'
import { isUserRejection, LatchkeyError, ProviderRpcError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import { createStore, type StateStore } from '../kit/store.js'
import type { SiwxConfig, SiwxMessageData, SiwxSession } from './types.js'

/** The connected account sign-in is about. */
export interface SiwxAccount {
  address: string
  /** CAIP-2 id of its network. */
  chainId: CaipNetworkId
  type?: AccountType
}

/** Events the sign-in flow tracks. */
export type SiwxEvent = 'SIWX_AUTH_SUCCESS' | 'SIWX_AUTH_ERROR' | 'CLICK_CANCEL_SIWX'

/** What the SIWX controller needs from the rest of the kit; the facade wires it. */
export interface SiwxDeps {
  /** The host's `siwx` option; without it sign-in is off and calls throw 'SIWX is not enabled'. */
  config?: SiwxConfig
  /** The connected account of the active namespace, if any. */
  getAccount(): SiwxAccount | undefined
  /** Calls `listener` with each new active account; sign-in starts when one connects. */
  subscribeAccount?(listener: (account: SiwxAccount | undefined) => void): () => void
  /** Signs a text message with the connected wallet; resolves the signature. */
  signMessage(message: string): Promise<string>
  /** Disconnects the wallet. */
  disconnect(): Promise<void>
  modal: Pick<ModalController, 'open' | 'close' | 'state'>
  router: Pick<RouterController, 'reset' | 'state'>
  /** Shows an error snackbar. */
  showError(message: string): void
  track?(event: SiwxEvent, properties: { network?: CaipNetworkId; isSmartAccount: boolean }): void
  /** Logs failures the flow handles itself. */
  logError?(error: unknown): void
}

export interface SiwxState {
  /** `requesting` while the message is created and signed. */
  status: 'idle' | 'requesting' | 'success' | 'error'
}

export type SiwxController = ReturnType<typeof createSiwxController>

function toData(message: SiwxMessageData): SiwxMessageData {
  const { toString: _text, ...rest } = message as SiwxMessageData & { toString?: unknown }
  return { ...rest }
}

/**
 * Sign-in with wallet (SPEC §2, §4): opens SIWXSignMessage when an account connects without a session,
 * requests the signature and stores the session, reports failures, and cancels (disconnecting when sign-in
 * is required). Sign-in is required or optional as the host's config says.
 */
export function createSiwxController(deps: SiwxDeps & { state?: StateStore<SiwxState> }) {
  const state: StateStore<SiwxState> = deps.state ?? createStore<SiwxState>({ status: 'idle' })
  /** Counts sign requests and cancels: a request answers only while it is the latest. */
  let attempts = 0

  function requireConfig(): SiwxConfig {
    if (!deps.config) throw new LatchkeyError(Messages.siwxNotEnabled)
    return deps.config
  }

  function requireAccount(): SiwxAccount {
    const account = deps.getAccount()
    if (!account) throw new LatchkeyError(Messages.noActiveCaipAddress, { code: 'NOT_CONNECTED' })
    return account
  }

  const properties = (account = deps.getAccount()) => ({
    network: account?.chainId,
    isSmartAccount: account?.type === 'smartAccount',
  })

  /** True when the host configured sign-in. */
  const isEnabled = () => deps.config !== undefined

  /** True when the host requires sign-in (false when it is optional or off). */
  const isRequired = () => Boolean(deps.config?.getRequired?.())

  /**
   * The sessions of the connected account (none when no account is connected).
   * @throws LatchkeyError 'SIWX is not enabled' without a config.
   */
  async function getSessions(): Promise<SiwxSession[]> {
    const config = requireConfig()
    const account = deps.getAccount()
    return account ? config.getSessions(account.chainId, account.address) : []
  }

  /** True when the connected account has a session. @throws LatchkeyError 'SIWX is not enabled'. */
  async function hasSession(): Promise<boolean> {
    return (await getSessions()).length > 0
  }

  /**
   * On connect (SPEC §4): with no config or no account, nothing; when a session exists, nothing; else
   * opens SIWXSignMessage. When this fails, disconnects, resets to Connect and shows an error.
   */
  async function initializeIfEnabled(): Promise<void> {
    const config = deps.config
    const account = deps.getAccount()
    if (!config || !account) return
    try {
      const sessions = await config.getSessions(account.chainId, account.address)
      if (sessions.length > 0) return
      await deps.modal.open({ view: 'SIWXSignMessage' })
    } catch (error) {
      deps.logError?.(error)
      deps.track?.('SIWX_AUTH_ERROR', properties(account))
      await deps.disconnect().catch((cause: unknown) => deps.logError?.(cause))
      deps.router.reset('Connect')
      deps.showError(Messages.authInitFailed)
    }
  }

  /**
   * Creates the message, has the wallet sign it, stores the session, closes the modal and tracks success
   * (SPEC §4). On failure reopens SIWXSignMessage, shows an error ('Signature declined' when the user
   * rejected) and tracks it; resolves whether the user is signed in.
   * @throws LatchkeyError 'SIWX is not enabled' without a config; 'No ActiveCaipAddress found' with no account.
   */
  async function requestSignMessage(): Promise<boolean> {
    const config = requireConfig()
    const account = requireAccount()
    const attempt = ++attempts
    state.patch({ status: 'requesting' })
    try {
      const message = await config.createMessage({
        accountAddress: account.address,
        chainId: account.chainId,
      })
      const text = message.toString()
      const signature = await deps.signMessage(text)
      // Cancelled while the wallet had it (or a newer request started): its late answer changes nothing.
      if (attempt !== attempts) return false
      // The wallet may have moved to another account or chain while the visitor signed: the session is stored only
      // for the account and chain the message was made for, and only while they are still the active ones.
      const now = deps.getAccount()
      if (
        now?.address.toLowerCase() !== account.address.toLowerCase() ||
        now.chainId !== account.chainId ||
        message.accountAddress.toLowerCase() !== account.address.toLowerCase() ||
        message.chainId !== account.chainId
      )
        throw new LatchkeyError(Messages.invalidSiwxSession, {
          code: 'INVALID_PARAMS',
          details: 'the account or network changed while signing',
        })
      await config.addSession({ data: toData(message), message: text, signature })
      state.patch({ status: 'success' })
      await deps.modal.close({ force: true })
      deps.track?.('SIWX_AUTH_SUCCESS', properties(account))
      return true
    } catch (error) {
      deps.logError?.(error)
      if (attempt !== attempts) return false
      state.patch({ status: 'error' })
      if (!deps.modal.state.get().open || deps.router.state.get().view === 'ApproveTransaction') {
        await deps.modal.open({ view: 'SIWXSignMessage' })
      }
      deps.showError(errorMessage(error, account))
      deps.track?.('SIWX_AUTH_ERROR', properties(account))
      return false
    }
  }

  /**
   * Cancels the sign-in (SPEC §2), also while the wallet still has the message (a silent wallet never locks the
   * visitor in): disconnects when sign-in is required, otherwise closes the modal; then the modal is back at Connect.
   * @throws LatchkeyError 'SIWX is not enabled' without a config.
   */
  async function cancelSignMessage(): Promise<void> {
    requireConfig()
    // Possible at any moment, also while the wallet has the message: a signature that comes later is dropped.
    attempts++
    const account = deps.getAccount()
    if (isRequired()) await deps.disconnect()
    else await deps.modal.close({ force: true })
    deps.router.reset('Connect')
    state.patch({ status: 'idle' })
    deps.track?.('CLICK_CANCEL_SIWX', properties(account))
  }

  /**
   * Another tab signed in the account this one asks to sign in (the `storage` event): SIWXSignMessage, open here and
   * not waiting for the wallet, closes as signed in. Nothing otherwise.
   */
  async function recheckSession(): Promise<void> {
    const onView = deps.modal.state.get().open && deps.router.state.get().view === 'SIWXSignMessage'
    if (!onView || state.get().status === 'requesting' || !(await hasSession().catch(() => false))) return
    state.patch({ status: 'success' })
    await deps.modal.close({ force: true })
  }

  /**
   * Sign-in inside the WalletConnect session request (SPEC §4): when sign-in is on and every requested chain is
   * eip155, the request to send, its domain, URI, statement, nonce and times taken from a message the host's
   * config creates for the first chain (the account is not known yet); otherwise undefined, and sign-in runs after
   * the connection as for any wallet.
   */
  async function walletConnectSignInRequest(
    chains: readonly CaipNetworkId[],
  ): Promise<SessionSignInRequest | undefined> {
    const config = deps.config
    const first = chains[0]
    if (!config || !first || !chains.every((chain) => chain.startsWith('eip155:'))) return undefined
    const message = await config.createMessage({ accountAddress: UNKNOWN_ACCOUNT, chainId: first })
    return {
      domain: message.domain,
      uri: message.uri,
      nonce: message.nonce,
      chains: [...chains],
      ...(message.statement ? { statement: message.statement } : {}),
      ...(message.resources?.length ? { resources: [...message.resources] } : {}),
      ...(message.expirationTime ? { expirationTime: message.expirationTime } : {}),
      ...(message.notBefore ? { notBefore: message.notBefore } : {}),
      ...(message.requestId ? { requestId: message.requestId } : {}),
    }
  }

  /**
   * Stores the sessions a one-step sign-in returned (`setSessions`: they replace the sessions of the accounts they
   * are for, other accounts keep theirs), and tracks the success. Each must answer `request` (domain, URI, nonce, a
   * requested chain, the times asked for).
   * @throws LatchkeyError 'Invalid sign-in session' for one that does not; whatever the config throws when it
   *   refuses or cannot store them. The caller disconnects (SPEC §4).
   */
  async function storeWalletConnectSessions(
    request: SessionSignInRequest,
    auths: readonly WalletConnectAuth[],
  ): Promise<void> {
    const config = requireConfig()
    try {
      const now = Date.now()
      const sessions = auths.map((auth) => sessionOfAuth(request, auth, now))
      await config.setSessions(sessions)
      const first = sessions[0]?.data
      deps.track?.('SIWX_AUTH_SUCCESS', { network: first?.chainId, isSmartAccount: false })
    } catch (error) {
      deps.logError?.(error)
      deps.track?.('SIWX_AUTH_ERROR', { network: request.chains[0], isSmartAccount: false })
      throw error
    }
  }

  let lastAddress: string | undefined
  const unsubscribe = deps.subscribeAccount?.((account) => {
    const address = account && `${account.chainId}:${account.address}`
    const changed = address !== lastAddress
    lastAddress = address
    if (account && changed) void initializeIfEnabled()
  })

  return {
    state,
    isEnabled,
    isRequired,
    getSessions,
    hasSession,
    initializeIfEnabled,
    requestSignMessage,
    cancelSignMessage,
    recheckSession,
    walletConnectSignInRequest,
    storeWalletConnectSessions,
    /** Stops listening to the kit (the kit is being torn down). */
    destroy(): void {
      unsubscribe?.()
    },
  }
}

/** The account a one-step sign-in's message is created for before the wallet says which account signs. */
const UNKNOWN_ACCOUNT = '0x0000000000000000000000000000000000000000'

function refused(details: string): LatchkeyError {
  return new LatchkeyError(Messages.invalidSiwxSession, { code: 'INVALID_PARAMS', details })
}

/**
 * The statement of a CAIP-122 text as signed: the fourth line when a blank line follows it (the text has none when
 * the fourth line is blank). WalletConnect extends the host's statement with the ReCap's wording, so it is read from
 * the text the wallet signed, not taken from the request.
 */
function statementOf(message: string): string | undefined {
  const lines = message.split('\n')
  const line = lines[3]
  return line && lines[4] === '' ? line : undefined
}

/**
 * The times a wallet signed are the ones asked for: an expiration time when one was asked, not later than asked (a
 * wallet that drops it or pushes it out would make a session that outlives what the page meant), and not past; a
 * not-before when one was asked, not earlier. A time that is not a date is refused.
 */
function checkTimes(request: SessionSignInRequest, payload: WalletConnectAuth['payload'], now: number): void {
  const time = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined
    const parsed = Date.parse(value)
    if (Number.isNaN(parsed)) throw refused(`${name} ${value.slice(0, 40)}`)
    return parsed
  }
  const exp = time(payload.exp, 'expiration time')
  const asked = time(request.expirationTime, 'requested expiration time')
  if (asked !== undefined && (exp === undefined || exp > asked))
    throw refused(
      `expiration time ${payload.exp?.slice(0, 40) ?? 'missing'}, asked ${request.expirationTime}`,
    )
  if (exp !== undefined && exp <= now) throw refused(`expired at ${payload.exp}`)
  const nbf = time(payload.nbf, 'not-before time')
  const askedNbf = time(request.notBefore, 'requested not-before time')
  if (askedNbf !== undefined && (nbf === undefined || nbf < askedNbf))
    throw refused(`not-before time ${payload.nbf?.slice(0, 40) ?? 'missing'}, asked ${request.notBefore}`)
}

/** The sign-in session of one signed CAIP-122 message of a WalletConnect authentication. */
function sessionOfAuth(request: SessionSignInRequest, auth: WalletConnectAuth, now: number): SiwxSession {
  const { payload } = auth
  if (!payload.iss.startsWith('did:pkh:')) throw refused(`issuer ${payload.iss.slice(0, 80)}`)
  const { caipNetworkId, address } = parseCaipAddress(payload.iss.slice('did:pkh:'.length))
  const chainId = caipNetworkId as CaipNetworkId
  if (!request.chains.includes(chainId)) throw refused(`chain id ${chainId}`)
  if (payload.domain !== request.domain) throw refused(`domain ${payload.domain.slice(0, 80)}`)
  if (payload.aud !== request.uri) throw refused(`uri ${payload.aud.slice(0, 80)}`)
  if (payload.nonce !== request.nonce) throw refused('nonce')
  checkTimes(request, payload, now)
  const statement = statementOf(auth.message)
  const data: SiwxMessageData = {
    accountAddress: address,
    chainId,
    domain: payload.domain,
    uri: payload.aud,
    version: payload.version,
    nonce: payload.nonce,
    issuedAt: payload.iat,
    ...(statement ? { statement } : {}),
    ...(payload.exp ? { expirationTime: payload.exp } : {}),
    ...(payload.nbf ? { notBefore: payload.nbf } : {}),
    ...(payload.requestId ? { requestId: payload.requestId } : {}),
    ...(payload.resources?.length ? { resources: [...payload.resources] } : {}),
  }
  return { data, message: auth.message, signature: auth.signature, cacao: auth.cacao }
}

/** The snackbar text for a failed sign-in. */
function errorMessage(error: unknown, account: SiwxAccount): string {
  if (isUserRejection(error)) return Messages.signatureDeclined
  if (account.type === 'smartAccount') return Messages.smartAccountsUnsupported
  // The kit's own errors (a session the config refused) say what went wrong; a wallet's text is not shown.
  if (error instanceof LatchkeyError && !(error instanceof ProviderRpcError)) return error.message
  return Messages.signatureDeclined
}
