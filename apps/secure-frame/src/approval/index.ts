/**
 * The secure frame's approval: `describeRequest` says what a request will do (pure), `renderApproval` builds the card
 * (text only, never markup from data), `createApprovalGuard` lets Approve work only for a real, visible click.
 */
export { describeRequest } from './describe.js'
export { createApprovalGuard } from './guard.js'
export {
  type ApprovalChain,
  ApprovalDecodeError,
  type ApprovalSection,
  type ApprovalSummary,
  type DescribeInput,
} from './model.js'
export { type ApprovalDapp, renderApproval } from './render.js'
