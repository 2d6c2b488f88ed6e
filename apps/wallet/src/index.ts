/**
 * @latchkey/wallet-sim: the phone-wallet simulator. `buildWalletSim` bundles its page (WalletKit over the local relay,
 * answering through the repository's EVM, Solana and Bitcoin test wallets) and `startWalletSim` serves it on its own
 * origin with the local stack's relay, chains and funded test keys.
 */
export { buildWalletSim, DEFAULT_OUT_DIR, type WalletSimManifest } from './build.js'
export { DEFAULT_ACCOUNTS, toWalletSimConfig, type WalletSimConfig } from './config.js'
export {
  DEFAULT_WALLET_PORT,
  type RunningWalletSim,
  type StartWalletSimOptions,
  startWalletSim,
  WALLET_PORT_ENV,
  walletPortFromEnv,
} from './server.js'
