/**
 * @latchkey/ui: the modal and buttons as custom elements (Preact inside open shadow roots) and `createKit()`
 * for apps without React. Importing it touches no browser global: elements are defined by `createKit`.
 */
export { defineLatchkeyElements, ELEMENT_NAMES } from './elements/define-elements.js'
export { ADDRESS_HEAD, ADDRESS_TAIL, formatAddress, formatAmount } from './format/address.js'
export { type MessageCatalogue, type MessageKey, messagesEn } from './i18n/messages-en.js'
export { createTranslate, type Translate } from './i18n/translate.js'
export { type CreateKitOptions, createKit, WALLET_GUIDE_URL } from './kit/create-kit.js'
export type { UiKit, WalletConnectPackageState } from './kit/types.js'
export type { ConnectingState, ConnectingWallet, UiController, UiState } from './kit/ui-controller.js'
export { applyThemeToHost, type ThemeHost } from './theme/apply-theme.js'
