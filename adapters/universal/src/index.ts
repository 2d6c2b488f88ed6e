export {
  chainOfEvent,
  createWalletConnectProvider,
  DISCONNECT_WAIT_MS,
  type WalletConnectProviderOptions,
} from './provider.js'
