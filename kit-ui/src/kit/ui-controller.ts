import {
  type CaipNetwork,
  type Connector,
  type ConnectorEntry,
  createStore,
  isUserRejection,
  type KitCore,
  type StateStore,
  type WalletListing,
} from '@latchkey/core'

/** Where a connection attempt stands (ConnectingExternal's `data-state`). */
export type ConnectingState = 'waiting' | 'rejected' | 'error'

/** The wallet being connected, as ConnectingExternal shows it (name and image are the wallet's: hostile). */
export interface ConnectingWallet {
  id: string
  name: string
  imageUrl?: string
  state: ConnectingState
}

/**
 * The wallet ConnectingWalletConnect is for: a listed wallet (its name, image and links are the listing's: hostile,
 * sanitized by core), or none for WalletConnect itself (any wallet scans the QR code).
 */
interface WalletConnectTarget {
  wallet?: WalletListing
  /** Where the connection attempt stands; `waiting` while the QR code is shown. */
  state: ConnectingState
}

export interface UiState {
  connecting?: ConnectingWallet
  /** The WalletConnect attempt ConnectingWalletConnect shows. */
  walletConnect?: WalletConnectTarget
  /** The network a switch to failed last (Networks and UnsupportedChain offer to retry it). */
  failedSwitch?: CaipNetwork
}

export type UiController = ReturnType<typeof createUiController>

/**
 * The state the modal's views share that core's router does not carry: the connection attempt shown on
 * ConnectingExternal (waiting, rejected by the user, failed) and the network switch that failed. The rules
 * themselves (connecting, switching, going back on failure, closing) are core's; this only records outcomes.
 */
export function createUiController(core: Omit<KitCore, 'destroy'>) {
  const state: StateStore<UiState> = createStore<UiState>({})
  const { router, modal, siwx, logger, connection, chain } = core.controllers
  let attempt = 0

  /**
   * The same wallet on its other namespaces, once the first is connected. One the visitor declines or that fails
   * leaves the others connected (the wallet is in use); the kit logs it.
   */
  async function connectOthers(members: readonly Connector[]): Promise<void> {
    for (const member of members) {
      try {
        await core.connect({ connectorId: member.id, namespace: member.chain })
      } catch (error) {
        logger.warn(`${member.chain} of ${member.name} not connected`, error)
      }
    }
  }

  async function run(entry: ConnectorEntry): Promise<void> {
    const token = ++attempt
    // A merged multi-chain entry connects each namespace it has a member on, its first member first.
    const [first, ...others] = entry.connectors?.length ? entry.connectors : [entry]
    state.patch({
      connecting: { id: entry.id, name: entry.name, imageUrl: entry.imageUrl, state: 'waiting' },
    })
    try {
      if (!first) return
      await core.connect({ connectorId: first.id, namespace: first.chain })
      await connectOthers(others)
      if (token !== attempt) return
      state.patch({ connecting: undefined })
      // With sign-in on, core's SIWX controller takes the modal to SIWXSignMessage itself.
      if (!siwx.isEnabled()) await modal.close()
    } catch (error) {
      if (token !== attempt) return
      const current = state.get().connecting
      if (current)
        state.patch({ connecting: { ...current, state: isUserRejection(error) ? 'rejected' : 'error' } })
    }
  }

  let wcAttempt = 0

  /**
   * One WalletConnect attempt: core proposes the session (reusing an unexpired pairing) and the view shows its URI;
   * the outcome lands in `state.walletConnect`. On success the modal closes, unless sign-in still has to ask.
   */
  async function runWalletConnect(wallet: WalletListing | undefined, fresh = false): Promise<void> {
    const token = ++wcAttempt
    state.patch({ walletConnect: { ...(wallet ? { wallet } : {}), state: 'waiting' } })
    // A pairing whose proposal was declined or failed is not reused: a new one is made.
    if (connection.state.get().wcError) await connection.resetWcConnection()
    connection.setRecentWallet(
      wallet
        ? { id: wallet.id, name: wallet.name, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) }
        : undefined,
    )
    try {
      await connection.connectWalletConnect({ fresh })
      if (token !== wcAttempt || chain.getAccount()?.status !== 'connected') return
      state.patch({ walletConnect: undefined })
      if (!siwx.isEnabled() || (await siwx.hasSession())) await modal.close()
    } catch (error) {
      if (token !== wcAttempt) return
      state.patch({
        walletConnect: {
          ...(wallet ? { wallet } : {}),
          state: isUserRejection(error) ? 'rejected' : 'error',
        },
      })
    }
  }

  return {
    state,
    /**
     * Opens ConnectingWalletConnect (for a listed wallet, or for any wallet that scans the QR code) and connects
     * over WalletConnect; the outcome lands in `state.walletConnect`.
     */
    connectWalletConnect(wallet?: WalletListing): Promise<void> {
      const done = runWalletConnect(wallet)
      router.push('ConnectingWalletConnect')
      return done
    },
    /** A new pairing for the attempt shown (retry after a decline or failure, or an expired pairing). */
    async refreshWalletConnect(): Promise<void> {
      await connection.resetWcConnection()
      await runWalletConnect(state.get().walletConnect?.wallet, true)
    },
    /** Shows ConnectingExternal for `entry` and connects it; the outcome lands in `state.connecting`. */
    connect(entry: ConnectorEntry): Promise<void> {
      // `run` records the wallet before its first await, so ConnectingExternal opens with its name.
      const done = run(entry)
      router.push('ConnectingExternal')
      return done
    },
    /** Asks the same wallet again (the retry button of ConnectingExternal). */
    retry(entry: ConnectorEntry): Promise<void> {
      return run(entry)
    },
    /** Records the network a switch to just failed, or clears it. */
    setFailedSwitch(network: CaipNetwork | undefined): void {
      state.patch({ failedSwitch: network })
    },
  }
}
