import {
  type CaipNetwork,
  type Connector,
  type ConnectorEntry,
  createStore,
  isUserRejection,
  type KitCore,
  type StateStore,
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

export interface UiState {
  connecting?: ConnectingWallet
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
  const { router, modal, siwx, logger } = core.controllers
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

  return {
    state,
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
