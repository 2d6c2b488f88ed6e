// The core's WalletConnectProvider over @walletconnect/universal-provider: one session the kit shares across
// namespaces. Wallet errors become ProviderRpcError (a rejection is 4001 whatever the SDK said), the session is
// handed out in core's shape, and the wallet's events are re-emitted with their namespace made explicit.
import {
  type AppMetadata,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  createEmitter,
  LatchkeyError,
  normalizeProviderError,
  type ProposalNamespace,
  RpcErrorCode,
  type SessionNamespace,
  type SessionSignInRequest,
  type WalletConnectEvents,
  type WalletConnectProvider,
  type WalletConnectSession,
} from '@latchkey/core'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import { checkRequestTimeout, trackRequests } from './in-flight.js'

/**
 * How long a disconnect waits for the relay before it ends the session here alone. Under the kit's own 3 s wait
 * (SPEC §4), so the session is gone from this provider by the time the kit reports the disconnect: a reload right
 * after cannot restore it.
 */
export const DISCONNECT_WAIT_MS = 2500

type Sdk = Awaited<ReturnType<typeof UniversalProvider.init>>
type SdkSession = NonNullable<Sdk['session']>
type SdkNamespaces = NonNullable<Parameters<Sdk['connect']>[0]['namespaces']>

export interface WalletConnectProviderOptions {
  /**
   * The WalletConnect Cloud project id. Required with the public relay; with a `relayUrl` of your own it may be left
   * out, and the relay socket then carries no `projectId` parameter (never an empty one).
   */
  projectId?: string
  /** Who the dApp is, as wallets show it. */
  metadata: AppMetadata
  /** The relay's WebSocket URL; default the SDK's public relay. Tests and offline setups pass a local one. */
  relayUrl?: string
  /**
   * Keeps this provider's SDK state apart from every other WalletConnect client on the page (two kits, or a
   * kit and a host's own client, never share a session). Default `latchkey`.
   */
  storagePrefix?: string
  /** The SDK's key-value storage options; in Node give `{ database: ':memory:' }`. */
  storageOptions?: { database?: string }
  /** RPC URL per network, so the SDK's reads go to the host's RPCs (never a public RPC by accident). */
  rpcUrls?: Readonly<Partial<Record<CaipNetworkId, string>>>
  /**
   * Whether the page registers each proposal and request with WalletConnect's Verify service, which lets wallets
   * tell the dApp's domain is genuine. Default: on with the public relay, off with a `relayUrl` of your own (the
   * public Verify service attests for the public network only); always off without a `projectId`. In a browser,
   * an unreachable Verify service holds every proposal and request for 5 s before the SDK gives up.
   */
  verify?: boolean
  /**
   * How long a request waits for the wallet's answer before it fails (-32002, saying whether the relay was
   * reachable). Default 15 minutes, the SDK's own expiry of a request, which is given the same value (the SDK takes
   * 5 minutes to 7 days; a shorter timeout ends the request here first). A request also fails at once (4900) when
   * its session ends, from either side.
   */
  requestTimeoutMs?: number
}

const NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']
const isNamespace = (value: string): value is ChainNamespace =>
  (NAMESPACES as readonly string[]).includes(value)

/** The SDK's session in core's shape (namespaces the kit does not know are left out). */
function toSession(session: SdkSession): WalletConnectSession {
  const namespaces: Partial<Record<ChainNamespace, SessionNamespace>> = {}
  for (const [key, value] of Object.entries(session.namespaces)) {
    if (!isNamespace(key)) continue
    namespaces[key] = {
      accounts: value.accounts as CaipAddress[],
      ...(value.chains ? { chains: value.chains as CaipNetworkId[] } : {}),
      methods: value.methods,
      events: value.events,
    }
  }
  const { name, description, url, icons } = session.peer.metadata
  return {
    topic: session.topic,
    namespaces,
    peer: { metadata: { name, description, url, icons } },
    expiry: session.expiry,
  }
}

/** The chain a `chainChanged` event names: its data may be a number, hex, decimal text or a CAIP-2 id. */
export function chainOfEvent(requestChainId: string, data: unknown): CaipNetworkId | undefined {
  const namespace = requestChainId.split(':')[0] ?? ''
  if (typeof data === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(data))
    return data as CaipNetworkId
  if (namespace === 'eip155') {
    const id =
      typeof data === 'number'
        ? data
        : typeof data === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(data)
          ? Number(data)
          : Number.NaN
    if (Number.isSafeInteger(id) && id > 0) return `eip155:${id}` as CaipNetworkId
    return undefined
  }
  return /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(requestChainId)
    ? (requestChainId as CaipNetworkId)
    : undefined
}

/** The SDK's proposal namespaces from core's (`rpcMap` keyed by chain reference, as the SDK reads it). */
function toSdkNamespaces(
  namespaces: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>> | undefined,
): SdkNamespaces {
  const result: SdkNamespaces = {}
  for (const [key, value] of Object.entries(namespaces ?? {})) {
    if (!value || value.chains.length === 0) continue
    result[key] = {
      chains: [...value.chains],
      methods: [...value.methods],
      events: [...value.events],
      ...(value.rpcMap ? { rpcMap: { ...value.rpcMap } } : {}),
    }
  }
  return result
}

/**
 * Starts the SDK and returns the kit's WalletConnect provider over it. A session the SDK kept from an earlier
 * visit is restored (available as `session` at once).
 * @throws LatchkeyError INVALID_OPTIONS, before the SDK loads or any socket opens, with neither a `projectId` nor a
 * `relayUrl` (the public relay and Verify refuse a client without a project id, and the SDK would wait for ever).
 */
export async function createWalletConnectProvider(
  options: WalletConnectProviderOptions,
): Promise<WalletConnectProvider & { readonly sdk: Sdk }> {
  const projectId = options.projectId?.trim() || undefined
  if (!projectId && !options.relayUrl)
    throw new LatchkeyError(
      'WalletConnect needs a projectId with the public relay; pass one, or the relayUrl of a relay of your own',
      { code: 'INVALID_OPTIONS' },
    )
  checkRequestTimeout(options.requestTimeoutMs)
  // Loaded here, not at import: the SDK's WebSocket module reads `window` when it loads, and importing this package
  // on a server (or in Node) must touch no browser global.
  const { UniversalProvider: UniversalProviderSdk } = await import('@walletconnect/universal-provider')
  const sdk = await UniversalProviderSdk.init({
    ...(projectId ? { projectId } : {}), // none: the SDK leaves `projectId` out of the relay URL
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    customStoragePrefix: options.storagePrefix ?? 'latchkey',
    ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
    telemetryEnabled: false,
    logger: 'silent',
  })
  // The SDK has no option for it: registration is the Verify client's one entry point, so it answers "no
  // attestation" at once, as the SDK itself does in Node and in its test runs; always without a project id.
  if (!projectId || !(options.verify ?? options.relayUrl === undefined)) {
    sdk.client.core.verify.register = async () => undefined
  }
  const events = createEmitter<WalletConnectEvents>()
  const rpcUrlOf = (caipNetworkId: CaipNetworkId) => options.rpcUrls?.[caipNetworkId]

  sdk.on('display_uri', (uri: string) => events.emit('display_uri', { uri }))
  sdk.on('session_update', () => {
    if (sdk.session) events.emit('session_update', { session: toSession(sdk.session) })
  })
  const requests = trackRequests(sdk.client.core.relayer, events, options.requestTimeoutMs)
  // A session's requests in flight fail as it ends, before anyone hears of the end: the sign client reports the
  // wallet's delete and an expiry of any of its sessions (the SDK's own session_delete is of the current one only).
  sdk.client.on('session_delete', ({ topic }) => requests.endSession(topic))
  sdk.client.on('session_expire', ({ topic }) => requests.endSession(topic))
  sdk.on('session_delete', ({ topic }: { topic: string }) => {
    requests.endSession(topic)
    events.emit('session_delete', { topic })
  })
  sdk.on(
    'session_event',
    ({ params }: { params: { chainId: string; event: { name: string; data: unknown } } }) => {
      const { chainId, event } = params
      const namespace = chainId.split(':')[0] ?? ''
      if (event.name === 'chainChanged') {
        const caipNetworkId = chainOfEvent(chainId, event.data)
        if (caipNetworkId) events.emit('chainChanged', { caipNetworkId })
      } else if (
        (event.name === 'accountsChanged' || event.name === 'bip122_addressesChanged') &&
        isNamespace(namespace) &&
        Array.isArray(event.data)
      ) {
        // accountsChanged carries addresses or CAIP-10 ids; bip122_addressesChanged carries `{ address }` entries.
        // Of bip122_addressesChanged entries, only the accounts' payment addresses (not ordinals or change ones).
        const accounts = event.data
          .filter(
            (item: unknown) =>
              typeof item !== 'object' ||
              item === null ||
              (item as { intention?: unknown }).intention === undefined ||
              (item as { intention?: unknown }).intention === 'payment',
          )
          .map((item: unknown) =>
            typeof item === 'object' && item !== null ? (item as { address?: unknown }).address : item,
          )
          .filter((account): account is string => typeof account === 'string' && account.length > 0)
          .map((account) => (account.includes(':') ? account : `${chainId}:${account}`) as CaipAddress)
        if (accounts.length > 0) events.emit('accountsChanged', { namespace, accounts })
      }
    },
  )
  const requireSession = (): SdkSession => {
    if (!sdk.session) throw new LatchkeyError('No WalletConnect session', { code: 'NOT_CONNECTED' })
    return sdk.session
  }

  return {
    sdk,
    get session() {
      return sdk.session ? toSession(sdk.session) : undefined
    },

    async connect(params) {
      try {
        if (params.signIn) return await authenticate(params.signIn, params)
        const session = await sdk.connect({
          optionalNamespaces: {
            ...toSdkNamespaces(params.optionalNamespaces),
            ...toSdkNamespaces(params.namespaces),
          },
          ...(params.pairingTopic ? { pairingTopic: params.pairingTopic } : {}),
        })
        if (!session) throw new LatchkeyError('The wallet approved no session', { code: 'NOT_CONNECTED' })
        return { session: toSession(session) }
      } catch (error) {
        const normalized = error instanceof LatchkeyError ? error : normalizeProviderError(error)
        if (normalized.code !== RpcErrorCode.UserRejectedRequest) events.emit('error', { error })
        throw normalized
      }
    },

    async disconnect() {
      const topic = sdk.session?.topic
      if (!topic) return
      requests.endSession(topic)
      let timer: ReturnType<typeof setTimeout> | undefined
      const giveUp = new Promise<'timeout'>((done) => {
        timer = setTimeout(() => done('timeout'), DISCONNECT_WAIT_MS)
      })
      try {
        const outcome = await Promise.race([
          sdk.disconnect().then(
            () => 'done' as const,
            () => 'failed' as const,
          ),
          giveUp,
        ])
        // The SDK reports no session_delete for its own disconnect: it is reported here, so every namespace's
        // connection over this provider hears the end. When the relay did not carry the goodbye (it is down, or the
        // SDK failed), the session still ends on this side, so a reload does not restore it; the wallet learns of it
        // when the session expires or its next message goes unanswered.
        if (outcome === 'done') events.emit('session_delete', { topic })
        else if (sdk.session?.topic === topic) await forgetSession(topic)
      } finally {
        clearTimeout(timer)
      }
    },

    async request<T>(args: { method: string; params?: unknown }, caipNetworkId: CaipNetworkId): Promise<T> {
      const session = requireSession()
      try {
        return await requests.run(session.topic, (expiry) =>
          // The SDK answers a switch to an approved chain itself, without asking the wallet, and the wallet's own
          // idea of its chain then disagrees with the dApp's: the wallet is asked, as for any other wallet.
          args.method === 'wallet_switchEthereumChain'
            ? sdk.client.request<T>({
                topic: session.topic,
                chainId: caipNetworkId,
                request: { method: args.method, params: args.params as object },
                expiry,
              })
            : sdk.request<T>(
                {
                  method: args.method,
                  ...(args.params === undefined ? {} : { params: args.params as object }),
                },
                caipNetworkId,
                expiry,
              ),
        )
      } catch (error) {
        throw normalizeProviderError(error)
      }
    },

    setDefaultChain(caipNetworkId) {
      sdk.setDefaultChain(caipNetworkId, rpcUrlOf(caipNetworkId))
    },

    getAccounts(namespace) {
      return (sdk.session?.namespaces[namespace]?.accounts ?? []) as CaipAddress[]
    },

    on(event, listener) {
      return events.on(event, listener)
    },
  }

  /** Drops a session from the SDK's store and state without telling the wallet, and reports it deleted. */
  async function forgetSession(topic: string): Promise<void> {
    const internals = sdk as unknown as {
      client: { engine: { deleteSession(params: { topic: string; emitEvent?: boolean }): Promise<void> } }
      cleanup(): Promise<void>
    }
    requests.endSession(topic)
    await internals.client.engine.deleteSession({ topic, emitEvent: false }).catch(() => undefined)
    await internals.cleanup().catch(() => undefined)
    events.emit('session_delete', { topic })
  }

  /** One-step sign-in (SPEC §4): the session request carries a CAIP-122 message the wallet signs. */
  async function authenticate(
    signIn: SessionSignInRequest,
    params: {
      namespaces: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>>
      optionalNamespaces?: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>>
    },
  ) {
    const requested = { ...params.optionalNamespaces, ...params.namespaces }
    const methods = [...new Set(Object.values(requested).flatMap((ns) => ns?.methods ?? []))]
    const authenticateParams: Parameters<typeof sdk.authenticate>[0] = {
      chains: [...signIn.chains],
      domain: signIn.domain,
      uri: signIn.uri,
      nonce: signIn.nonce,
      methods,
      ...(signIn.statement ? { statement: signIn.statement } : {}),
      ...(signIn.resources ? { resources: [...signIn.resources] } : {}),
      ...(signIn.expirationTime ? { exp: signIn.expirationTime } : {}),
      ...(signIn.notBefore ? { nbf: signIn.notBefore } : {}),
      ...(signIn.requestId ? { requestId: signIn.requestId } : {}),
    }
    // universal-provider (not the sign client) reads `optionalNamespaces` off these params for the session's rpcMap,
    // so reads stay on the host's RPCs; the type leaves it out.
    const { session, auths } = await sdk.authenticate(
      Object.assign(authenticateParams, { optionalNamespaces: toSdkNamespaces(requested) }),
    )
    if (!session) throw new LatchkeyError('The wallet approved no session', { code: 'NOT_CONNECTED' })
    // The SDK checked each CACAO's signature and that it answers this request (domain, nonce, URI, chains); a
    // missing field is passed on empty, for the kit's own checks to refuse.
    if (!auths?.length) return { session: toSession(session) }
    return {
      session: toSession(session),
      auths: auths.map((cacao) => ({
        message: sdk.client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss }),
        signature: cacao.s.s,
        payload: {
          iss: cacao.p.iss,
          domain: cacao.p.domain,
          aud: cacao.p.aud ?? '',
          version: cacao.p.version ?? '',
          nonce: cacao.p.nonce,
          iat: cacao.p.iat ?? '',
          ...(cacao.p.statement ? { statement: cacao.p.statement } : {}),
          ...(cacao.p.exp ? { exp: cacao.p.exp } : {}),
          ...(cacao.p.nbf ? { nbf: cacao.p.nbf } : {}),
          ...(cacao.p.requestId ? { requestId: cacao.p.requestId } : {}),
          ...(cacao.p.resources ? { resources: [...cacao.p.resources] } : {}),
        },
        cacao,
      })),
    }
  }
}
