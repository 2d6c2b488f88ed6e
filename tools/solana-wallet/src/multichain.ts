// The multi-chain test wallet: an EIP-6963 EVM test wallet (made by @latchkey/evm-wallet and handed in) and a
// Wallet Standard Solana wallet under one name and icon, with one approval policy and one request log. The EVM
// wallet is described structurally, so this package needs no dependency on @latchkey/evm-wallet.

import type { ApprovalPolicy, SolanaTestWalletOptions } from './types.js'
import { createSolanaTestWallet, type SolanaTestWallet } from './wallet.js'

/** What the multi-chain wallet uses of an `@latchkey/evm-wallet` `TestWallet` (a structural subset). */
export interface MultichainEvmWallet {
  readonly info: {
    readonly uuid: string
    readonly name: string
    readonly icon: string
    readonly rdns: string
  }
  readonly policy: ApprovalPolicy
  setPolicy(policy: ApprovalPolicy): void
  readonly log: readonly {
    readonly id: number
    readonly method: string
    readonly params: unknown
    readonly at: number
    readonly outcome: string
    readonly prompted: boolean
  }[]
  clearLog(): void
  pending(): { readonly id: number; readonly method: string; readonly params: unknown }[]
  nextPending(): Promise<{ readonly id: number; readonly method: string; readonly params: unknown }>
  approve(id?: number): void
  reject(id?: number): void
  readonly connected: boolean
  disconnect(): void
  announce(target?: EventTarget): () => void
}

/** The side of the wallet a request arrived on. */
export type MultichainNamespace = 'eip155' | 'solana'

/** A held request of either side; `id` is that side's log id. */
export interface MultichainPendingRequest {
  readonly namespace: MultichainNamespace
  readonly id: number
  readonly method: string
  readonly params: unknown
}

/** One entry of the shared request log. */
export interface MultichainLogEntry extends MultichainPendingRequest {
  readonly at: number
  readonly prompted: boolean
  /** EVM 'error' is reported as 'failed'; 'passthrough' is an EVM request the chain's RPC answered. */
  readonly status: 'pending' | 'approved' | 'rejected' | 'failed' | 'passthrough'
}

export interface MultichainTestWalletOptions {
  /** The EVM side: an `@latchkey/evm-wallet` test wallet; its EIP-6963 name and icon name the whole wallet. */
  readonly evmWallet: MultichainEvmWallet
  /** The Solana side: keys, clusters, and whether the site is already authorized. */
  readonly solana: Pick<SolanaTestWalletOptions, 'secretKeys' | 'clusters' | 'connected'>
  /** The one policy of both sides. Default: the EVM wallet's current policy. */
  readonly policy?: ApprovalPolicy
}

/** A multi-chain test wallet: both sides, one policy, one log, one set of user actions. */
export interface MultichainTestWallet {
  /** The wallet's one name and icon (the EIP-6963 info's; the icon base64-encoded, as the Wallet Standard needs). */
  readonly name: string
  readonly icon: string
  readonly evm: MultichainEvmWallet
  readonly solana: SolanaTestWallet
  /** EIP-6963 announcement and Wallet Standard registration on `target` (default the page's window). Returns an undo of the announcement. */
  announce(target?: EventTarget): () => void
  readonly policy: ApprovalPolicy
  /** Sets the policy of both sides; already held requests stay held. */
  setPolicy(policy: ApprovalPolicy): void
  /** Both sides' held requests, oldest first. */
  pending(): MultichainPendingRequest[]
  /** The next held request of either side not yet handed out by an earlier call, waiting for one if needed. */
  nextPending(): Promise<MultichainPendingRequest>
  /** Approves a held request (default the oldest of either side). Throws when there is no such request. */
  approve(request?: Pick<MultichainPendingRequest, 'namespace' | 'id'>): void
  /** Rejects a held request with 4001 (default the oldest of either side). Throws when there is no such request. */
  reject(request?: Pick<MultichainPendingRequest, 'namespace' | 'id'>): void
  /** Both sides' requests, oldest first. */
  readonly log: readonly MultichainLogEntry[]
  prompts(): MultichainLogEntry[]
  clearLog(): void
  /** Whether the site is authorized on either side. */
  readonly connected: boolean
  /** User action: revokes the site on both sides (each emits its own event). */
  disconnect(): void
}

const DATA_IMAGE = /^data:image\/(svg\+xml|webp|png|gif)(;base64)?,(.+)$/s
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

type StandardIcon = NonNullable<SolanaTestWalletOptions['icon']>

/**
 * The EIP-6963 icon as the Wallet Standard needs it: a base64 data URI of an SVG, WebP, PNG or GIF image. A
 * percent-encoded one (as the EVM test wallet's default) is re-encoded: the same image. Undefined for anything else.
 */
function standardIcon(icon: string): StandardIcon | undefined {
  const match = DATA_IMAGE.exec(icon)
  if (!match) return undefined
  const [, type, base64, payload = ''] = match
  if (base64) return BASE64.test(payload) ? (icon as StandardIcon) : undefined
  let bytes: Uint8Array
  try {
    bytes = new TextEncoder().encode(decodeURIComponent(payload))
  } catch {
    return undefined
  }
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:image/${type as 'svg+xml'};base64,${btoa(binary)}`
}

/**
 * Creates a multi-chain test wallet around an EVM test wallet; it sets the EVM wallet's policy. Throws when the
 * EVM wallet's icon is not a data: URI of an SVG, WebP, PNG or GIF image (the Wallet Standard needs one), and as
 * `createSolanaTestWallet` does for the Solana options.
 */
export function createMultichainTestWallet(options: MultichainTestWalletOptions): MultichainTestWallet {
  const evm = options.evmWallet
  const name = evm.info.name
  const icon = standardIcon(String(evm.info.icon))
  if (!icon) {
    throw new Error(
      "The EVM wallet's icon must be a data: URI of an SVG, WebP, PNG or GIF image to serve both sides.",
    )
  }
  const policy = options.policy ?? evm.policy
  evm.setPolicy(policy)
  const solana = createSolanaTestWallet({
    ...options.solana,
    name,
    icon,
    policy,
  })

  const tag = <T extends { id: number }>(namespace: MultichainNamespace, request: T) => ({
    namespace,
    ...request,
  })
  const log = (): MultichainLogEntry[] => {
    const entries: MultichainLogEntry[] = [
      ...evm.log.map((entry) => ({
        namespace: 'eip155' as const,
        id: entry.id,
        method: entry.method,
        params: entry.params,
        at: entry.at,
        prompted: entry.prompted,
        status: (entry.outcome === 'error' ? 'failed' : entry.outcome) as MultichainLogEntry['status'],
      })),
      ...solana.log.map((entry) => ({
        namespace: 'solana' as const,
        id: entry.id,
        method: entry.method,
        params: entry.params,
        at: entry.at,
        prompted: entry.prompted,
        status: entry.status,
      })),
    ]
    return entries.sort((a, b) => a.at - b.at)
  }
  const arrivedAt = (request: MultichainPendingRequest): number =>
    (request.namespace === 'eip155' ? evm.log : solana.log).find((entry) => entry.id === request.id)?.at ??
    Number.POSITIVE_INFINITY
  const pending = (): MultichainPendingRequest[] =>
    [
      ...evm.pending().map((request) => tag('eip155', request)),
      ...solana.pending().map((request) => tag('solana', request)),
    ].sort((a, b) => arrivedAt(a) - arrivedAt(b))
  const settle = (
    how: 'approve' | 'reject',
    request?: Pick<MultichainPendingRequest, 'namespace' | 'id'>,
  ) => {
    const target = request ?? pending()[0]
    if (!target) throw new Error('No request is pending.')
    const side = target.namespace === 'eip155' ? evm : target.namespace === 'solana' ? solana : undefined
    if (!side) throw new Error(`Unknown namespace '${String(target.namespace)}'; use eip155 or solana.`)
    side[how](target.id)
  }

  // nextPending across both sides: each side keeps one nextPending() outstanding once asked, its requests go
  // into one queue in the order they are held, and callers take from that queue.
  const queue: MultichainPendingRequest[] = []
  const waiters: ((request: MultichainPendingRequest) => void)[] = []
  let pumping = false
  const deliver = () => {
    const stillHeld = new Set(pending().map((request) => `${request.namespace}:${request.id}`))
    while (waiters.length > 0 && queue.length > 0) {
      const next = queue.shift()!
      if (stillHeld.has(`${next.namespace}:${next.id}`)) waiters.shift()!(next)
    }
  }
  const pump = (namespace: MultichainNamespace, side: Pick<MultichainEvmWallet, 'nextPending'>) => {
    void side.nextPending().then((request) => {
      queue.push(tag(namespace, request))
      deliver()
      pump(namespace, side)
    })
  }

  return {
    name,
    icon,
    evm,
    solana,
    announce(target) {
      const undo = evm.announce(target)
      solana.register(target)
      return undo
    },
    get policy() {
      return solana.policy
    },
    setPolicy(next) {
      solana.setPolicy(next) // throws on an unknown policy before either side changes
      evm.setPolicy(next)
    },
    pending,
    nextPending() {
      if (!pumping) {
        pumping = true
        pump('eip155', evm)
        pump('solana', solana)
      }
      return new Promise((resolve) => {
        waiters.push(resolve)
        deliver()
      })
    },
    approve: (request) => settle('approve', request),
    reject: (request) => settle('reject', request),
    get log() {
      return log()
    },
    prompts: () => log().filter((entry) => entry.prompted),
    clearLog() {
      evm.clearLog()
      solana.clearLog()
    },
    get connected() {
      return evm.connected || solana.connected
    },
    disconnect() {
      evm.disconnect()
      solana.disconnect()
    },
  }
}
