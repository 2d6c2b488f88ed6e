// The session's life through a headless kit: one WalletConnect session for eip155 and solana (one proposal), each
// namespace's adapter adopting it; a reload restores both with no prompt; the wallet moving to a chain the kit does
// not know sets the unsupported network; disconnecting one namespace takes the other with it; the wallet ending the
// session disconnects both in the kit. The wallet is WalletKit behind the local relay, on the local chains.
import {
  createDefaultSiwx,
  createKitCore,
  createMemoryStorage,
  type KitCore,
  type KitStorage,
  nodeEnvironment,
} from '@latchkey/core'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import type { WcWallet } from '@latchkey/wc-wallet'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { UniversalAdapter } from '../src/index.js'
import {
  closeProvider,
  evmNetworks,
  fundedWcWallet,
  newProvider,
  pairOnDisplayUri,
  solanaNetworks,
  until,
  verifySolanaWithNode,
} from './support.js'

type Provider = Awaited<ReturnType<typeof newProvider>>

let relay: LocalRelay
const kits: KitCore[] = []
const cleanups: (() => Promise<void> | void)[] = []

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  await relay?.close()
})

/** A headless kit over eip155 and solana, WalletConnect on, handed `provider` as its shared session. */
function kitFor(provider: Provider, storage: KitStorage): KitCore {
  const kit = createKitCore(
    {
      networks: [...evmNetworks, ...solanaNetworks],
      adapters: [
        new UniversalAdapter({ namespace: 'eip155' }),
        new UniversalAdapter({ namespace: 'solana' }),
      ],
      metadata: {
        name: 'Kit over WalletConnect',
        description: 'universal',
        url: 'http://127.0.0.1',
        icons: [],
      },
      enableWalletConnect: true,
      // The provider's relay: without it (and without a project id) the kit offers no WalletConnect.
      services: { walletConnectRelayUrl: relay.url },
      storage,
      environment: nodeEnvironment(),
    },
    { getWalletConnectProvider: async () => provider },
  )
  kits.push(kit)
  return kit
}

async function world(
  relayUrl = relay.url,
): Promise<{ wallet: WcWallet; provider: Provider; storage: KitStorage }> {
  const wallet = await fundedWcWallet(relayUrl, ['eip155', 'solana'])
  const provider = await newProvider(relayUrl, [...evmNetworks, ...solanaNetworks])
  const stop = pairOnDisplayUri(wallet, provider)
  cleanups.push(async () => {
    stop()
    await wallet.close()
    await closeProvider(provider)
  })
  return { wallet, provider, storage: createMemoryStorage() }
}

const connected = (kit: KitCore, namespace: 'eip155' | 'solana') =>
  kit.controllers.chain.state.get().namespaces[namespace]?.account

describe('a kit over one WalletConnect session', () => {
  test('connects eip155 and solana with one proposal, signs on both, and restores both after a reload', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()

    expect(wallet.proposals).toHaveLength(1)
    const evm = connected(kit, 'eip155')
    const sol = connected(kit, 'solana')
    expect(evm?.status).toBe('connected')
    expect(sol?.status).toBe('connected')
    expect(evm?.address?.toLowerCase()).toBe(
      wallet.accounts(evmNetworks[0]!.caipNetworkId)[0]?.split(':')[2]?.toLowerCase(),
    )
    expect(sol?.caipAddress).toBe(wallet.accounts(solanaNetworks[0]!.caipNetworkId)[0])

    const evmSignature = await kit.signMessage('one session, two chains', 'eip155')
    expect(
      await verifyMessage({
        address: evm?.address as `0x${string}`,
        message: 'one session, two chains',
        signature: evmSignature as `0x${string}`,
      }),
    ).toBe(true)
    const solSignature = await kit.signMessage('one session, two chains', 'solana')
    expect(verifySolanaWithNode(sol?.address ?? '', 'one session, two chains', solSignature)).toBe(true)

    // A reload: a new kit on the same storage and the same provider (which kept the session).
    kits.splice(kits.indexOf(kit), 1)[0]?.destroy()
    const prompts = wallet.log.filter((entry) => entry.prompted).length
    const reloaded = kitFor(provider, storage)
    await reloaded.ready
    expect(connected(reloaded, 'eip155')?.status).toBe('connected')
    expect(connected(reloaded, 'solana')?.caipAddress).toBe(sol?.caipAddress)
    expect(wallet.proposals).toHaveLength(1)
    expect(wallet.log.filter((entry) => entry.prompted)).toHaveLength(prompts)
    // The restored adapters sign through the session.
    expect(await reloaded.signMessage('after the reload', 'solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  })

  test('a chain the kit does not know sets the unsupported network; the wallet ending the session disconnects both', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const topic = provider.session?.topic
    expect(topic).toBeDefined()

    await wallet.emit({ name: 'chainChanged', data: '0x539' }, evmNetworks[0]!.caipNetworkId)
    await until(
      () => kit.controllers.chain.state.get().namespaces.eip155?.caipNetwork?.caipNetworkId === 'eip155:1337',
      'the unknown chain',
    )
    expect(kit.controllers.chain.state.get().namespaces.eip155?.caipNetwork?.name).toBe('Unknown Network')

    await wallet.disconnect()
    await until(
      () =>
        connected(kit, 'eip155')?.status === 'disconnected' &&
        connected(kit, 'solana')?.status === 'disconnected',
      'both namespaces to disconnect',
    )
    expect(provider.session).toBeUndefined()
  })

  test('the wallet naming its Solana accounts on another cluster of the session moves the account here too', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const active = solanaNetworks[0]!.caipNetworkId
    const other = solanaNetworks[1]!.caipNetworkId
    expect(kit.controllers.chain.state.get().namespaces.solana?.caipNetwork?.caipNetworkId).toBe(active)
    const [first, second] = wallet.accounts(other).map((id) => id.split(':')[2] as string)
    expect(connected(kit, 'solana')?.address).toBe(first)
    // The user picks the second account; the wallet says so on the cluster it shows, not the kit's active one.
    await wallet.emit({ name: 'accountsChanged', data: [second, first] }, other)
    await until(() => connected(kit, 'solana')?.address === second, 'the second Solana account')
    expect(connected(kit, 'solana')?.caipAddress).toBe(`${active}:${second}`)
    expect(kit.controllers.chain.state.get().namespaces.solana?.caipNetwork?.caipNetworkId).toBe(active)
  })

  test('disconnecting one namespace ends the session and takes the other with it', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    expect(wallet.sessions).toHaveLength(1)

    await kit.disconnect('solana')
    expect(connected(kit, 'eip155')?.status).toBe('disconnected')
    expect(connected(kit, 'solana')?.status).toBe('disconnected')
    expect(provider.session).toBeUndefined()
    await until(() => wallet.sessions.length === 0, 'the wallet to hear the disconnect')

    // Nothing comes back after a reload.
    const reloaded = kitFor(provider, storage)
    await reloaded.ready
    expect(connected(reloaded, 'eip155')?.status).toBe('disconnected')
    expect(connected(reloaded, 'solana')?.status).toBe('disconnected')
  })
})

/** A headless kit with sign-in on (core's default SIWX, its sessions in `siwxStorage`) over `namespaces`. */
function signInKit(
  provider: Provider,
  namespaces: readonly ('eip155' | 'solana')[],
  siwxStorage: KitStorage,
): KitCore {
  const networks = [
    ...(namespaces.includes('eip155') ? evmNetworks : []),
    ...(namespaces.includes('solana') ? solanaNetworks : []),
  ]
  const adapters = namespaces.map((namespace) => new UniversalAdapter({ namespace }))
  const kit = createKitCore(
    {
      networks,
      adapters,
      metadata: {
        name: 'Sign-in over WalletConnect',
        description: 'universal',
        url: 'http://127.0.0.1',
        icons: [],
      },
      enableWalletConnect: true,
      services: { walletConnectRelayUrl: relay.url },
      storage: createMemoryStorage(),
      environment: nodeEnvironment(),
      siwx: createDefaultSiwx({
        storage: siwxStorage,
        domain: 'app.latchkey.test',
        uri: 'http://app.latchkey.test/',
        statement: 'Sign in to the Latchkey test app.',
        required: true,
        verifyMessage: async ({ address, message, signature, chainId }) => {
          const adapter = adapters.find((each) => chainId.startsWith(`${each.namespace}:`))
          const network = networks.find((each) => each.caipNetworkId === chainId)
          if (!adapter || !network) return false
          return adapter.verifyMessage({ address, message, signature, network })
        },
      }),
    },
    { getWalletConnectProvider: async () => provider },
  )
  kits.push(kit)
  return kit
}

describe('[§4.41] sign-in over WalletConnect', () => {
  test('eip155 only: one request connects and signs in, the sessions are stored, nothing more is asked', async () => {
    const { wallet, provider } = await world()
    const siwxStorage = createMemoryStorage()
    const kit = signInKit(provider, ['eip155'], siwxStorage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()

    // One wc_sessionAuthenticate answered, no separate proposal, no personal_sign request after the connection.
    expect(wallet.authRequests.map((request) => request.status)).toEqual(['approved'])
    expect(wallet.proposals).toHaveLength(0)
    expect(wallet.log.filter((entry) => entry.method === 'personal_sign')).toHaveLength(0)
    const request = wallet.authRequests[0]!
    expect(request.payload.domain).toBe('app.latchkey.test')
    expect(request.payload.aud).toBe('http://app.latchkey.test/')
    expect(request.payload.chains).toEqual(evmNetworks.map((network) => network.caipNetworkId))

    const account = connected(kit, 'eip155')
    expect(account?.status).toBe('connected')
    const sessions = await kit.controllers.siwx.getSessions()
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.data.accountAddress.toLowerCase()).toBe(account?.address?.toLowerCase())
    expect(sessions[0]?.data.nonce).toBe(request.payload.nonce)
    expect(sessions[0]?.message).toBe(request.messages?.[0])
    expect(sessions[0]?.message).toContain('Sign in to the Latchkey test app.')
    expect(
      await verifyMessage({
        address: account?.address as `0x${string}`,
        message: sessions[0]?.message ?? '',
        signature: sessions[0]?.signature as `0x${string}`,
      }),
    ).toBe(true)
    // Both chains were signed for; the stored sessions hold both.
    for (const network of evmNetworks) {
      expect(await createDefaultSiwxSessions(siwxStorage, network.caipNetworkId)).toBe(1)
    }
    // Sign-in found the sessions: the modal never asked for a signature.
    expect(kit.controllers.modal.state.get().open).toBe(false)
    expect(kit.controllers.router.state.get().view).not.toBe('SIWXSignMessage')
    // The session the authentication created carries the methods the kit asked for.
    const signature = await kit.signMessage('after a one-step sign-in', 'eip155')
    expect(
      await verifyMessage({
        address: account?.address as `0x${string}`,
        message: 'after a one-step sign-in',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  test('a storage failure ends the session: nothing stays connected on either side', async () => {
    const { wallet, provider } = await world()
    const memory = createMemoryStorage()
    const failing: KitStorage = {
      getItem: (key) => memory.getItem(key),
      setItem: () => Promise.reject(new Error('QuotaExceededError: the sign-in storage is full')),
      removeItem: (key) => memory.removeItem(key),
    }
    const kit = signInKit(provider, ['eip155'], failing)
    await kit.ready
    await expect(kit.controllers.connection.connectWalletConnect()).rejects.toThrow(/storage is full/)
    expect(wallet.authRequests.map((request) => request.status)).toEqual(['approved'])
    expect(connected(kit, 'eip155')?.status ?? 'disconnected').toBe('disconnected')
    expect(provider.session).toBeUndefined()
    await until(() => wallet.sessions.length === 0, 'the wallet to hear the session end')
  })

  test('with a chain outside eip155, the session is proposed as usual and sign-in follows the connection', async () => {
    const { wallet, provider } = await world()
    const kit = signInKit(provider, ['eip155', 'solana'], createMemoryStorage())
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    expect(wallet.authRequests).toHaveLength(0)
    expect(wallet.proposals).toHaveLength(1)
    await until(() => kit.controllers.router.state.get().view === 'SIWXSignMessage', 'the sign-in view')
    expect(await kit.controllers.siwx.getSessions()).toHaveLength(0)
    expect(await kit.controllers.siwx.requestSignMessage()).toBe(true)
    expect(await kit.controllers.siwx.getSessions()).toHaveLength(1)
  })
})

/** How many sessions core's default SIWX keeps for `chainId` (read from its per-account storage keys). */
async function createDefaultSiwxSessions(
  storage: KitStorage & { keys(): string[] },
  chainId: string,
): Promise<number> {
  let count = 0
  for (const key of storage.keys().filter((k) => k.startsWith(`siwx_sessions:${chainId}:`))) {
    const sessions = JSON.parse((await storage.getItem(key)) ?? '[]') as { data: { chainId: string } }[]
    count += sessions.filter((session) => session.data.chainId === chainId).length
  }
  return count
}

describe('faults (the relay, the session, the wallet)', () => {
  test('a request sent while the relay is down goes out once it is back, and is answered', async () => {
    const { provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const address = connected(kit, 'eip155')?.address as `0x${string}`

    const closed = new Promise<void>((resolve) => {
      const stop = provider.on('transport', ({ status }) => {
        if (status === 'closed') resolve(stop())
      })
    })
    await relay.stop()
    await closed
    const signing = kit.signMessage('sent while the relay was down', 'eip155')
    await relay.start()
    const signature = await signing
    expect(
      await verifyMessage({
        address,
        message: 'sent while the relay was down',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(connected(kit, 'eip155')?.status).toBe('connected')
  })

  test('a request held by the wallet across a relay restart is answered after it', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const address = connected(kit, 'eip155')?.address as `0x${string}`
    wallet.setPolicy('hold')

    const signing = kit.signMessage('held across a restart', 'eip155')
    const held = await wallet.nextRequest()
    expect(held.method).toBe('personal_sign')
    await relay.stop()
    await relay.start()
    // The user approves once the relay is back: the answer reaches the kit (the SDKs re-subscribe on their own).
    wallet.approveRequest(held.id)
    const signature = await signing
    expect(
      await verifyMessage({
        address,
        message: 'held across a restart',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  test('a rejected request fails as a user rejection and leaves the session as it was', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    wallet.setPolicy('reject')
    await expect(kit.signMessage('declined', 'solana')).rejects.toMatchObject({ code: 4001 })
    await expect(kit.signMessage('declined', 'eip155')).rejects.toMatchObject({ code: 4001 })
    wallet.setPolicy('approve')
    expect(connected(kit, 'eip155')?.status).toBe('connected')
    expect(await kit.signMessage('accepted', 'solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  })

  test('disconnecting while the relay is down ends the session here all the same, and a reload restores nothing', async () => {
    const { provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    await relay.stop()
    try {
      // The goodbye cannot reach the wallet: the provider gives up after its 3 s wait and drops the session locally.
      await kit.disconnect()
      expect(connected(kit, 'eip155')?.status).toBe('disconnected')
      expect(connected(kit, 'solana')?.status).toBe('disconnected')
      expect(provider.session).toBeUndefined()
      const reloaded = kitFor(provider, storage)
      await reloaded.ready
      expect(connected(reloaded, 'eip155')?.status).toBe('disconnected')
      expect(connected(reloaded, 'solana')?.status).toBe('disconnected')
    } finally {
      await relay.start()
    }
  })

  test('an expired session disconnects every namespace, and a reload does not bring it back', async () => {
    const { provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const topic = provider.session?.topic as string
    // Seven days pass for this session: its expiry moves to a moment ago, and the SDK's expirer ends it as it would
    // a week after approval (the sign client deletes it; the kit must hear that through the provider).
    provider.sdk.client.core.expirer.set(topic, Math.floor(Date.now() / 1000) - 1)
    await until(
      () =>
        connected(kit, 'eip155')?.status === 'disconnected' &&
        connected(kit, 'solana')?.status === 'disconnected',
      'both namespaces to disconnect on expiry',
    )
    expect(provider.session).toBeUndefined()
    const reloaded = kitFor(provider, storage)
    await reloaded.ready
    expect(connected(reloaded, 'eip155')?.status).toBe('disconnected')
    expect(connected(reloaded, 'solana')?.status).toBe('disconnected')
  })

  test('the relay refusing the project raises the invalid-project alert, once however often it happens', async () => {
    const own = await startRelay({ port: 0 })
    cleanups.push(() => own.close())
    const { provider, storage } = await world(own.url)
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const raised: string[] = []
    const unsubscribe = kit.controllers.alerts.state.subscribe((alert) => {
      if (alert.open && alert.id) raised.push(alert.id)
    })
    cleanups.push(unsubscribe)
    const errors: unknown[] = []
    provider.on('error', ({ error }) => errors.push(error))

    own.refuseProject('latchkey-universal-test', 'Unauthorized: invalid key')
    await own.stop()
    await own.start()
    await until(() => raised.length > 0, 'the alert')
    expect(raised).toEqual(['invalidProjectId'])
    kit.controllers.alerts.dismiss()
    // The relay refuses again on the next request: the request fails clearly, and the alert is not raised twice.
    const failures = errors.length
    // (it fails as soon as the relay closes the socket, not when the request would expire minutes later)
    await expect(kit.signMessage('refused', 'eip155')).rejects.toMatchObject({
      code: 4900,
      message:
        'The WalletConnect relay closed the connection: WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)',
    })
    expect(errors.length).toBeGreaterThan(failures)
    expect(raised).toEqual(['invalidProjectId'])
    expect(kit.controllers.alerts.state.get().open).toBe(false)
  })
})
