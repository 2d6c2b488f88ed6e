/**
 * @latchkey/core/walletconnect: one namespace's side of the kit's shared WalletConnect session, for adapters.
 * A subpath of its own, not the root entry, so that a host's bundler keeps it out of the initial chunk: only the
 * code that connects over WalletConnect (loaded on first use) reaches it.
 */
export {
  WalletConnectConnection,
  type WalletConnectConnectionEvents,
  type WalletConnectConnectionOptions,
} from './adapter/walletconnect-connection.js'
