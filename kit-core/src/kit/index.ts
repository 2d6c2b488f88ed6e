export { createKitCore, type KitCore, type KitCoreInternals } from './create-kit-core.js'
export {
  CONNECTION_COOKIE,
  CONNECTION_COOKIE_MAX_AGE_S,
  cookieToInitialState,
  type KitInitialState,
} from './initial-state.js'
export {
  type KitAccount,
  type KitControllers,
  type KitNetwork,
  type KitState,
  kitAccountOf,
  kitNetworkOf,
  kitStateOf,
} from './kit-api.js'
export { DEFAULT_SERVICE_URLS } from './services-setup.js'
