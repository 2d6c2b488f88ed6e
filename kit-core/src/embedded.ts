/**
 * @latchkey/core/embedded: the protocol the kit and the embedded wallet's secure frame share over postMessage. Every
 * message's `type` is `@latchkey/embedded/<NAME>`; a request carries an `id`, and the frame answers it with
 * `<NAME>_SUCCESS` or `<NAME>_ERROR` carrying the same `id`; `@latchkey/embedded/FRAME_READY` says the frame is up.
 * Strict schemas both ways (unknown fields refused, messages over 1 MB refused); parsers that never throw and name the
 * field at fault. A subpath of its own: the page's first chunk never carries it.
 */

export { embeddedConnector, frameChainIdOf } from './adapter/embedded.js'
export { MAX_DEPTH } from './embedded/checks.js'
export {
  cooldownMessage,
  createEmailLogin,
  EMAIL_LOGIN_COOLDOWN_MS,
  type EmailLogin,
  type EmailLoginDeps,
  type EmailLoginEvent,
  type EmailLoginState,
  type EmailLoginStep,
} from './embedded/email-login.js'
export { createFrameWalletProvider } from './embedded/frame-provider.js'
export {
  errorType,
  FRAME_ABORT,
  FRAME_APPROVAL,
  FRAME_READY,
  type FrameAbortMessage,
  type FrameAccountInfo,
  type FrameAccountType,
  type FrameApprovalEvent,
  type FrameApprovalState,
  type FrameChainId,
  type FrameDappMetadata,
  type FrameErrorEvent,
  type FrameErrorPayload,
  type FrameEvent,
  type FrameInbound,
  type FrameReadyEvent,
  type FrameRequest,
  type FrameRequestName,
  type FrameRequestPayloads,
  type FrameSocialProvider,
  type FrameSuccessEvent,
  type FrameSuccessPayloads,
  MESSAGE_PREFIX,
  REQUEST_NAMES,
  requestType,
  successType,
} from './embedded/messages.js'
export {
  MAX_MESSAGE_BYTES,
  messageSize,
  type ParseResult,
  parseFrameEvent,
  parseFrameInbound,
  parseFrameRequest,
} from './embedded/parse.js'
export { isSafeMethod, methodNamespace, type RpcPolicy, rpcPolicy } from './embedded/rpc-policy.js'
export { FRAME_SOCIAL_PROVIDERS, ID_PATTERN, MAX_THEME_VARIABLES } from './embedded/schemas.js'
export {
  createSecureFrame,
  SECURE_FRAME_MESSAGES,
  SECURE_FRAME_TIMINGS,
  type SecureFrame,
  type SecureFrameOptions,
  type SecureFrameStatus,
  secureFrameUrl,
} from './embedded/secure-frame.js'
export {
  createFrameClient,
  type FrameClient,
  type FrameClientOptions,
  type FrameRequestOptions,
} from './embedded/transport-client.js'
export {
  FRAME_MESSAGES,
  type FrameLogger,
  type FrameMessageSource,
  type FramePostTarget,
  FrameRequestError,
  type FrameRequestFailure,
} from './embedded/transport-common.js'
export {
  createFrameHost,
  type FrameHandlerContext,
  FrameHandlerError,
  type FrameHost,
  type FrameHostOptions,
  type FrameRequestHandler,
} from './embedded/transport-host.js'
export { isOriginAllowed } from './utils/origin-patterns.js'
