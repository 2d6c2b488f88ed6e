// The simulated user of the test wallets (EVM, Solana, Bitcoin): answers approval prompts by the policy, or holds
// them for a test (or the lab's settings panel) to approve or reject one by one.

/** How the simulated user answers requests that need approval. */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** What the simulated user sees of a request: its log entry, which it marks as prompted. */
export interface PromptEntry {
  readonly id: number
  readonly method: string
  readonly params: unknown
  prompted: boolean
}

/** A request held for approval (policy 'hold'). */
export interface PendingRequest {
  /** The id of its log entry. */
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** The approval half of a test wallet, plus the prompt its request handlers await. */
export interface Approvals {
  readonly policy: ApprovalPolicy
  /** Changes how later prompts are answered; held requests stay held. @throws Error for an unknown policy. */
  setPolicy(policy: ApprovalPolicy): void
  /** Asks the user: resolves when approved, rejects with the wallet's rejection error when rejected. */
  prompt(entry: PromptEntry): Promise<void>
  /** Requests held for approval, oldest first. */
  pending(): PendingRequest[]
  /** The oldest held request not yet handed out by an earlier call, waiting for one if there is none. */
  nextPending(): Promise<PendingRequest>
  /** Approves a held request (default the oldest). @throws Error when there is no such request. */
  approve(id?: number): void
  /** Rejects a held request (default the oldest). @throws Error when there is no such request. */
  reject(id?: number): void
}

const POLICIES: readonly ApprovalPolicy[] = ['approve', 'reject', 'hold']

function checkPolicy(policy: ApprovalPolicy): ApprovalPolicy {
  if (!POLICIES.includes(policy)) {
    throw new Error(`Unknown policy '${String(policy)}'; use approve, reject or hold.`)
  }
  return policy
}

interface Held {
  readonly entry: PromptEntry
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
  delivered: boolean
}

/**
 * Creates a simulated user. `rejection` makes the error a rejected prompt fails with: each wallet's own (EIP-1193
 * 4001, Solana's 4001, sats-connect's user rejection).
 * @throws Error for an unknown initial policy.
 */
export function createApprovals(initial: ApprovalPolicy, rejection: () => unknown): Approvals {
  let policy = checkPolicy(initial)
  const held: Held[] = []
  const waiters: ((request: PendingRequest) => void)[] = []
  const view = ({ entry }: Held): PendingRequest => ({
    id: entry.id,
    method: entry.method,
    params: entry.params,
  })
  const deliver = () => {
    for (let next = held.find((request) => !request.delivered); next && waiters.length > 0; ) {
      next.delivered = true
      waiters.shift()?.(view(next))
      next = held.find((request) => !request.delivered)
    }
  }
  const take = (id: number | undefined): Held => {
    const index = id === undefined ? 0 : held.findIndex((request) => request.entry.id === id)
    const request = held[index]
    if (index < 0 || !request) {
      throw new Error(id === undefined ? 'No request is pending.' : `No pending request with id ${id}.`)
    }
    held.splice(index, 1)
    return request
  }
  return {
    get policy() {
      return policy
    },
    setPolicy(next) {
      policy = checkPolicy(next)
    },
    prompt(entry) {
      entry.prompted = true
      if (policy === 'approve') return Promise.resolve()
      if (policy === 'reject') return Promise.reject(rejection())
      return new Promise<void>((resolve, reject) => {
        held.push({ entry, resolve, reject, delivered: false })
        deliver()
      })
    },
    pending: () => held.map(view),
    nextPending: () =>
      new Promise<PendingRequest>((resolve) => {
        waiters.push(resolve)
        deliver()
      }),
    approve(id) {
      take(id).resolve()
    },
    reject(id) {
      take(id).reject(rejection())
    },
  }
}
