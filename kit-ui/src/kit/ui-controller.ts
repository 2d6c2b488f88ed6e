import {
  type CaipNetwork,
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
 * ConnectingExternal and ConnectingWalletConnect (waiting, rejected by the user, failed) and the network switch
 * that failed. The rules themselves (core's connect flow: members of a multi-chain entry, phone redirects, fresh
 * pairings, closing after a connection; switching, going back on failure) are core's; this only records outcomes.
 */
function createUiController(core: Omit<KitCore, 'destroy'>) {
  const state: StateStore<UiState> = createStore<UiState>({})
  const { router } = core.controllers
  // The connect flow is a late controller (there once the modal can show): read when a wallet is picked.
  const connectFlow = () => core.controllers.connectFlow
  let attempt = 0
  let wcAttempt = 0

  /** Connects through core's connect flow and records the outcome ConnectingExternal shows. */
  async function run(entry: ConnectorEntry): Promise<void> {
    const token = ++attempt
    state.patch({
      connecting: { id: entry.id, name: entry.name, imageUrl: entry.imageUrl, state: 'waiting' },
    })
    try {
      await connectFlow().connectEntry(entry)
      if (token === attempt) state.patch({ connecting: undefined })
    } catch (error) {
      if (token !== attempt) return
      const current = state.get().connecting
      if (current)
        state.patch({ connecting: { ...current, state: isUserRejection(error) ? 'rejected' : 'error' } })
    }
  }

  /** One WalletConnect attempt through core's connect flow; the outcome lands in `state.walletConnect`. */
  async function runWalletConnect(wallet: WalletListing | undefined, fresh = false): Promise<void> {
    const token = ++wcAttempt
    state.patch({ walletConnect: { ...(wallet ? { wallet } : {}), state: 'waiting' } })
    try {
      const outcome = fresh
        ? await connectFlow().refreshWalletConnect(wallet)
        : await connectFlow().connectWalletConnect(wallet ? { wallet } : {})
      if (token === wcAttempt && outcome === 'connected') state.patch({ walletConnect: undefined })
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
    refreshWalletConnect(): Promise<void> {
      return runWalletConnect(state.get().walletConnect?.wallet, true)
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

const controllers = new WeakMap<object, UiController>()

/**
 * The UI's own state of a kit (the connection attempt ConnectingExternal shows, the last failed network switch),
 * made on first use: only the modal's views use it, so its code is part of the modal's chunk.
 */
export function uiOf(kit: Omit<KitCore, 'destroy'>): UiController {
  let ui = controllers.get(kit)
  if (!ui) {
    ui = createUiController(kit)
    controllers.set(kit, ui)
  }
  return ui
}
