// The WalletConnect test wallet: WalletKit over its own Core, a simulated user, and one delegate per namespace.
import { type IWalletKit, WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { hex } from '@scure/base'
import { Core, HISTORY_EVENTS } from '@walletconnect/core'
import type { IJsonRpcHistory, JsonRpcRecord, SessionTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import { createBitcoinDelegate, readBitcoinChainId } from './bip122.js'
import type { NamespaceDelegate, WalletActions, WcNamespace } from './delegate.js'
import { createEvmDelegate } from './eip155.js'
import { toErrorObject, USER_REJECTED_REQUEST, type WcErrorObject, WcRpcError } from './errors.js'
import { accountIds, approvedNamespaces, checkRequest, sessionNamespaceOf, withChain } from './namespaces.js'
import { inNode, keepOffline } from './offline.js'
import { createSolanaDelegate } from './solana.js'
import type {
  ApprovalPolicy,
  WcAuthRequest,
  WcPendingRequest,
  WcProposal,
  WcRequestLogEntry,
  WcWallet,
  WcWalletOptions,
} from './types.js'

const POLICIES: readonly ApprovalPolicy[] = ['approve', 'reject', 'hold']

/** Logged (never sent) for a held request that ended unanswered: expired, its session deleted, or the wallet closed. */
const DROPPED: Readonly<WcErrorObject> = Object.freeze({
  code: 8000,
  message: 'Dropped unanswered: the request expired, its session ended or the wallet closed.',
})

/** Successive `next()` calls yield successive items; an item added while someone waits goes to the first waiter. */
function handOut<T extends { id: number }>(isOpen: (item: T) => boolean) {
  const items: T[] = []
  const given = new Set<number>()
  const waiters: { resolve: (item: T) => void; reject: (error: Error) => void }[] = []
  return {
    add(item: T) {
      items.push(item)
      const waiter = waiters.shift()
      if (waiter) {
        given.add(item.id)
        waiter.resolve(item)
      }
    },
    next(): Promise<T> {
      const item = items.find((candidate) => isOpen(candidate) && !given.has(candidate.id))
      if (item) {
        given.add(item.id)
        return Promise.resolve(item)
      }
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }))
    },
    fail(error: Error) {
      for (const waiter of waiters.splice(0)) waiter.reject(error)
    },
  }
}

/** A request held for the user: its log entry and how to settle it. */
interface Held {
  readonly entry: WcRequestLogEntry
  readonly settle: (decision: 'approve' | 'reject' | 'drop') => void
}

let instances = 0

/** How long the wallet waits for the dApp to acknowledge a session update (the SDK itself waits out the expiry). */
const UPDATE_ACK_MS = 10_000

/**
 * The dApp's answer to the wallet's next wc_sessionUpdate of `topic` carrying `namespaces`, read off the Core's
 * JSON-RPC history: the request is recorded there before it is sent, and the answer as it arrives. Watched from
 * before the update is sent, because the SDK's own `acknowledged()` (sign-client 2.25, `createDelayedPromise`)
 * drops an answer that arrives before it is first called, and it can only be called once `updateSession` has
 * returned, after the relay confirmed the publish: a dApp that answers first (in the same process, or on a busy
 * machine where both frames are read together) then leaves it waiting for five minutes. `answer` resolves with the
 * acknowledgement, or rejects with the dApp's refusal; `stop` stops watching.
 */
function watchUpdateAnswer(
  history: IJsonRpcHistory,
  topic: string,
  namespaces: SessionTypes.Namespaces,
): { answer: Promise<void>; stop: () => void } {
  const params = JSON.stringify({ namespaces })
  let id: number | undefined
  let onCreated: (record: JsonRpcRecord) => void = () => undefined
  let onUpdated: (record: JsonRpcRecord) => void = () => undefined
  const answer = new Promise<void>((resolve, reject) => {
    onCreated = (record) => {
      if (
        id === undefined &&
        record.topic === topic &&
        record.request.method === 'wc_sessionUpdate' &&
        JSON.stringify(record.request.params) === params
      )
        id = record.id
    }
    onUpdated = (record) => {
      if (id === undefined || record.id !== id || !record.response) return
      if (!('error' in record.response)) return resolve()
      const { code, message } = record.response.error
      reject(new WcRpcError(code, `The dApp refused the session update of ${topic}: ${message}`))
    }
  })
  // A refusal that comes before anyone awaits the answer is not an unhandled rejection; awaiting still throws it.
  answer.catch(() => undefined)
  history.on(HISTORY_EVENTS.created, onCreated)
  history.on(HISTORY_EVENTS.updated, onUpdated)
  return {
    answer,
    stop: () => {
      history.off(HISTORY_EVENTS.created, onCreated)
      history.off(HISTORY_EVENTS.updated, onUpdated)
    },
  }
}

/** Resolves with `acknowledged`, or fails clearly when the dApp has not acknowledged the update in time. */
async function withinAck(acknowledged: Promise<void>, topic: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `The dApp did not acknowledge the session update of ${topic} within ${UPDATE_ACK_MS} ms.`,
          ),
        ),
      UPDATE_ACK_MS,
    )
  })
  try {
    await Promise.race([acknowledged, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Creates a WalletConnect wallet on the relay at `relayUrl`: WalletKit 1.6 over its own Core 2.25 (its own storage
 * prefix; in Node in-memory storage, in a page the SDK's IndexedDB), answering eip155, solana and bip122 requests for
 * real through the EVM, Solana and Bitcoin test wallets. The Core never calls WalletConnect's hosted services (no
 * Verify attestation, no telemetry: see `keepOffline`). In Node it also sets `process.env.IS_VITEST = 'true'`, the
 * SDK's test-run switch, for the other SDK clients of the process. Resolves once the wallet is set up (the SDK
 * opens its relay socket when it has a topic to follow, at the first pairing).
 */
export async function createWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  if (!options.evm && !options.solana && !options.bitcoin) {
    throw new Error('createWcWallet: give at least one of evm, solana, bitcoin')
  }
  if (options.policy !== undefined && !POLICIES.includes(options.policy)) {
    throw new Error(`createWcWallet: unknown policy ${String(options.policy)}`)
  }
  if (inNode) process.env.IS_VITEST = 'true'

  const delegates: NamespaceDelegate[] = []
  if (options.evm) delegates.push(createEvmDelegate(options.evm))
  if (options.solana) delegates.push(createSolanaDelegate(options.solana))
  if (options.bitcoin) {
    const chainIds = await Promise.all(
      options.bitcoin.networks.map(
        (network) => network.caipNetworkId ?? readBitcoinChainId(network.esploraUrl),
      ),
    )
    delegates.push(createBitcoinDelegate(options.bitcoin, chainIds))
  }
  const delegateOf = (chainId: string): NamespaceDelegate => {
    const delegate = delegates.find((candidate) => candidate.namespace === chainId.split(':')[0])
    if (!delegate?.chains.includes(chainId)) throw new Error(`The wallet does not know ${chainId}.`)
    return delegate
  }
  const delegateFor = (namespace: WcNamespace): NamespaceDelegate => {
    const delegate = delegates.find((candidate) => candidate.namespace === namespace)
    if (!delegate) throw new Error(`The wallet holds no ${namespace} keys.`)
    return delegate
  }

  instances += 1
  const core = new Core({
    projectId: options.projectId ?? 'latchkey-wc-wallet',
    relayUrl: options.relayUrl,
    customStoragePrefix:
      options.storagePrefix ?? `latchkey-wc-wallet-${instances}-${globalThis.crypto.randomUUID()}`,
    // A page's storage is the SDK's own (IndexedDB; it takes no options), so a reload restores the sessions.
    ...(inNode ? { storageOptions: { database: ':memory:' } } : {}),
    telemetryEnabled: false,
    logger: options.logger ?? 'silent',
  })
  keepOffline(core)
  const walletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Latchkey WalletConnect Test Wallet',
      description: 'A WalletConnect wallet for tests',
      url: 'http://127.0.0.1',
      icons: [],
      ...options.metadata,
    },
    // Requests reach the wallet as they arrive (several can be held at once); the wallet de-duplicates them.
    signConfig: { disableRequestQueue: true },
  })
  // WalletKit's sign client makes a logger of its own (level 'error'), not the Core's: quiet it too.
  walletKit.engine.signClient.logger.level = options.logger ?? 'silent'

  let policy: ApprovalPolicy = options.policy ?? 'approve'
  let closed = false
  const rejection = options.rejectionError ?? USER_REJECTED_REQUEST
  const proposals: WcProposal[] = []
  const proposalQueue = handOut<WcProposal>((proposal) => proposal.status === 'pending')
  const log: WcRequestLogEntry[] = []
  const seenRequests = new Set<number>()
  const held: Held[] = []
  const requestQueue = handOut<WcPendingRequest>((request) => held.some((h) => h.entry.id === request.id))

  const listeners = new Set<() => void>()
  /** Tells the onChange listeners that something a user interface shows has changed. */
  const changed = () => {
    for (const listener of [...listeners]) {
      try {
        listener()
      } catch (error) {
        console.error('wc-wallet: an onChange listener failed', error)
      }
    }
  }

  const activeSessions = () => Object.values(walletKit.getActiveSessions())
  const pendingView = ({ entry }: Held): WcPendingRequest => ({
    id: entry.id,
    topic: entry.topic,
    chainId: entry.chainId,
    method: entry.method,
    params: entry.params,
  })

  // ---------- proposals ----------

  const findProposal = (id: number | undefined): WcProposal => {
    const proposal = proposals.find(
      (candidate) => candidate.status === 'pending' && (id === undefined || candidate.id === id),
    )
    if (!proposal) throw new Error(id === undefined ? 'No pending proposal.' : `No pending proposal ${id}.`)
    return proposal
  }
  const rejectProposal = async (proposal: WcProposal, reason: WcErrorObject) => {
    proposal.status = 'rejected'
    proposal.reason = reason
    changed()
    await walletKit.rejectSession({ id: proposal.id, reason: { code: reason.code, message: reason.message } })
  }
  const approveProposal = async (proposal: WcProposal, only?: readonly WcNamespace[]) => {
    const namespaces = approvedNamespaces(proposal, delegates, only)
    proposal.status = 'approved'
    changed()
    try {
      const session = await walletKit.approveSession({ id: proposal.id, namespaces })
      proposal.sessionTopic = session.topic
      return session
    } catch (error) {
      proposal.status = 'pending'
      throw error
    } finally {
      changed()
    }
  }
  const onProposal = ({ id, params }: WalletKitTypes.SessionProposal) => {
    if (closed || proposals.some((proposal) => proposal.id === id)) return
    const proposal: WcProposal = {
      id,
      pairingTopic: params.pairingTopic,
      proposer: params.proposer.metadata,
      requiredNamespaces: params.requiredNamespaces,
      optionalNamespaces: params.optionalNamespaces ?? {},
      at: Date.now(),
      status: 'pending',
    }
    proposals.push(proposal)
    changed()
    if (policy === 'hold') {
      proposalQueue.add(proposal)
      return
    }
    const settled =
      policy === 'approve'
        ? approveProposal(proposal).catch((error: unknown) =>
            // Nothing the wallet could approve (e.g. a required chain it does not know): the dApp hears why.
            rejectProposal(
              proposal,
              error instanceof WcRpcError
                ? error.toJSON()
                : {
                    code: getSdkError('UNSUPPORTED_NAMESPACE_KEY').code,
                    message: toErrorObject(error).message,
                  },
            ),
          )
        : rejectProposal(proposal, getSdkError('USER_REJECTED'))
    settled.catch(() => {})
  }
  const onProposalExpire = ({ id }: WalletKitTypes.ProposalExpire) => {
    const proposal = proposals.find((candidate) => candidate.id === id && candidate.status === 'pending')
    if (proposal) {
      proposal.status = 'expired'
      changed()
    }
  }

  // ---------- one-step sign-in (wc_sessionAuthenticate) ----------

  const authRequests: WcAuthRequest[] = []
  const authQueue = handOut<WcAuthRequest>((request) => request.status === 'pending')
  const findAuth = (id: number | undefined): WcAuthRequest => {
    const request = authRequests.find(
      (candidate) => candidate.status === 'pending' && (id === undefined || candidate.id === id),
    )
    if (!request) throw new Error(id === undefined ? 'No pending sign-in.' : `No pending sign-in ${id}.`)
    return request
  }
  const rejectAuth = async (request: WcAuthRequest, reason: WcErrorObject) => {
    request.status = 'rejected'
    request.reason = reason
    changed()
    await walletKit.rejectSessionAuthenticate({
      id: request.id,
      reason: { code: reason.code, message: reason.message },
    })
  }
  /** Signs the payload on each requested chain the wallet knows (its selected EVM account), then answers. */
  const approveAuth = async (request: WcAuthRequest) => {
    const delegate = delegateFor('eip155')
    const chains = request.payload.chains.filter((chain) => delegate.chains.includes(chain))
    if (chains.length === 0) {
      const { code, message } = getSdkError('UNSUPPORTED_CHAINS')
      throw new WcRpcError(code, message)
    }
    const payload = populateAuthPayload({
      authPayload: request.payload,
      chains,
      methods: [...delegate.methods],
    })
    request.status = 'approved'
    changed()
    try {
      const auths = []
      const messages: string[] = []
      for (const chainId of payload.chains) {
        const address = delegate.addresses(chainId)[0]
        const iss = `did:pkh:${chainId}:${address}`
        const message = walletKit.formatAuthMessage({ request: payload, iss })
        const text = `0x${hex.encode(new TextEncoder().encode(message))}`
        const signature = await delegate
          .prepare({ chainId, method: 'personal_sign', params: [text, address] }, actions)
          .run()
        messages.push(message)
        auths.push(buildAuthObject(payload, { t: 'eip191', s: String(signature) }, iss))
      }
      const { session } = await walletKit.approveSessionAuthenticate({ id: request.id, auths })
      request.messages = messages
      request.sessionTopic = session?.topic
      return session
    } catch (error) {
      request.status = 'pending'
      throw error
    } finally {
      changed()
    }
  }
  const onAuthenticate = ({ id, params }: WalletKitTypes.SessionAuthenticate) => {
    if (closed || authRequests.some((request) => request.id === id)) return
    const request: WcAuthRequest = {
      id,
      requester: params.requester.metadata,
      payload: params.authPayload,
      at: Date.now(),
      status: 'pending',
    }
    authRequests.push(request)
    changed()
    if (policy === 'hold') {
      authQueue.add(request)
      return
    }
    const settled =
      policy === 'approve'
        ? approveAuth(request).catch((error: unknown) => rejectAuth(request, toErrorObject(error)))
        : rejectAuth(request, getSdkError('USER_REJECTED'))
    settled.catch(() => {})
  }

  // ---------- requests ----------

  const respond = async (
    topic: string,
    id: number,
    answer: { result: unknown } | { error: WcErrorObject },
  ) => {
    if (closed) return
    await walletKit
      .respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...answer } as never })
      .catch(() => {})
  }
  /** Asks the user (the policy); resolves true when approved, false when rejected, undefined when dropped. */
  const ask = (entry: WcRequestLogEntry): Promise<boolean | undefined> => {
    entry.prompted = true
    if (policy !== 'hold') return Promise.resolve(policy === 'approve')
    return new Promise((resolve) => {
      const item: Held = {
        entry,
        settle: (decision) => {
          const index = held.indexOf(item)
          if (index >= 0) held.splice(index, 1)
          changed()
          resolve(decision === 'drop' ? undefined : decision === 'approve')
        },
      }
      held.push(item)
      changed()
      requestQueue.add(pendingView(item))
    })
  }
  const actions: WalletActions = { switchChain: (chainId) => wallet.switchChain(chainId) }
  const onRequest = async ({ id, topic, params }: WalletKitTypes.SessionRequest) => {
    if (closed || seenRequests.has(id)) return
    seenRequests.add(id)
    const { request, chainId } = params
    const entry: WcRequestLogEntry = {
      id,
      topic,
      chainId,
      method: request.method,
      params: request.params,
      at: Date.now(),
      outcome: 'pending',
      prompted: false,
    }
    log.push(entry)
    changed()
    try {
      const session = walletKit.getActiveSessions()[topic]
      const checked = checkRequest(session?.namespaces ?? {}, delegates, chainId, request.method)
      if (checked.error) throw checked.error
      const prepared = checked.delegate.prepare(
        { chainId, method: request.method, params: request.params },
        actions,
      )
      if (prepared.needsApproval) {
        const approved = await ask(entry)
        if (approved === undefined) {
          entry.outcome = 'error'
          entry.error = { ...DROPPED }
          return
        }
        if (!approved) {
          entry.outcome = 'rejected'
          entry.error = { ...rejection }
          await respond(topic, id, { error: entry.error })
          return
        }
      }
      const result = (await prepared.run()) ?? null
      entry.outcome = 'approved'
      entry.result = result
      await respond(topic, id, { result })
    } catch (error) {
      entry.outcome = 'error'
      entry.error = toErrorObject(error)
      await respond(topic, id, { error: entry.error })
    } finally {
      changed()
    }
  }
  const dropHeld = (match: (entry: WcRequestLogEntry) => boolean) => {
    for (const item of held.filter(({ entry }) => match(entry))) item.settle('drop')
  }
  const onRequestExpire = ({ id }: WalletKitTypes.SessionRequestExpire) =>
    dropHeld((entry) => entry.id === id)
  const onSessionDelete = ({ topic }: WalletKitTypes.SessionDelete) => {
    dropHeld((entry) => entry.topic === topic)
    changed()
  }
  const findHeld = (id: number | undefined): Held => {
    const item = held.find(({ entry }) => id === undefined || entry.id === id)
    if (!item) throw new Error(id === undefined ? 'No held request.' : `No held request ${id}.`)
    return item
  }

  walletKit.on('session_proposal', onProposal)
  walletKit.on('proposal_expire', onProposalExpire)
  walletKit.on('session_request', onRequest)
  walletKit.on('session_request_expire', onRequestExpire)
  walletKit.on('session_delete', onSessionDelete)
  walletKit.on('session_authenticate', onAuthenticate)

  // ---------- sessions ----------

  /** The active sessions that hold `namespace` (or only `topic`'s). */
  const sessionsWith = (namespace: string, topic?: string): SessionTypes.Struct[] =>
    activeSessions().filter(
      (session) => (topic === undefined || session.topic === topic) && session.namespaces[namespace],
    )
  const grants = (session: SessionTypes.Struct, chainId: string, event: string) =>
    sessionNamespaceOf(session.namespaces, chainId)?.namespace.events.includes(event) === true

  const wallet: WcWallet = {
    walletKit: walletKit as IWalletKit,
    get policy() {
      return policy
    },
    setPolicy(next) {
      if (!POLICIES.includes(next)) throw new Error(`Unknown policy ${String(next)}.`)
      policy = next
      changed()
    },
    pair: (uri) => walletKit.pair({ uri }),
    get proposals() {
      return proposals
    },
    nextProposal: () => proposalQueue.next(),
    approve: (proposalId, approveOptions) =>
      approveProposal(findProposal(proposalId), approveOptions?.namespaces),
    reject: (proposalId) => rejectProposal(findProposal(proposalId), getSdkError('USER_REJECTED')),
    get authRequests() {
      return authRequests
    },
    nextAuthRequest: () => authQueue.next(),
    approveAuth: (id) => approveAuth(findAuth(id)),
    rejectAuth: (id) => rejectAuth(findAuth(id), getSdkError('USER_REJECTED')),
    pending: () => held.map(pendingView),
    nextRequest: () => requestQueue.next(),
    approveRequest: (id) => findHeld(id).settle('approve'),
    rejectRequest: (id) => findHeld(id).settle('reject'),
    get log() {
      return log
    },
    get sessions() {
      return activeSessions()
    },
    get chains() {
      return delegates.flatMap((delegate) => delegate.chains)
    },
    activeChain: (namespace) => delegateFor(namespace).activeChain,
    accounts: (chainId) => accountIds(delegateOf(chainId), chainId),
    async switchChain(chainId) {
      const delegate = delegateOf(chainId)
      delegate.selectChain(chainId)
      changed()
      for (const session of sessionsWith(delegate.namespace)) {
        const namespaces = withChain(session.namespaces, delegate, chainId)
        if (namespaces !== session.namespaces) {
          // The SDK's `acknowledged()` is not used: it misses an answer that beats `updateSession` back.
          const watch = watchUpdateAnswer(core.history, session.topic, namespaces)
          try {
            await walletKit.updateSession({ topic: session.topic, namespaces })
            await withinAck(watch.answer, session.topic)
          } finally {
            watch.stop()
          }
          changed()
        }
        if (grants({ ...session, namespaces }, chainId, 'chainChanged')) {
          await walletKit.emitSessionEvent({
            topic: session.topic,
            chainId,
            event: { name: 'chainChanged', data: delegate.chainChangedData(chainId) },
          })
        }
      }
    },
    async switchAccount(namespace, which) {
      const delegate = delegateFor(namespace)
      delegate.selectAccount(which)
      changed()
      for (const session of sessionsWith(namespace)) {
        const chains = session.namespaces[namespace]?.chains ?? []
        const chainId = chains.includes(delegate.activeChain) ? delegate.activeChain : chains[0]
        if (chainId && grants(session, chainId, 'accountsChanged')) {
          await walletKit.emitSessionEvent({
            topic: session.topic,
            chainId,
            event: { name: 'accountsChanged', data: accountIds(delegate, chainId) },
          })
        }
      }
    },
    async emit(event, chainId, topic) {
      const targets = activeSessions().filter(
        (session) =>
          (topic === undefined || session.topic === topic) && sessionNamespaceOf(session.namespaces, chainId),
      )
      if (targets.length === 0) throw new Error(`No session includes ${chainId}.`)
      for (const session of targets) {
        await walletKit.emitSessionEvent({ topic: session.topic, chainId, event })
      }
    },
    async disconnect(topic) {
      const topics = topic === undefined ? activeSessions().map((session) => session.topic) : [topic]
      for (const each of topics) {
        dropHeld((entry) => entry.topic === each)
        await walletKit.disconnectSession({ topic: each, reason: getSdkError('USER_DISCONNECTED') })
        changed()
      }
    },
    onChange(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async close() {
      if (closed) return
      closed = true
      dropHeld(() => true)
      const error = new Error('The WalletConnect test wallet is closed.')
      proposalQueue.fail(error)
      authQueue.fail(error)
      requestQueue.fail(error)
      walletKit.off('session_proposal', onProposal)
      walletKit.off('proposal_expire', onProposalExpire)
      walletKit.off('session_request', onRequest)
      walletKit.off('session_request_expire', onRequestExpire)
      walletKit.off('session_delete', onSessionDelete)
      walletKit.off('session_authenticate', onAuthenticate)
      await core.relayer.transportClose().catch(() => {})
      core.heartbeat.stop()
      changed()
      listeners.clear()
    },
  }
  return wallet
}
