// The public types of the WalletConnect test wallet.
import type { IWalletKit } from '@reown/walletkit'
import type { AuthTypes, CoreTypes, ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { WcBitcoinOptions } from './bip122.js'
import type { WcNamespace } from './delegate.js'
import type { WcEvmOptions } from './eip155.js'
import type { WcErrorObject } from './errors.js'
import type { WcSolanaOptions } from './solana.js'

/** How the simulated user answers proposals and requests that need approval. */
export type ApprovalPolicy = 'approve' | 'reject' | 'hold'

/** Options of {@link createWcWallet}. At least one of `evm`, `solana`, `bitcoin`. */
export interface WcWalletOptions {
  /** The relay's WebSocket URL (`ws://127.0.0.1:<port>`). */
  relayUrl: string
  /** Any string; the local relay does not check it. Default 'latchkey-wc-wallet'. */
  projectId?: string
  /** The wallet's metadata the dApp sees; default name 'Latchkey WalletConnect Test Wallet'. */
  metadata?: Partial<CoreTypes.Metadata>
  /** eip155: keys and chains of the EVM test wallet that answers. */
  evm?: WcEvmOptions
  /** solana: keys and clusters of the Solana test wallet that answers. */
  solana?: WcSolanaOptions
  /** bip122: keys and networks of the Bitcoin test wallet that answers. */
  bitcoin?: WcBitcoinOptions
  /** Default 'approve' (test mode: everything is answered at once). */
  policy?: ApprovalPolicy
  /** What a rejected request is answered with; default `{ code: 4001, message: 'User rejected the request.' }`. */
  rejectionError?: WcErrorObject
  /**
   * The SDK's storage prefix; default one of its own per instance, so two wallets never share a Core. In a page
   * (where the SDK keeps its state in IndexedDB) pass a fixed one, so a reload restores the sessions.
   */
  storagePrefix?: string
  /** The SDK's log level; default 'silent'. */
  logger?: string
}

/** A session proposal the wallet received. Updated in place when it settles. */
export interface WcProposal {
  /** The proposal id (what {@link WcWallet.approve} and {@link WcWallet.reject} take). */
  readonly id: number
  readonly pairingTopic: string
  /** The dApp's metadata: name, description, url, icons. */
  readonly proposer: CoreTypes.Metadata
  readonly requiredNamespaces: ProposalTypes.RequiredNamespaces
  readonly optionalNamespaces: ProposalTypes.OptionalNamespaces
  /** `Date.now()` when it arrived. */
  readonly at: number
  status: 'pending' | 'approved' | 'rejected' | 'expired'
  /** The session's topic, once approved. */
  sessionTopic?: string
  /** Why it was rejected (the error sent to the dApp). */
  reason?: WcErrorObject
}

/**
 * A one-step sign-in request (`wc_sessionAuthenticate`): the dApp asks for a session and a signed CAIP-122
 * message at once. The wallet answers it with one signed message per requested chain it knows (eip155 only).
 * Updated in place when it settles.
 */
export interface WcAuthRequest {
  /** The request id (what {@link WcWallet.approveAuth} and {@link WcWallet.rejectAuth} take). */
  readonly id: number
  /** The dApp's metadata. */
  readonly requester: CoreTypes.Metadata
  /** The payload to sign: domain, aud (the URI), nonce, chains, statement, resources (the ReCap of the methods). */
  readonly payload: AuthTypes.PayloadParams
  readonly at: number
  status: 'pending' | 'approved' | 'rejected' | 'expired'
  /** The session's topic, once approved. */
  sessionTopic?: string
  /** The CAIP-122 texts the wallet signed, once approved. */
  messages?: string[]
  reason?: WcErrorObject
}

/** Options of {@link WcWallet.approve}. */
export interface WcApproveOptions {
  /** Which of the wallet's namespaces to include; default all it holds. */
  namespaces?: WcNamespace[]
}

/** What became of a request. */
export type WcRequestOutcome = 'pending' | 'approved' | 'rejected' | 'error'

/** One request the wallet received, in arrival order. Updated in place when it settles. */
export interface WcRequestLogEntry {
  /** The request's JSON-RPC id (also the id of a held request). */
  readonly id: number
  readonly topic: string
  /** The CAIP-2 chain the dApp sent it for. */
  readonly chainId: string
  readonly method: string
  readonly params: unknown
  readonly at: number
  /**
   * 'approved' once answered with a result; 'rejected' when the user rejected it; 'error' when answered with any
   * other error (a method or chain outside the session, bad params, a chain's error) or when it expired unanswered.
   */
  outcome: WcRequestOutcome
  /** Whether it reached the user (the policy). */
  prompted: boolean
  result?: unknown
  error?: WcErrorObject
}

/** A request held for the user's answer (policy 'hold'). */
export interface WcPendingRequest {
  readonly id: number
  readonly topic: string
  readonly chainId: string
  readonly method: string
  readonly params: unknown
}

/** A WalletConnect wallet for tests; see {@link createWcWallet}. */
export interface WcWallet {
  /** The SDK client (WalletKit), for what this API does not cover. */
  readonly walletKit: IWalletKit
  readonly policy: ApprovalPolicy
  /** Changes how later proposals and requests are answered; held ones stay held. */
  setPolicy(policy: ApprovalPolicy): void
  /** Pairs with a dApp's `wc:` URI (what a phone does when it scans the QR code). */
  pair(uri: string): Promise<void>

  /** Every proposal received, oldest first. */
  readonly proposals: readonly WcProposal[]
  /** Resolves with the oldest held proposal not handed out by an earlier call, waiting for one if needed. */
  nextProposal(): Promise<WcProposal>
  /** Approves a pending proposal (default the oldest); resolves with the session once the dApp acknowledged it. */
  approve(proposalId?: number, options?: WcApproveOptions): Promise<SessionTypes.Struct>
  /** Rejects a pending proposal (default the oldest) with the SDK's USER_REJECTED (5000). */
  reject(proposalId?: number): Promise<void>

  /** Every one-step sign-in request received, oldest first. */
  readonly authRequests: readonly WcAuthRequest[]
  /** Resolves with the oldest held sign-in request not handed out by an earlier call, waiting for one if needed. */
  nextAuthRequest(): Promise<WcAuthRequest>
  /**
   * Approves a pending sign-in request (default the oldest): signs the message on each requested chain it knows
   * with its selected EVM account and answers; resolves with the session the answer creates.
   */
  approveAuth(id?: number): Promise<SessionTypes.Struct | undefined>
  /** Rejects a pending sign-in request (default the oldest) with the SDK's USER_REJECTED (5000). */
  rejectAuth(id?: number): Promise<void>

  /** Requests held for approval, oldest first. */
  pending(): WcPendingRequest[]
  /** Resolves with the oldest held request not handed out by an earlier call, waiting for one if needed. */
  nextRequest(): Promise<WcPendingRequest>
  /** Lets a held request (default the oldest) through: it is answered for real. Throws if there is none. */
  approveRequest(id?: number): void
  /** Rejects a held request (default the oldest) with `rejectionError`. Throws if there is none. */
  rejectRequest(id?: number): void
  /** Every request received, oldest first. */
  readonly log: readonly WcRequestLogEntry[]

  /** The active sessions. */
  readonly sessions: SessionTypes.Struct[]
  /** CAIP-2 ids of every chain the wallet knows. */
  readonly chains: readonly string[]
  /** The chain the wallet is on in `namespace`. */
  activeChain(namespace: WcNamespace): string
  /** CAIP-10 ids of the wallet's accounts on `chainId`, the selected one first. */
  accounts(chainId: string): string[]
  /**
   * The user moves the wallet to `chainId` (a chain it knows). Each session of that namespace first gets the
   * chain (and the accounts on it) in its namespaces if missing (a session update the dApp acknowledges), then a
   * `chainChanged` event when the session granted it.
   */
  switchChain(chainId: string): Promise<void>
  /** The user selects another account (position in the key list, or address): `accountsChanged` per session. */
  switchAccount(namespace: WcNamespace, which: number | string): Promise<void>
  /** Emits a session event on `chainId` to every session that includes it (or only `topic`'s). */
  emit(event: { name: string; data: unknown }, chainId: string, topic?: string): Promise<void>
  /** Ends a session from the wallet (default every session) with the SDK's USER_DISCONNECTED (6000). */
  disconnect(topic?: string): Promise<void>
  /**
   * Calls `listener` after anything a user interface shows changes: a proposal or sign-in request arrives or
   * settles, a request arrives, is held, is let through or rejected, or is answered, a session is approved, updated
   * or deleted, the policy, chain or account changes. Returns the function that removes it.
   */
  onChange(listener: () => void): () => void
  /** Closes the socket and stops the SDK's timers; held requests are dropped unanswered. */
  close(): Promise<void>
}
