/**
 * The embedded wallet on the kit's side (SPEC §4 "Secure frame", "Email flow actions", "Embedded events"): the secure
 * frame's life, the email login and the email update, the AUTH connections it opens on eip155 and solana, their
 * restore on the next visit, and the theme the frame follows. A chunk of its own: only a kit with email or social
 * login on loads it.
 */
import type { AccountType, AdapterAccount } from '../adapter/accounts.js'
import type { ChainAdapter } from '../adapter/adapter.js'
import { ConnectorIds } from '../adapter/connectors.js'
import type { EmbeddedAccountInfo, EmbeddedWalletProvider } from '../adapter/embedded.js'
import { frameChainIdOf } from '../adapter/embedded.js'
import type { AppMetadata } from '../adapter/walletconnect.js'
import type { ChainNamespace } from '../caip/caip.js'
import { StorageKeys } from '../controllers/config/storage/storage-keys.js'
import type { EmbeddedEventRequest } from '../controllers/config/telemetry/events.js'
import type { ThemeController } from '../controllers/config/theme/theme-controller.js'
import type { ChainController } from '../controllers/connection/chain-controller.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import { ProviderRpcError } from '../errors/errors.js'
import { rpcCallNotAllowed } from '../errors/messages-later.js'
import { RpcErrorCode } from '../errors/rpc-codes.js'
import { createStore, type StateStore } from '../kit/store.js'
import type { CaipNetwork } from '../networks/define.js'
import { createEmailLogin, type EmailLoginState } from './email-login.js'
import { withEmbeddedEvents } from './embedded-events.js'
import { isSafeMethod, rpcPolicy } from './rpc-policy.js'
import { createSecureFrame, type SECURE_FRAME_TIMINGS, type SecureFrameStatus } from './secure-frame.js'
import type { FrameRequestError } from './transport-common.js'

/** The email update's steps (SPEC §4 "email update actions"). */
export type EmailUpdateStep = 'idle' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' | 'done'

export interface EmbeddedState {
  frame: SecureFrameStatus
  login: EmailLoginState
  update: { step: EmailUpdateStep; email?: string; loading: boolean; error?: string }
  /** The logged-in account's email, once known. */
  email?: string
}

export interface EmbeddedControllerDeps {
  frameUrl: string
  projectId: string
  sdkVersion: string
  debug: boolean
  window: Window
  document: Document
  metadata: AppMetadata
  storage: {
    getString(key: string): Promise<string | undefined>
    setString(key: string, value: string): Promise<void>
    remove(key: string): Promise<void>
  }
  theme: ThemeController
  chain: ChainController
  connection: Pick<ConnectionController, 'connect'>
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  /** The namespaces whose adapter lists the AUTH connector (eip155 and solana only). */
  namespaces(): readonly ChainNamespace[]
  track(request: EmbeddedEventRequest, phase: 'request' | 'success' | 'error', message?: string): void
  /** The frame failed: its load ('iframe_load_failed') or a request ('iframe_request_timeout'). */
  onFailure(error: FrameRequestError): void
  /** The frame asks the visitor to approve a request (the modal shows ApproveTransaction), then it is decided. */
  onApproval?(state: 'required' | 'done', id: string): void
  /**
   * A request of the approval list ended (SPEC §4): `success` with its answer, `error` with the frame's or the
   * transport's error. Not called for a request the kit aborted ({@link abortOpenRequests}).
   */
  onOutcome?(outcome: { status: 'success' | 'error'; method: string; error?: unknown }): void
  /** A request outside SPEC §6's lists, refused before it leaves the page (the modal shows why). */
  onRefused?(method: string): void
  logWarn(message: string, error?: unknown): void
  timings?: Partial<Record<keyof typeof SECURE_FRAME_TIMINGS, number>>
}

export function createEmbeddedController(deps: EmbeddedControllerDeps) {
  const { chain } = deps
  const accountTypes: Partial<Record<ChainNamespace, AccountType>> = {}
  const activeChainId = () => {
    const network = chain.state.get().activeCaipNetwork
    return network && (network.chainNamespace === 'eip155' || network.chainNamespace === 'solana')
      ? frameChainIdOf(network)
      : undefined
  }
  const frame = createSecureFrame({
    url: deps.frameUrl,
    projectId: deps.projectId,
    chainId: activeChainId(),
    sdkVersion: deps.sdkVersion,
    enableLogger: deps.debug,
    document: deps.document,
    window: deps.window,
    onFailure: deps.onFailure,
    onApproval: deps.onApproval,
    timings: deps.timings,
  })
  const provider: EmbeddedWalletProvider = withEmbeddedEvents(frame.provider, {
    report: deps.track,
    storage: deps.storage,
    onAccount: (account) => {
      const namespace = String(account.chainId).startsWith('solana:') ? 'solana' : 'eip155'
      if (account.preferredAccountType) accountTypes[namespace] = account.preferredAccountType
      if (account.email) state.patch({ email: account.email })
    },
  })
  // SPEC §6 for the visitor's feedback (the frame enforces the same lists): anything outside them is refused here,
  // before it leaves the page; SPEC §9: at most 99 requests wait for the embedded wallet at once. Each open request
  // can be aborted (SPEC §4), and the approval list's outcomes are reported.
  const open = new Set<{ method: string; abort: AbortController }>()
  const request: EmbeddedWalletProvider['request'] = async <T>(
    args: Parameters<EmbeddedWalletProvider['request']>[0],
    options?: { signal?: AbortSignal },
  ): Promise<T> => {
    const policy = rpcPolicy(args.method)
    if (policy === 'refused') {
      deps.onRefused?.(args.method)
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, rpcCallNotAllowed)
    }
    if (open.size >= MAX_PENDING_REQUESTS)
      throw new ProviderRpcError(
        RpcErrorCode.LimitExceeded,
        `Too many pending requests: at most ${MAX_PENDING_REQUESTS} wait for the embedded wallet at once`,
      )
    // A handler that throws never changes the request's own answer.
    const report = (outcome: Parameters<NonNullable<EmbeddedControllerDeps['onOutcome']>>[0]) => {
      try {
        deps.onOutcome?.(outcome)
      } catch (error) {
        deps.logWarn("A handler of the request's outcome failed", error)
      }
    }
    const entry = { method: args.method, abort: new AbortController() }
    const onCallerAbort = () => entry.abort.abort()
    if (options?.signal?.aborted) entry.abort.abort()
    options?.signal?.addEventListener('abort', onCallerAbort, { once: true })
    open.add(entry)
    try {
      const result = await provider.request<T>(args, { signal: entry.abort.signal })
      if (policy === 'approval') report({ status: 'success', method: args.method })
      return result
    } catch (error) {
      if (policy === 'approval' && !entry.abort.signal.aborted)
        report({ status: 'error', method: args.method, error })
      throw error
    } finally {
      open.delete(entry)
      options?.signal?.removeEventListener('abort', onCallerAbort)
    }
  }
  /**
   * Aborts the open requests except safe methods (SPEC §4): those waiting for the visitor's approval (or for the frame
   * to sign and send what was approved) reject with 'Request was aborted'; reads go on. Answers how many it aborted.
   */
  const abortOpenRequests = (): number => {
    let aborted = 0
    for (const entry of open) {
      if (isSafeMethod(entry.method)) continue
      entry.abort.abort()
      aborted++
    }
    return aborted
  }
  const login = createEmailLogin({ provider, storage: deps.storage, chainId: activeChainId })
  const state: StateStore<EmbeddedState> = createStore<EmbeddedState>({
    frame: frame.status(),
    login: login.state.get(),
    update: { step: 'idle', loading: false },
  })
  const stops = [
    login.state.subscribe((value) => state.patch({ login: value })),
    frame.subscribe((status) => {
      state.patch({ frame: status })
      if (status === 'ready') void syncAll()
    }),
    // The frame follows the kit's theme: every change of mode or variables is sent (SPEC §4, the "sync theme").
    deps.theme.state.subscribe(() => {
      if (frame.status() === 'ready') void syncTheme()
    }),
  ]

  const themePayload = () => {
    const { themeMode, themeVariables } = deps.theme.state.get()
    const variables = Object.fromEntries(
      Object.entries(themeVariables).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    )
    return { themeMode, themeVariables: variables }
  }
  const syncTheme = () =>
    provider
      .syncTheme(themePayload())
      .catch((error) => deps.logWarn('The frame did not take the theme', error))
  const syncAll = async () => {
    const { name, description, url, icons } = deps.metadata
    await Promise.all([
      syncTheme(),
      provider
        .syncDappData({
          projectId: deps.projectId,
          sdkVersion: deps.sdkVersion,
          sdkType: 'latchkey',
          metadata: { name, description, url, icons: [...icons] },
        })
        .catch((error) => deps.logWarn("The frame did not take the dApp's data", error)),
    ])
  }

  /** The network an AUTH connection of `namespace` opens on: the namespace's active one, else its first. */
  const networkOf = (namespace: ChainNamespace): CaipNetwork | undefined =>
    chain.state.get().namespaces[namespace]?.caipNetwork ?? chain.getNetworks(namespace)[0]

  /** Opens the AUTH connection on every namespace that has one, the active namespace first. */
  async function connectNamespaces(): Promise<void> {
    const active = chain.state.get().activeNamespace
    const namespaces = [...deps.namespaces()].sort((a, b) => Number(b === active) - Number(a === active))
    for (const namespace of namespaces)
      await deps.connection.connect({
        namespace,
        connectorId: ConnectorIds.auth,
        network: networkOf(namespace),
      })
  }

  let session: Promise<boolean> | undefined
  /** Whether the frame holds a session: asked once for every namespace a start restores. */
  const hasSession = () => {
    session ??= provider.isConnected().then(
      ({ isConnected }) => isConnected,
      () => false,
    )
    return session
  }

  const updateStep = async <T>(run: () => Promise<T>): Promise<T> => {
    state.patch({ update: { ...state.get().update, loading: true, error: undefined } })
    try {
      return await run()
    } catch (error) {
      state.patch({
        update: { ...state.get().update, error: error instanceof Error ? error.message : String(error) },
      })
      throw error
    } finally {
      state.patch({ update: { ...state.get().update, loading: false } })
    }
  }

  return {
    state,
    /** The embedded wallet with SPEC §6's lists and §9's pending limit checked on the page. */
    provider: { ...provider, request },
    abortOpenRequests,
    frame,
    /**
     * Creates the frame now (email login was used before, or the visitor is about to use it). Not again after a
     * failure: the visitor's next request tries again, not a field getting focus.
     */
    preload(): void {
      if (frame.status() !== 'failed') void frame.ready().catch(() => undefined)
    },
    /** Sends the code to `email` (or asks this browser's approval): the next step is in `state.login.step`. */
    connectEmail: (email: string) => login.connectEmail(email.trim()),
    /** Waits for the visitor to approve this browser from the email; the code follows. */
    connectDevice: () => login.connectDevice(),
    /** Logs in with the code, then opens the AUTH connection on eip155 and solana. */
    async connectOtp(otp: string): Promise<EmbeddedAccountInfo> {
      const account = await login.connectOtp(otp.trim())
      if (account.email) state.patch({ email: account.email })
      session = Promise.resolve(true)
      await connectNamespaces()
      return account
    },
    /** Sends a new code to the address being logged in (the cooldown applies). */
    async resendCode(): Promise<void> {
      const email = state.get().login.email
      if (email) await login.connectEmail(email)
    },
    cooldownSeconds: () => login.cooldownSeconds(),
    /** Back to the email field. */
    resetLogin: () => login.reset(),

    /** Starts changing the account's email: a code to the current address, then one to the new. */
    async updateEmail(email: string): Promise<void> {
      const next = email.trim()
      const { action } = await updateStep(() => provider.updateEmail({ email: next }))
      state.patch({ update: { step: action, email: next, loading: false } })
    },
    async updateEmailPrimaryOtp(otp: string): Promise<void> {
      await updateStep(() => provider.updateEmailPrimaryOtp({ otp: otp.trim() }))
      state.patch({ update: { ...state.get().update, step: 'VERIFY_SECONDARY_OTP' } })
    },
    async updateEmailSecondaryOtp(otp: string): Promise<string> {
      const { newEmail } = await updateStep(() => provider.updateEmailSecondaryOtp({ otp: otp.trim() }))
      await deps.storage.setString(StorageKeys.email, newEmail)
      state.patch({ email: newEmail, update: { step: 'done', email: newEmail, loading: false } })
      return newEmail
    },
    resetUpdate: () => state.patch({ update: { step: 'idle', loading: false } }),

    /**
     * Startup (SPEC §4 "Startup": AUTH waits for the embedded wallet): the frame's session, then the namespace's
     * account read silently through its adapter. Null when there is no session or the adapter cannot connect.
     */
    async restore(
      namespace: ChainNamespace,
    ): Promise<{ accounts: AdapterAccount[]; network: CaipNetwork } | null> {
      const adapter = deps.getAdapter(namespace)
      const network = networkOf(namespace)
      if (!adapter || !network || !(await hasSession())) return null
      const result = await adapter.connect({ connectorId: ConnectorIds.auth, network })
      const email = await deps.storage.getString(StorageKeys.email)
      login.state.patch({ step: 'connected', ...(email ? { email } : {}) })
      if (email && !state.get().email) state.patch({ email })
      return { accounts: [...result.accounts], network: result.network }
    },

    /**
     * A switch to `network` (SPEC §4 "Network switching"): the frame reads the account there; a namespace with an AUTH
     * connector but no connection yet is connected when another namespace's AUTH connection exists.
     */
    async connectOn(network: CaipNetwork): Promise<void> {
      const namespace = network.chainNamespace
      const account = chain.getAccount(namespace)
      if (account?.status === 'connected') {
        await provider.getUser({ chainId: frameChainIdOf(network) })
        return
      }
      if (deps.namespaces().includes(namespace))
        await deps.connection.connect({ namespace, connectorId: ConnectorIds.auth, network })
    },

    /** The embedded wallet's last answer of the account type on a namespace (SPEC §4.32's first source). */
    accountType: (namespace: ChainNamespace): AccountType | undefined => accountTypes[namespace],

    /** The AUTH connection ended: the login starts over (the disconnect cleared the login cache). */
    reset(): void {
      session = undefined
      for (const key of Object.keys(accountTypes)) delete accountTypes[key as ChainNamespace]
      login.reset()
      state.patch({ email: undefined, update: { step: 'idle', loading: false } })
    },

    destroy(): void {
      for (const stop of stops) stop()
      frame.destroy()
    },
  }
}

export type EmbeddedController = ReturnType<typeof createEmbeddedController>

/** SPEC §9: the embedded wallet's pending requests limit. */
export const MAX_PENDING_REQUESTS = 99
