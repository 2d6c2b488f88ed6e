// Public API of this area: the router (view stack, network-switch navigation, transaction stack) and the modal.
export {
  createModalController,
  decideModalMount,
  type ModalController,
  type ModalDeps,
  type ModalMount,
  type ModalState,
  type OpenOptions,
} from './modal-controller.js'
export {
  decideNetworkSwitch,
  type NetworkSwitchDecision,
  type NetworkSwitchInput,
} from './network-switch.js'
export {
  createRouterController,
  type RouterController,
  type RouterDeps,
  type RouterState,
  type TransactionAction,
  type TransactionStatus,
} from './router-controller.js'
export { shouldShowUnsupportedChain, type UnsupportedChainInput } from './unsupported-chain.js'
export {
  isShownView,
  type RouterEntry,
  SHOWN_VIEWS,
  type ShownView,
  type SwapArguments,
  type SwitchActiveChainViewParams,
  type SwitchNetworkViewParams,
  VIEWS,
  type View,
  type ViewParams,
  type ViewParamsMap,
} from './views.js'
