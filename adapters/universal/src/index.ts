export { UniversalAdapter, type UniversalAdapterOptions } from './adapter.js'
export {
  chainOfEvent,
  createWalletConnectProvider,
  DISCONNECT_WAIT_MS,
  type WalletConnectProviderOptions,
} from './provider.js'
export { solanaTransfer } from './solana-transfer.js'
export { verifyBitcoinMessage, verifySolanaMessage } from './verify.js'
