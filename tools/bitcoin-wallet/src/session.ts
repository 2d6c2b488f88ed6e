// Connection, account and network changes, and the events each cause emits (once per cause).
import { activeAddresses, publicAddress, satsNetworkName } from './addresses.js'
import { emitSats, type WalletState } from './state.js'

const notifyStandard = (state: WalletState) => {
  for (const listener of [...state.standardListeners]) listener(undefined)
}

/** The site connects: grants access. Notifies Wallet Standard listeners when it was not connected. */
export function grant(state: WalletState): void {
  if (state.connected) return
  state.connected = true
  notifyStandard(state)
}

/** The site disconnects itself: no sats-connect event (the site knows); Wallet Standard `change` once. */
export function revoke(state: WalletState): void {
  if (!state.connected) return
  state.connected = false
  notifyStandard(state)
}

/** The user disconnects the site in the wallet: sats-connect `disconnect` and Wallet Standard `change`, once. */
export function userDisconnect(state: WalletState): void {
  if (!state.connected) return
  state.connected = false
  emitSats(state, 'disconnect', { type: 'disconnect' })
  notifyStandard(state)
}

/** Switches the network by name (site request or user); events only when it really changes. */
export function changeNetwork(state: WalletState, name: string): void {
  const target = state.networks.find((network) => network.name === name)
  if (!target) throw new Error(`switchNetwork: the wallet does not know network ${name}`)
  if (target === state.network) return
  state.network = target
  if (!state.connected) return
  emitSats(state, 'networkChange', {
    type: 'networkChange',
    bitcoin: { name: satsNetworkName(target.network) },
    stacks: { name: 'testnet' },
    addresses: activeAddresses(state).map(publicAddress),
  })
  notifyStandard(state)
}

/** The user selects another account; events only when connected and it really changes. */
export function switchAccount(state: WalletState, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= state.accounts.length)
    throw new Error(
      `switchAccount: no account at position ${index} (the wallet holds ${state.accounts.length})`,
    )
  if (index === state.active) return
  state.active = index
  if (!state.connected) return
  emitSats(state, 'accountChange', {
    type: 'accountChange',
    addresses: activeAddresses(state).map(publicAddress),
  })
  notifyStandard(state)
}
