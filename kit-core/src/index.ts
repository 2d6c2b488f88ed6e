/**
 * @latchkey/core: the ChainAdapter contract, CAIP helpers, the network catalogue, errors and the HTTP and
 * JSON-RPC clients. No rendering, no chain library; importing it touches no browser global.
 */
export type {
  AccountData,
  AccountDataLoader,
  BalancesController,
  BalancesState,
  TransactionsByMonth,
  TransactionsController,
  TransactionsState,
} from './account/types.js'
export * from './adapter/index.js'
export * from './caip/index.js'
export * from './controllers/config/index.js'
export * from './controllers/connection/index.js'
export * from './controllers/listing/index.js'
export * from './controllers/navigation/index.js'
export type { EmailLoginState, EmailLoginStep } from './embedded/email-login.js'
// The embedded wallet's kit side (types only: its code is a chunk the kit loads when email or social login is on).
export type {
  EmailUpdateStep,
  EmbeddedController,
  EmbeddedState,
} from './embedded/embedded-controller.js'
export * from './errors/index.js'
export type { KitContext, Logger } from './kit/context.js'
export type { EmbeddedSetup } from './kit/embedded-setup.js'
export { detectEnvironment, type KitEnvironment, nodeEnvironment } from './kit/environment.js'
export * from './kit/index.js'
export { createStore, type StateStore } from './kit/store.js'
export * from './networks/index.js'
export type {
  SendController,
  SendFee,
  SendLoader,
  SendPreview,
  SendResult,
  SendState,
} from './send/types.js'
export type { SendIssue } from './send/validate.js'
export * from './services/index.js'
export * from './siwx/index.js'
// The HTTP client and retries are `@latchkey/core/rpc`'s: the kit's first chunk reads no service by itself.
export { TransportDefaults } from './transport/defaults.js'
export { createEmitter, type Emitter } from './utils/emitter.js'
export { formatUnits, parseUnits, Units } from './utils/units.js'
export * from './validators/index.js'
export { VERSION } from './version.js'
