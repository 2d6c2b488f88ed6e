// Importing the testkit types vitest's inject('browserWsEndpoint') (the augmentation lives in @latchkey/browser).
export type { ProvidedBrowser } from '@latchkey/browser'
export {
  type ConformanceAdapterContext,
  createEvmProbe,
  type EvmConformanceSetupOptions,
  evmConformanceSetup,
  freshAddress,
  fundedKeys,
  type LocalEvmNetwork,
  walletChainsOf,
  walletDriver,
} from './conformance.js'
export { type KitRoundTripReport, type RoundTripKit, runKitRoundTrip } from './kit-round-trip.js'
export {
  runTwoWalletScenario,
  type TwoWalletPageFunction,
  type TwoWalletPageInput,
  type TwoWalletPageRun,
  type TwoWalletReport,
} from './two-wallets.js'
export {
  runWalletConnectScenario,
  type ScenarioProvider,
  type WalletConnectScenarioAdapter,
  type WalletConnectScenarioOptions,
  type WalletConnectScenarioReport,
  walletConnectScenarioProblems,
} from './walletconnect.js'
