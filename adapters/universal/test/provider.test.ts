// The kit's WalletConnect provider over universal-provider, against the local relay and the WalletConnect test
// wallet (WalletKit) holding a fresh EVM key: pairing through display_uri, the session in core's shape, requests
// signed by the wallet, the wallet's chain and account events, rejections as 4001, a relay restart mid-session, a disconnect
// from either side, two providers in one process that share nothing, and requests in flight when their session ends,
// the relay drops, or the wallet never answers.
import { Messages, ProviderRpcError } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { createWcWallet, type WcWallet } from '@latchkey/wc-wallet'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createWalletConnectProvider, type WalletConnectProviderOptions } from '../src/index.js'

// The SDKs' own test-run switch: without it the wallet fetches a Verify attestation from the internet for every
// proposal and request (there is no option to turn that off), which the test network guard refuses.
process.env.IS_VITEST = 'true'

const stack: LocalStackInfo = inject('stack')
const [chainA, chainB] = stack.evm.chains
const METADATA = {
  name: 'Provider test dApp',
  description: 'adapter-universal',
  url: 'http://127.0.0.1',
  icons: [],
}
const PROPOSAL = {
  chains: ['eip155:31337', 'eip155:31338'] as const,
  methods: ['personal_sign', 'eth_sendTransaction'],
  events: ['chainChanged', 'accountsChanged'],
}

type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>

let relay: LocalRelay
let wallet: WcWallet
let provider: Provider
const key = generatePrivateKey()
const address = privateKeyToAddress(key)
const secondKey = generatePrivateKey()
const secondAddress = privateKeyToAddress(secondKey)
let instances = 0

function newProvider(extra: Partial<WalletConnectProviderOptions> = {}): Promise<Provider> {
  instances += 1
  return createWalletConnectProvider({
    projectId: 'latchkey-universal-test',
    metadata: METADATA,
    relayUrl: relay.url,
    storagePrefix: `universal-provider-test-${process.pid}-${instances}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: { 'eip155:31337': chainA!.rpcUrl, 'eip155:31338': chainB!.rpcUrl },
    ...extra,
  })
}

/** Proposes a session, lets the wallet pair with the URI the provider shows, and waits for the approval. */
async function connect(target: Provider) {
  const stop = target.on('display_uri', ({ uri }) => void wallet.pair(uri))
  try {
    return await target.connect({ namespaces: { eip155: { ...PROPOSAL, chains: [...PROPOSAL.chains] } } })
  } finally {
    stop()
  }
}

/** Resolves with the provider's next `event`. */
function next<E extends 'chainChanged' | 'accountsChanged' | 'session_delete' | 'transport'>(
  target: Provider,
  event: E,
  match: (payload: Parameters<Parameters<Provider['on']>[1]>[0]) => boolean = () => true,
) {
  return new Promise((resolve) => {
    const stop = target.on(event, (payload) => {
      if (!match(payload as never)) return
      stop()
      resolve(payload)
    })
  })
}

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
  wallet = await createWcWallet({
    relayUrl: relay.url,
    evm: {
      privateKeys: [key, secondKey],
      chains: stack.evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    },
  })
  provider = await newProvider()
})

afterAll(async () => {
  await wallet?.close()
  await provider?.sdk.client.core.relayer.transportClose().catch(() => undefined)
  provider?.sdk.client.core.heartbeat.stop()
  await relay?.close()
})

describe('createWalletConnectProvider', () => {
  it('shows a pairing URI, and the wallet that scans it approves a session in core’s shape', async () => {
    const { session } = await connect(provider)
    expect(session.namespaces.eip155?.accounts).toEqual(
      expect.arrayContaining([`eip155:31337:${address}`, `eip155:31338:${address}`]),
    )
    expect(session.peer.metadata.name).toBe(wallet.walletKit.metadata.name)
    expect(session.expiry).toBeGreaterThan(Date.now() / 1000)
    expect(provider.session?.topic).toBe(session.topic)
    expect(provider.getAccounts('eip155')).toContain(`eip155:31337:${address}`)
    expect(provider.getAccounts('solana')).toEqual([])
  })

  it('sends requests to the wallet on the chain named: a personal_sign the key made', async () => {
    const message = 'Hello over WalletConnect'
    const hex = `0x${Buffer.from(message).toString('hex')}`
    const signature = await provider.request<`0x${string}`>(
      { method: 'personal_sign', params: [hex, address] },
      'eip155:31338',
    )
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'personal_sign',
      chainId: 'eip155:31338',
      outcome: 'approved',
    })
  })

  it('reports a request the user rejects as ProviderRpcError 4001', async () => {
    wallet.setPolicy('reject')
    try {
      const error = await provider
        .request({ method: 'personal_sign', params: ['0x00', address] }, 'eip155:31337')
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(4001)
    } finally {
      wallet.setPolicy('approve')
    }
  })

  it('re-emits the wallet moving to another chain with the chain’s CAIP-2 id', async () => {
    const changed = next(provider, 'chainChanged')
    await wallet.switchChain('eip155:31338')
    expect(await changed).toEqual({ caipNetworkId: 'eip155:31338' })
  })

  it('re-emits the user picking another account as CAIP-10 accounts of the namespace', async () => {
    const changed = next(provider, 'accountsChanged')
    await wallet.switchAccount('eip155', 1)
    const payload = (await changed) as { namespace: string; accounts: string[] }
    expect(payload.namespace).toBe('eip155')
    expect(payload.accounts[0]).toBe(`eip155:31338:${secondAddress}`)
    await wallet.switchAccount('eip155', 0)
  })

  it('keeps the session across a relay restart: the next request succeeds', async () => {
    const closed = next(
      provider,
      'transport',
      (payload) => (payload as { status: string }).status === 'closed',
    )
    await relay.stop()
    await closed
    const reopened = next(
      provider,
      'transport',
      (payload) => (payload as { status: string }).status === 'open',
    )
    await relay.start()
    await reopened
    const message = 'after the restart'
    const signature = await provider.request<`0x${string}`>(
      { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, address] },
      'eip155:31337',
    )
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('hears a disconnect from the wallet: session_delete, and no session left', async () => {
    const topic = provider.session?.topic
    const deleted = next(provider, 'session_delete')
    await wallet.disconnect()
    expect(await deleted).toEqual({ topic })
    expect(provider.session).toBeUndefined()
    expect(provider.getAccounts('eip155')).toEqual([])
  })

  it('reports a rejected proposal as ProviderRpcError 4001, then connects and disconnects from the dApp', async () => {
    wallet.setPolicy('reject')
    const error = await connect(provider).catch((caught: unknown) => caught)
    wallet.setPolicy('approve')
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).code).toBe(4001)
    expect(provider.session).toBeUndefined()

    const { session } = await connect(provider)
    const deleted: string[] = []
    const stop = provider.on('session_delete', ({ topic }) => deleted.push(topic))
    await provider.disconnect()
    stop()
    expect(provider.session).toBeUndefined()
    // Every namespace's connection over this provider hears the end, as it would the wallet's.
    expect(deleted).toEqual([session.topic])
    await expect.poll(() => wallet.sessions.some((s) => s.topic === session.topic)).toBe(false)
  })
})

describe('two providers in one process', () => {
  it('never share state: each has its own session, and its requests reach its own wallet only', async () => {
    const otherKey = generatePrivateKey()
    const otherAddress = privateKeyToAddress(otherKey)
    const otherWallet = await createWcWallet({
      relayUrl: relay.url,
      evm: {
        privateKeys: [otherKey],
        chains: stack.evm.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      },
    })
    const other = await newProvider()
    try {
      const mine = await connect(provider)
      const stop = other.on('display_uri', ({ uri }) => void otherWallet.pair(uri))
      const theirs = await other
        .connect({ namespaces: { eip155: { ...PROPOSAL, chains: [...PROPOSAL.chains] } } })
        .finally(stop)
      expect(theirs.session.topic).not.toBe(mine.session.topic)
      expect(provider.getAccounts('eip155')).toContain(`eip155:31337:${address}`)
      expect(other.getAccounts('eip155')).toContain(`eip155:31337:${otherAddress}`)
      expect(other.getAccounts('eip155')).not.toContain(`eip155:31337:${address}`)

      const before = wallet.log.length
      const message = 'only the other wallet signs this'
      const signature = await other.request<`0x${string}`>(
        { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, otherAddress] },
        'eip155:31337',
      )
      expect(await verifyMessage({ address: otherAddress, message, signature })).toBe(true)
      expect(wallet.log.length).toBe(before)
      expect(otherWallet.log.map((entry) => entry.method)).toEqual(['personal_sign'])

      // Ending one session leaves the other.
      await other.disconnect()
      expect(other.session).toBeUndefined()
      expect(provider.session?.topic).toBe(mine.session.topic)
      await provider.disconnect()
    } finally {
      await otherWallet.close()
      await other.sdk.client.core.relayer.transportClose().catch(() => undefined)
      other.sdk.client.core.heartbeat.stop()
    }
  })
})

describe('requests in flight', () => {
  /**
   * A personal_sign of `message` that the wallet holds (policy 'hold', set after the session is approved): resolves
   * once the wallet has it, with the request's promise and whether it has settled yet.
   */
  async function heldSign(target: Provider, message: string) {
    wallet.setPolicy('hold')
    const outcome = { settled: false }
    const promise = target.request<`0x${string}`>(
      { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, address] },
      'eip155:31337',
    )
    const settle = () => {
      outcome.settled = true
    }
    promise.then(settle, settle)
    const held = await wallet.nextRequest()
    expect(held).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
    return { promise, outcome, held }
  }

  /** Whether the request had settled when the provider's session_delete listeners ran (checked a macrotask later). */
  function settledAtSessionDelete(target: Provider, outcome: { settled: boolean }) {
    return new Promise<boolean>((resolve) => {
      const stop = target.on('session_delete', () => {
        stop()
        setTimeout(() => resolve(outcome.settled), 0)
      })
    })
  }

  /** Resolves with `promise`'s outcome, or 'still pending' when it has not settled within `ms` (a hang guard). */
  function within<T>(promise: Promise<T>, ms: number) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const guard = new Promise<'still pending'>((resolve) => {
      timer = setTimeout(() => resolve('still pending'), ms)
    })
    return Promise.race([promise.catch((error: unknown) => error), guard]).finally(() => clearTimeout(timer))
  }

  /** Stops the shared relay and waits until `targets` have seen their sockets close. */
  async function stopRelay(...targets: Provider[]) {
    const closed = targets.map((target) =>
      next(target, 'transport', (payload) => (payload as { status: string }).status === 'closed'),
    )
    await relay.stop()
    await Promise.all(closed)
  }

  /** Starts the shared relay again and waits until `targets` and the wallet are back on it. */
  async function restartRelay(...targets: Provider[]) {
    const reopened = targets.map((target) =>
      next(target, 'transport', (payload) => (payload as { status: string }).status === 'open'),
    )
    await relay.start()
    await Promise.all(reopened)
    await expect.poll(() => wallet.walletKit.core.relayer.connected).toBe(true)
  }

  /**
   * Holds a personal_sign in the wallet, ends its session with `end`, and checks the request was already rejected
   * with 4900 when the provider's session_delete listeners ran.
   */
  async function expectRejectedAtSessionEnd(label: string, end: (topic: string) => Promise<void> | void) {
    const { session } = await connect(provider)
    try {
      const { promise, outcome } = await heldSign(provider, label)
      const settledAtDelete = settledAtSessionDelete(provider, outcome)
      await end(session.topic)
      expect(await settledAtDelete).toBe(true)
      const error = await promise.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: 4900, message: Messages.walletConnectSessionEnded })
      expect(provider.session).toBeUndefined()
    } finally {
      wallet.setPolicy('approve')
    }
    return session.topic
  }

  it('rejects a request with 4900 when the wallet ends the session, before session_delete is heard', async () => {
    await expectRejectedAtSessionEnd('held when the wallet leaves', () => wallet.disconnect())
  })

  it('rejects a request with 4900 when the dApp disconnects, before session_delete is heard', async () => {
    const topic = await expectRejectedAtSessionEnd('held when the dApp leaves', () => provider.disconnect())
    // The wallet heard the end too, and dropped what it held.
    await expect.poll(() => wallet.sessions.some((s) => s.topic === topic)).toBe(false)
    expect(wallet.pending()).toEqual([])
  })

  /** Ends `topic` on the provider's side as its expiry would: the SDK's expirer checks on each heartbeat (one now). */
  function expire(target: Provider, topic: string) {
    const { core } = target.sdk.client
    core.expirer.set(topic, Math.floor(Date.now() / 1000) - 1)
    ;(core.heartbeat as unknown as { pulse(): void }).pulse()
  }

  it('rejects a request with 4900 when the session expires, before session_delete is heard', async () => {
    const topic = await expectRejectedAtSessionEnd('held when the session expires', (t) =>
      expire(provider, t),
    )
    await wallet.disconnect(topic)
  })

  it('ends the requests of the session that ends only: a request on a newer session goes on', async () => {
    const { session: older } = await connect(provider)
    try {
      const onOlder = await heldSign(provider, 'held on the older session')
      // A second session while the first is still open (a second proposal): the provider's is the newer one, and
      // the request on the older one is still in flight.
      wallet.setPolicy('approve')
      const { session: newer } = await connect(provider)
      expect(provider.session?.topic).toBe(newer.topic)
      const message = 'held on the newer session'
      const onNewer = await heldSign(provider, message)
      expect([onOlder.held.topic, onNewer.held.topic]).toEqual([older.topic, newer.topic])

      expire(provider, older.topic)
      const error = await within(onOlder.promise, 15_000)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: 4900, message: Messages.walletConnectSessionEnded })
      expect(onNewer.outcome.settled).toBe(false)
      wallet.approveRequest(onNewer.held.id)
      const signature = await onNewer.promise
      expect(await verifyMessage({ address, message, signature })).toBe(true)
      expect(provider.session?.topic).toBe(newer.topic)
    } finally {
      wallet.setPolicy('approve')
      await wallet.disconnect(older.topic)
    }
    await provider.disconnect()
  })

  it('completes a request across a relay restart: the wallet answers once both sides are back', async () => {
    await connect(provider)
    try {
      const message = 'held across a relay restart'
      const { promise, outcome, held } = await heldSign(provider, message)
      await stopRelay(provider)
      await restartRelay(provider)
      expect(outcome.settled).toBe(false)
      wallet.approveRequest(held.id)
      const signature = await promise
      expect(await verifyMessage({ address, message, signature })).toBe(true)
    } finally {
      wallet.setPolicy('approve')
    }
    await provider.disconnect()
  })

  /** `request` fails with the 2 s timeout's error, the relay's state in its data and cause. */
  async function expectTimedOut(request: Promise<unknown>, relayState: string, cause: RegExp) {
    const error = await within(request, 15_000)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({
      code: -32002,
      message: Messages.walletConnectRequestTimedOut(2),
      data: { relay: relayState },
    })
    expect(String((error as ProviderRpcError).cause)).toMatch(cause)
  }

  it('fails a request the wallet leaves unanswered after requestTimeoutMs, saying whether the relay was reachable', async () => {
    const quick = await newProvider({ requestTimeoutMs: 2000 })
    let relayStopped = false
    try {
      await connect(quick)
      // The wallet is silent, the relay up.
      const silent = await heldSign(quick, 'the wallet never answers')
      await expectTimedOut(silent.promise, 'connected', /wallet did not answer/i)
      wallet.rejectRequest(silent.held.id)

      // The relay down when the time is up.
      const cut = await heldSign(quick, 'the relay goes away')
      await stopRelay(quick)
      relayStopped = true
      await expectTimedOut(cut.promise, 'unreachable', /relay .*unreachable/i)
      await restartRelay(quick)
      relayStopped = false
      wallet.rejectRequest(cut.held.id)
    } finally {
      wallet.setPolicy('approve')
      if (relayStopped) await relay.start()
      await quick.disconnect().catch(() => undefined)
      await quick.sdk.client.core.relayer.transportClose().catch(() => undefined)
      quick.sdk.client.core.heartbeat.stop()
    }
  })
})

describe('without a project id', () => {
  it('refuses at once with the public relay (no SDK, no socket), and with a relay of its own connects with no projectId on its socket', async () => {
    for (const projectId of [undefined, '', '  ']) {
      await expect(
        createWalletConnectProvider({
          ...(projectId === undefined ? {} : { projectId }),
          metadata: METADATA,
        }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTIONS', message: expect.stringContaining('projectId') })
    }

    // The local relay (like any relay a host runs itself) checks no project id: the SDK is given none.
    instances += 1
    const own = await createWalletConnectProvider({
      projectId: '',
      metadata: METADATA,
      relayUrl: relay.url,
      storagePrefix: `universal-provider-test-${process.pid}-${instances}`,
      storageOptions: { database: ':memory:' },
      rpcUrls: { 'eip155:31337': chainA!.rpcUrl, 'eip155:31338': chainB!.rpcUrl },
    })
    try {
      const { session } = await connect(own)
      expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${address}`)
      // The socket the SDK opened (its URL is the SDK's, read off its relayer).
      const relayer = own.sdk.client.core.relayer as unknown as { provider: { connection: { url: string } } }
      const socket = new URL(relayer.provider.connection.url)
      expect(`${socket.protocol}//${socket.host}`).toBe(relay.url.replace(/\/$/, ''))
      expect(socket.searchParams.has('projectId')).toBe(false)
      expect(own.sdk.client.core.projectId).toBeUndefined()
      await own.disconnect()
    } finally {
      await own.sdk.client.core.relayer.transportClose().catch(() => undefined)
      own.sdk.client.core.heartbeat.stop()
    }
  })
})
