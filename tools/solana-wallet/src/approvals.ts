// The simulated user of this wallet: the shared one (@latchkey/simulated-user), rejecting with this wallet's error.
import { type Approvals, createApprovals as createSimulatedUser } from '@latchkey/simulated-user'
import { userRejected } from './errors.js'
import type { ApprovalPolicy } from './types.js'

export type { Approvals } from '@latchkey/simulated-user'

/** The simulated user, starting with `policy`. @throws Error for an unknown policy. */
export function createApprovals(policy: ApprovalPolicy): Approvals {
  return createSimulatedUser(policy, userRejected)
}
