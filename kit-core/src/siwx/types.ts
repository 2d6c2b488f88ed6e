import type { CaipNetworkId } from '../caip/caip.js'

/** What a sign-in message is created for: the account and its network (AppKit's `SIWXMessage.Input`). */
export interface SiwxMessageInput {
  accountAddress: string
  /** CAIP-2 id of the network the session is bound to. */
  chainId: CaipNetworkId
  /** RFC 3339 time before which the session is not valid. */
  notBefore?: string
}

/** The fields of a sign-in message (SPEC §3 "Sign-in session" data; the terms of EIP-4361). */
export interface SiwxMessageData extends SiwxMessageInput {
  /** The RFC 3986 authority asking for the sign-in (`app.example`). */
  domain: string
  /** The RFC 3986 URI the session is for. */
  uri: string
  /** '1' for EIP-4361. */
  version: string
  nonce: string
  statement?: string
  resources?: readonly string[]
  requestId?: string
  /** RFC 3339 times. */
  issuedAt?: string
  expirationTime?: string
}

/** A sign-in message: its data, and `toString()` for the text the wallet signs. */
export interface SiwxMessage extends SiwxMessageData {
  toString(): string
}

/** A signed sign-in (SPEC §3 "Sign-in session"). */
export interface SiwxSession {
  data: SiwxMessageData
  /** The exact text that was signed. */
  message: string
  signature: string
  /** A CACAO object, when the session came from a WalletConnect authentication. */
  cacao?: unknown
}

/**
 * Sign-in with wallet, pluggable (the shape of AppKit's `SIWXConfig`): the host passes its own, or
 * {@link createDefaultSiwx}. Every method may reject; the kit reports the failure to the user.
 */
export interface SiwxConfig {
  /** Creates the message for an account to sign (with a fresh nonce). */
  createMessage(input: SiwxMessageInput): Promise<SiwxMessage>
  /** Verifies and stores a signed session; rejects when the session is not acceptable. */
  addSession(session: SiwxSession): Promise<void>
  /** The valid sessions of an account on a network. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /**
   * Stores the sessions of one sign-in (the sessions a WalletConnect authentication returned): they replace the stored
   * sessions of the accounts (chain id and address) they are for; other accounts' sessions stay.
   */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /** Forgets the sessions of an account on a network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** True when the user must sign in to use the app (default false: sign-in is optional). */
  getRequired?(): boolean
  /** Revoke the sessions when the wallet disconnects. */
  signOutOnDisconnect?: boolean
}
