/**
 * @latchkey/core/send: the send form's rules (SPEC §5), for the Send view and hosts that build their own: the checks
 * made before anything is sent, and the most that can be sent. A subpath of its own: the page's first chunk never
 * carries it.
 */

export type {
  SendController,
  SendFee,
  SendLoader,
  SendPreview,
  SendResult,
  SendState,
} from './send/types.js'
export {
  isReceiverAddress,
  maxSendAmount,
  type SendDraft,
  type SendIssue,
  type SendToken,
  validateSend,
} from './send/validate.js'
