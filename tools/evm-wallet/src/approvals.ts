// The simulated user: answers approval prompts by the policy, or holds them for approve() / reject().

import { userRejected } from './errors.js'
import type { ApprovalPolicy, PendingRequest, RequestLogEntry, TestWallet } from './types.js'

interface HeldRequest {
  readonly entry: RequestLogEntry
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
  delivered: boolean
}

/** The approval half of a {@link TestWallet}, plus the prompt the request handlers await. */
export interface Approvals
  extends Pick<TestWallet, 'policy' | 'setPolicy' | 'pending' | 'nextPending' | 'approve' | 'reject'> {
  /** Asks the user about a request: resolves when approved, rejects with 4001 when rejected. */
  prompt(entry: RequestLogEntry): Promise<void>
}

export function createApprovals(initialPolicy: ApprovalPolicy): Approvals {
  let policy = initialPolicy
  const held: HeldRequest[] = []
  const pendingWaiters: ((request: PendingRequest) => void)[] = []

  const toPending = (request: HeldRequest): PendingRequest => ({
    id: request.entry.id,
    method: request.entry.method,
    params: request.entry.params,
  })
  const deliver = () => {
    while (pendingWaiters.length > 0) {
      const next = held.find((request) => !request.delivered)
      if (!next) return
      next.delivered = true
      pendingWaiters.shift()!(toPending(next))
    }
  }
  const takeHeld = (id: number | undefined): HeldRequest => {
    const index = id === undefined ? 0 : held.findIndex((request) => request.entry.id === id)
    const request = held[index]
    if (index < 0 || !request) {
      throw new Error(id === undefined ? 'No request is pending' : `No pending request with id ${id}`)
    }
    held.splice(index, 1)
    return request
  }

  return {
    get policy() {
      return policy
    },
    setPolicy(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'hold')
        throw new Error(`Unknown policy ${next}`)
      policy = next
    },
    prompt(entry) {
      entry.prompted = true
      if (policy === 'approve') return Promise.resolve()
      if (policy === 'reject') return Promise.reject(userRejected())
      return new Promise<void>((resolve, reject) => {
        held.push({ entry, resolve, reject, delivered: false })
        deliver()
      })
    },
    pending() {
      return held.map(toPending)
    },
    nextPending() {
      return new Promise<PendingRequest>((resolve) => {
        pendingWaiters.push(resolve)
        deliver()
      })
    },
    approve(id) {
      takeHeld(id).resolve()
    },
    reject(id) {
      takeHeld(id).reject(userRejected())
    },
  }
}
