// The kit's shared WalletConnect session seen as an EIP-1193 provider, so the EVM adapters drive a phone wallet
// with the same code as a browser wallet: accounts come from the session (adopted without a prompt when the kit
// already holds one), `eth_chainId` is the session's active chain, a chain switch asks the wallet over the relay,
// and every other request goes to the wallet on the active chain.
import type { AdapterContext } from '../adapter/adapter.js'
import { LatchkeyError } from '../errors/index.js'
import type { Eip1193Provider } from './provider.js'
import { providerEvents } from './provider-events.js'

/** An EIP-1193 provider over the WalletConnect session, with the session's own end. */
export interface WalletConnectEip1193Provider extends Eip1193Provider {
  readonly isWalletConnect: true
  /** Ends the session on both sides (gives up on the relay after 3 s). */
  disconnect(): Promise<void>
  /** Stops following the session (the adapter is being destroyed); the session itself stays. */
  destroy(): void
  on(event: string, listener: (...args: unknown[]) => void): this
  removeListener(event: string, listener: (...args: unknown[]) => void): this
}

/**
 * An EIP-1193 provider over the kit's WalletConnect provider for the eip155 namespace. `eth_requestAccounts`
 * adopts the session (or proposes one for the context's networks), `eth_accounts` restores without a prompt,
 * `wallet_switchEthereumChain` asks the wallet and moves the session's default chain. Events: `accountsChanged`,
 * `chainChanged` (hex), `disconnect` (4900) when the session ends from the wallet's side.
 */
export function walletConnectEip1193Provider(context: AdapterContext): WalletConnectEip1193Provider {
  const getProvider = context.getWalletConnectProvider
  if (!getProvider)
    throw new LatchkeyError('WalletConnect is not enabled (enableWalletConnect)', { code: 'INVALID_PARAMS' })
  const events = providerEvents()
  // The session's code loads with the first request: a page whose visitor never picks WalletConnect never loads it.
  type Session = ReturnType<typeof import('./walletconnect-session.js').walletConnectEip1193Session>
  let loading: Promise<Session> | undefined
  let loaded: Session | undefined
  let destroyed = false
  const load = (): Promise<Session> => {
    loading ??= import('./walletconnect-session.js').then(
      ({ walletConnectEip1193Session }) => {
        loaded ??= walletConnectEip1193Session(context, getProvider, (event, args) =>
          events.emit(event, ...args),
        )
        if (destroyed) loaded.connection.destroy()
        return loaded
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }

  const provider: WalletConnectEip1193Provider = {
    isWalletConnect: true,

    async request({ method, params }) {
      return (await load()).request(method, params)
    },

    on(event, listener) {
      events.on(event, listener)
      return provider
    },

    removeListener(event, listener) {
      events.removeListener(event, listener)
      return provider
    },

    disconnect: async () => (await load()).connection.disconnect(),

    destroy() {
      destroyed = true
      loaded?.connection.destroy()
    },
  }
  return provider
}
