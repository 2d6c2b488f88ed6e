// The kit's WalletConnect provider over universal-provider, against the local relay and the WalletConnect test
// wallet (WalletKit) holding a fresh EVM key: pairing through display_uri, the session in core's shape, requests
// signed by the wallet, the wallet's chain and account events, rejections as 4001, a relay restart mid-session, a disconnect
// from either side, and two providers in one process that share nothing.
import { ProviderRpcError } from '@latchkey/core'
import type { LocalStackInfo } from '@latchkey/stack'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { createWcWallet, type WcWallet } from '@latchkey/wc-wallet'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createWalletConnectProvider } from '../src/index.js'

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

function newProvider(): Promise<Provider> {
  instances += 1
  return createWalletConnectProvider({
    projectId: 'latchkey-universal-test',
    metadata: METADATA,
    relayUrl: relay.url,
    storagePrefix: `universal-provider-test-${process.pid}-${instances}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: { 'eip155:31337': chainA!.rpcUrl, 'eip155:31338': chainB!.rpcUrl },
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
