import { createStore, type StateStore } from '../../kit/store.js'
import { decideNetworkSwitch, type NetworkSwitchDecision, type NetworkSwitchInput } from './network-switch.js'
import type { RouterEntry, View, ViewParams } from './views.js'

/** What the router needs from the rest of the kit; the facade wires it. */
export interface RouterDeps {
  /** Closes the modal: going back from the first view does this. */
  close(): void
  /** True when an account is connected on the active namespace (back to Connect then shows Account). */
  isConnected(): boolean
}

/** How a pending transaction ended (SPEC §4 "Embedded-wallet requests"). */
export type TransactionStatus = 'success' | 'error' | 'cancel'

/** A request waiting for the user (e.g. on ApproveTransaction), with what to do when it ends. */
export interface TransactionAction {
  onSuccess?(): void
  onError?(error?: unknown): void
  onCancel?(): void
}

export interface RouterState {
  /** The view shown: the top of `history`. */
  view: View
  /** Its parameters. */
  params: RouterEntry['params']
  /** The view stack, first view first (SPEC §2); never empty. */
  history: readonly RouterEntry[]
  /** Pending transactions, the newest last (SPEC §4). */
  transactionStack: readonly TransactionAction[]
}

export type RouterController = ReturnType<typeof createRouterController>

const FIRST: RouterEntry = { view: 'Connect' }

function entry<V extends View>(view: V, params?: ViewParams<V>): RouterEntry {
  return (params === undefined ? { view } : { view, params }) as RouterEntry
}

/**
 * The modal's view stack (SPEC §2): no URL routes (it never reads or writes the page's location or
 * history), starts at Connect, push / replace / goBack / reset with per-view params; the network-switch
 * navigation and the transaction stack of SPEC §4.
 */
export function createRouterController(deps: RouterDeps) {
  const state: StateStore<RouterState> = createStore<RouterState>({
    view: FIRST.view,
    params: undefined,
    history: [FIRST],
    transactionStack: [],
  })

  function setHistory(history: readonly RouterEntry[]): void {
    const top = history.at(-1) ?? FIRST
    state.patch({ history, view: top.view, params: top.params })
  }

  /** Shows `view` on top of the stack; pushing the view already shown only updates its params. */
  function push<V extends View>(view: V, params?: ViewParams<V>): void {
    const { history } = state.get()
    const base = history.at(-1)?.view === view ? history.slice(0, -1) : history
    setHistory([...base, entry(view, params)])
  }

  /** Replaces the view shown with `view`. */
  function replace<V extends View>(view: V, params?: ViewParams<V>): void {
    setHistory([...state.get().history.slice(0, -1), entry(view, params)])
  }

  /** Makes `view` the only view of the stack (default Connect). */
  function reset<V extends View = 'Connect'>(view?: V, params?: ViewParams<V>): void {
    setHistory([view === undefined ? FIRST : entry(view, params)])
  }

  /**
   * Goes back one view (SPEC §2): from the first view this closes the modal; when an account is connected
   * and the previous view is Connect, Account is shown instead.
   */
  function goBack(): void {
    const { history } = state.get()
    if (history.length <= 1) {
      deps.close()
      return
    }
    const previous = history.slice(0, -1)
    if (previous.at(-1)?.view === 'Connect' && deps.isConnected()) {
      setHistory([...previous.slice(0, -1), { view: 'Account' }])
    } else {
      setHistory(previous)
    }
  }

  /**
   * Opens the view a network switch needs (SPEC §2; see {@link decideNetworkSwitch}) and returns the
   * decision; does nothing when the target is already active.
   */
  function showNetworkSwitch(input: NetworkSwitchInput): NetworkSwitchDecision {
    const decision = decideNetworkSwitch(input)
    if (decision) push(decision.view, decision.params)
    return decision
  }

  /**
   * Runs a network switch started from a switch view; when it fails, goes back one view (SPEC §2, §8)
   * and rethrows the failure.
   */
  async function runNetworkSwitch<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task()
    } catch (error) {
      goBack()
      throw error
    }
  }

  /**
   * Records a pending transaction (SPEC §4). Answers what drops it from the stack, handlers not called, when it is
   * still there (the request failed before reaching the wallet that ends it).
   */
  function pushTransaction(action: TransactionAction): () => void {
    state.patch({ transactionStack: [...state.get().transactionStack, action] })
    return () => {
      const stack = state.get().transactionStack
      if (stack.includes(action)) state.patch({ transactionStack: stack.filter((entry) => entry !== action) })
    }
  }

  /**
   * Ends the newest pending transaction (SPEC §4): calls its success, error or cancel handler; error and
   * cancel also go back one view. Does nothing when the stack is empty.
   */
  function popTransaction(status: TransactionStatus, error?: unknown): void {
    const stack = state.get().transactionStack
    const action = stack.at(-1)
    if (!action) return
    state.patch({ transactionStack: stack.slice(0, -1) })
    if (status === 'success') {
      action.onSuccess?.()
      return
    }
    if (status === 'error') action.onError?.(error)
    else action.onCancel?.()
    goBack()
  }

  return {
    state,
    push,
    replace,
    reset,
    goBack,
    showNetworkSwitch,
    runNetworkSwitch,
    pushTransaction,
    popTransaction,
  }
}
