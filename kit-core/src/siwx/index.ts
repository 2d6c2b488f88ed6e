// Public API of this area: sign-in with wallet (SIWX), pluggable, with a default EIP-4361 implementation.
export { createDefaultSiwx, type DefaultSiwxOptions, type SiwxSignatureVerifier } from './default-siwx.js'
export { formatSiwxMessage } from './siwe-message.js'
export type { SiwxAccount, SiwxController, SiwxDeps, SiwxEvent, SiwxState } from './siwx-controller.js'
export { createSiwx } from './siwx-facade.js'
export type { SiwxConfig, SiwxMessage, SiwxMessageData, SiwxMessageInput, SiwxSession } from './types.js'
