import type { ChainNamespace } from '../../caip/caip.js'
import { LatchkeyError } from '../../errors/errors.js'
import * as Messages from '../../errors/messages.js'
import { createStore, type StateStore } from '../../kit/store.js'
import type { RouterController } from './router-controller.js'
import { isShownView, SHOWN_VIEWS, type ShownView, type View, type ViewParams } from './views.js'

/** Where the modal lives (SPEC §2): appended to the page body, embedded in the page, or placed by the host. */
export type ModalMount = 'append' | 'embedded' | 'host'

/**
 * Where the modal is mounted (SPEC §2): appended to the page body unless appending is disabled (the host
 * places it) or embedded mode is on.
 */
export function decideModalMount(options: { disableAppend?: boolean; embedded?: boolean }): ModalMount {
  if (options.embedded) return 'embedded'
  if (options.disableAppend) return 'host'
  return 'append'
}

/** The view shown when the modal opens: the one asked for, else Account when connected, else Connect. */
export function chooseOpenView(options: { view?: View; connected: boolean }): View {
  return options.view ?? (options.connected ? 'Account' : 'Connect')
}

/** What the modal controller needs from the rest of the kit; the facade wires it. */
export interface ModalDeps {
  /** This kit's router. */
  router: Pick<RouterController, 'state' | 'reset'>
  /** True when an account is connected on `namespace`, or on the active namespace when none is given. */
  isConnected(namespace?: ChainNamespace): boolean
  /** The host's enableEmbedded: the modal is part of the page. */
  embedded?: boolean
  /** The host's disableAppend. */
  disableAppend?: boolean
  /** Calls `listener` with each new active address (embedded mode closes the modal once one is set). */
  subscribeActiveAddress?(listener: (address: string | undefined) => void): () => void
  /** Rejects the embedded wallet's pending requests (closing with an empty transaction stack). */
  rejectPendingRequests?(): void
  /** Cancels the transactions that wait (closing with a non-empty stack): their cancel handlers, their requests aborted. */
  cancelTransactions?(): void
  /** True when the host requires sign-in with the wallet (SIWX). */
  isSignInRequired?(): boolean
  /** True when a sign-in session exists for the connected account. */
  hasSession?(): boolean | Promise<boolean>
  /** Sends a tracking event. */
  track?(event: 'MODAL_OPEN' | 'MODAL_CLOSE', properties: { connected: boolean }): void
  /** Work done while the modal opens with loading on (prefetching listings, filtering connectors). */
  prepare?(options: { namespace?: ChainNamespace }): Promise<void>
  /** `open({ namespace })` asked for this namespace (the chain controller moves to it). */
  selectNamespace?(namespace: ChainNamespace): void
}

export interface ModalState {
  open: boolean
  /** True while the modal prepares to open. */
  loading: boolean
  /** The namespace the last `open` asked for. */
  namespace?: ChainNamespace
}

export interface OpenOptions<V extends ShownView = ShownView> {
  view?: V
  params?: ViewParams<V>
  namespace?: ChainNamespace
}

export type ModalController = ReturnType<typeof createModalController>

/** Views the modal cannot be closed on while sign-in is required and no session exists (SPEC §2). */
const SIGN_IN_VIEWS: readonly View[] = ['SIWXSignMessage', 'ApproveTransaction']

/**
 * The modal (SPEC §2): open and close, the view shown on opening, where it is mounted, embedded mode
 * closing it once an address is set, pending embedded-wallet requests rejected on close, the sign-in views
 * it cannot be closed on, and MODAL_OPEN / MODAL_CLOSE events.
 */
export function createModalController(deps: ModalDeps) {
  const state: StateStore<ModalState> = createStore<ModalState>({ open: false, loading: false })
  const mount = decideModalMount(deps)

  /**
   * Opens the modal on `view`, or on Account when connected, else Connect; records `namespace`. A failed
   * `prepare` is rethrown and leaves the modal closed.
   * @throws LatchkeyError INVALID_PARAMS naming the view when this version does not show it (the modal stays closed).
   */
  async function open<V extends ShownView>(options: OpenOptions<V> = {}): Promise<void> {
    const { namespace } = options
    if (options.view !== undefined && !isShownView(options.view))
      throw new LatchkeyError(Messages.viewNotShown(String(options.view), SHOWN_VIEWS), {
        code: 'INVALID_PARAMS',
      })
    state.patch({ loading: true, namespace })
    try {
      await deps.prepare?.({ namespace })
    } finally {
      state.patch({ loading: false })
    }
    const connected = deps.isConnected(namespace)
    const view = chooseOpenView({ view: options.view, connected })
    deps.router.reset(view, view === options.view ? options.params : undefined)
    if (namespace) deps.selectNamespace?.(namespace)
    state.patch({ open: true })
    deps.track?.('MODAL_OPEN', { connected })
  }

  /** True when the sign-in guard applies to the view shown (then a session must exist to close). */
  function guarded(): boolean {
    return SIGN_IN_VIEWS.includes(deps.router.state.get().view) && Boolean(deps.isSignInRequired?.())
  }

  /**
   * Closes the modal; resolves false, leaving it open, on SIWXSignMessage or ApproveTransaction while
   * sign-in is required and no session exists (unless `force`). Closing with an empty transaction stack
   * rejects the embedded wallet's pending requests; with transactions waiting, they are cancelled.
   */
  async function close(options: { force?: boolean } = {}): Promise<boolean> {
    if (!state.get().open) return true
    // Without the guard, close synchronously (no await), so callers see the modal closed at once.
    if (!options.force && guarded() && !(await deps.hasSession?.())) return false
    if (!state.get().open) return true
    const connected = deps.isConnected()
    state.patch({ open: false, loading: false })
    deps.track?.('MODAL_CLOSE', { connected })
    if (deps.router.state.get().transactionStack.length === 0) deps.rejectPendingRequests?.()
    else deps.cancelTransactions?.()
    deps.router.reset(mount === 'embedded' && connected ? 'Account' : 'Connect')
    return true
  }

  let lastAddress: string | undefined
  const unsubscribe =
    mount === 'embedded'
      ? deps.subscribeActiveAddress?.((address) => {
          const changed = address !== lastAddress
          lastAddress = address
          if (address && changed && state.get().open) close().catch(() => undefined)
        })
      : undefined

  return {
    state,
    /** Where the modal is mounted. */
    mount,
    open,
    close,
    /** Stops listening to the kit (the kit is being torn down). */
    destroy(): void {
      unsubscribe?.()
    },
  }
}
