import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/caip.js'
import { ProviderRpcError, RpcErrorCode } from '../errors/index.js'
import { type Connector, ConnectorIds } from './connectors.js'

/** Who the dApp is, as shown to wallets (SPEC §1 "metadata"). */
export interface AppMetadata {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

/** What a WalletConnect session grants in one namespace (CAIP-25 session namespace). */
export interface SessionNamespace {
  accounts: readonly CaipAddress[]
  chains?: readonly CaipNetworkId[]
  methods: readonly string[]
  events: readonly string[]
}

export interface WalletConnectSession {
  topic: string
  namespaces: Readonly<Partial<Record<ChainNamespace, SessionNamespace>>>
  peer: { metadata: AppMetadata }
  /** Unix seconds. */
  expiry: number
}

/** What the kit asks for in one namespace when it proposes a session. */
export interface ProposalNamespace {
  chains: readonly CaipNetworkId[]
  methods: readonly string[]
  events: readonly string[]
  /** chain reference -> RPC URL, so reads go to the host's RPCs (never a public RPC by accident). */
  rpcMap?: Readonly<Record<string, string>>
}

/** A CAIP-122 sign-in carried inside the session proposal (one-step sign-in). */
export interface SessionSignInRequest {
  domain: string
  uri: string
  statement?: string
  nonce: string
  chains: readonly CaipNetworkId[]
  resources?: readonly string[]
  expirationTime?: string
  notBefore?: string
  requestId?: string
}

/**
 * One signed CAIP-122 message a wallet returned for a one-step sign-in (a CACAO): the text it signed, the
 * signature, and the signed payload's fields as WalletConnect carries them.
 */
export interface WalletConnectAuth {
  /** The exact text the wallet signed. */
  message: string
  signature: string
  payload: {
    /** `did:pkh:<CAIP-10 account>`: who signed, on which chain. */
    iss: string
    domain: string
    /** The URI the sign-in is for. */
    aud: string
    version: string
    nonce: string
    /** RFC 3339 issued-at time. */
    iat: string
    statement?: string
    exp?: string
    nbf?: string
    requestId?: string
    resources?: readonly string[]
  }
  /** The CACAO object as the wallet sent it (kept with the session). */
  cacao: unknown
}

export interface WalletConnectEvents {
  /** A pairing URI to show as a QR code or open as a deep link. */
  display_uri: { uri: string }
  session_update: { session: WalletConnectSession }
  session_delete: { topic: string }
  /** The wallet moved to another chain, in the namespace of that chain. */
  chainChanged: { caipNetworkId: CaipNetworkId }
  accountsChanged: { namespace: ChainNamespace; accounts: readonly CaipAddress[] }
  /** The relay connection went down or came back. */
  transport: { status: 'open' | 'closed' }
  /**
   * The SDK or the relay reported an error outside any request (an unknown project id, an origin not allowed, a
   * session that does not verify). The kit turns the known kinds into alerts, once per kind (SPEC §8).
   */
  error: { error: unknown }
}

/**
 * The one WalletConnect session the kit shares across namespaces. Core defines it; the universal adapter's
 * package implements it over @walletconnect/universal-provider; `createKit` loads that package lazily and
 * hands the provider to every adapter through {@link AdapterContext}, so no adapter imports another.
 */
export interface WalletConnectProvider {
  /** The live session, if any. */
  readonly session: WalletConnectSession | undefined
  /**
   * Proposes a session and resolves when the wallet approves it. With `signIn`, the request also asks the wallet
   * to sign a CAIP-122 message (one-step sign-in); `auths` holds what it signed, per chain. A wallet that does not
   * support it answers the plain proposal instead, and `auths` is absent.
   * @throws ProviderRpcError 4001 when the wallet rejects; the pairing's expiry ends the wait with an error.
   */
  connect(params: {
    namespaces: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>>
    optionalNamespaces?: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>>
    pairingTopic?: string
    signIn?: SessionSignInRequest
  }): Promise<{ session: WalletConnectSession; auths?: readonly WalletConnectAuth[] }>
  /** Ends the session on both sides; when the relay cannot carry it, on this side alone, within the 3 s of SPEC §4. */
  disconnect(): Promise<void>
  /** Sends a wallet request on one chain of the session. @throws ProviderRpcError. */
  request<T = unknown>(args: { method: string; params?: unknown }, caipNetworkId: CaipNetworkId): Promise<T>
  /** Makes a chain the default for its namespace, as the wallet sees it. */
  setDefaultChain(caipNetworkId: CaipNetworkId): void
  /** The session's accounts in one namespace. */
  getAccounts(namespace: ChainNamespace): readonly CaipAddress[]
  on<E extends keyof WalletConnectEvents>(
    event: E,
    listener: (payload: WalletConnectEvents[E]) => void,
  ): () => void
}

/**
 * The WalletConnect entry of an adapter's connectors (one per namespace; the kit merges them into one row).
 * `networkSwitch` says how the active network changes: `wallet` asks the wallet, `adapter` retargets requests
 * to another approved chain with no prompt.
 */
export function walletConnectConnector(
  chain: ChainNamespace,
  networkSwitch: 'wallet' | 'adapter',
  extra: Pick<Connector, 'provider'> = {},
): Connector {
  return {
    id: ConnectorIds.walletConnect,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain,
    networkSwitch,
    ...extra,
  }
}

/**
 * A wallet answer that breaks the namespace's WalletConnect RPC reference: an internal error (-32603) naming the
 * method and what was wrong. A wallet at the other end of a relay is as hostile as any other.
 */
export function malformedWalletAnswer(method: string, what: string, cause?: unknown): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.InternalError, `The wallet answered ${method} with ${what}.`, {
    cause,
  })
}

/** The wallet's answer as the result object the method returns, or the malformed-answer error. */
export function walletResultObject(answer: unknown, method: string): Record<string, unknown> {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw malformedWalletAnswer(method, 'no result object')
  return answer as Record<string, unknown>
}
