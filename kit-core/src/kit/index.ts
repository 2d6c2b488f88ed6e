export {
  createKitCore,
  DEFAULT_SERVICE_URLS,
  type KitCore,
  type KitCoreInternals,
} from './create-kit-core.js'
export type { KitAccount, KitControllers, KitNetwork, KitState } from './kit-api.js'
