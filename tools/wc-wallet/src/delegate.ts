// What the wallet needs from each namespace: its chains, accounts, methods, events, and how to answer a request.

/** The namespaces the wallet can hold keys for. */
export type WcNamespace = 'eip155' | 'solana' | 'bip122'

/** One request, after the session checks, as a namespace sees it. */
export interface NamespaceRequest {
  /** CAIP-2 id of the chain the dApp sent it for (a chain of the namespace the wallet knows). */
  readonly chainId: string
  readonly method: string
  readonly params: unknown
}

/** What the wallet can do for a namespace (besides answering requests). */
export interface WalletActions {
  /** Moves the wallet to a chain it knows (session update if needed, then `chainChanged`). */
  switchChain(chainId: string): Promise<void>
}

/** A request whose params passed the checks: whether the user must approve it, and the work that answers it. */
export interface PreparedRequest {
  readonly needsApproval: boolean
  run(): Promise<unknown>
}

/** One namespace of the wallet, backed by a test wallet that signs and sends for real. */
export interface NamespaceDelegate {
  readonly namespace: WcNamespace
  /** CAIP-2 ids of the chains the wallet knows, in order (may grow: wallet_addEthereumChain). */
  readonly chains: readonly string[]
  /** The chain the wallet is on. */
  readonly activeChain: string
  readonly methods: readonly string[]
  readonly events: readonly string[]
  /** The wallet's addresses on `chainId` (no CAIP prefix), the selected one first. */
  addresses(chainId: string): string[]
  /** The user moves the wallet to another known chain (no event: the wallet emits those). */
  selectChain(chainId: string): void
  /** The user selects another account, by position in the key list or by address. */
  selectAccount(which: number | string): void
  /** The `chainChanged` event data for `chainId` (eip155: the number; others: the CAIP-2 id). */
  chainChangedData(chainId: string): unknown
  /**
   * Checks a request's params (throws WcRpcError, -32602 or an SDK error, before any prompt) and returns the work
   * that answers it.
   */
  prepare(request: NamespaceRequest, actions: WalletActions): PreparedRequest
}

/** Runs tasks one after the other (a namespace's test wallet is switched to each request's chain and account). */
export function serial(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task)
    tail = run.catch(() => {})
    return run
  }
}
