import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  type ChainNamespace,
  type ConnectionEvent,
  type Connector,
  createChainController,
  createConnectionController,
  DISCONNECT_TIMEOUT_MS,
  mainnet,
  nodeEnvironment,
  RECENT_WALLETS_LIMIT,
  solana,
  WALLETCONNECT_NAMESPACE_DEFAULTS,
} from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { createFakeWalletConnect } from '../support/fake-walletconnect.js'
import { createMemoryConnectionStore } from '../support/memory-connection-store.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function setup(
  options: {
    env?: Parameters<typeof nodeEnvironment>[0]
    store?: ReturnType<typeof createMemoryConnectionStore>
  } = {},
) {
  const evm = createFakeAdapter('eip155', [mainnet], [EVM])
  const sol = createFakeAdapter('solana', [solana], [SOL])
  const adapters: Partial<Record<ChainNamespace, typeof evm.adapter>> = {
    eip155: evm.adapter,
    solana: sol.adapter,
  }
  const wc = createFakeWalletConnect()
  const store = options.store ?? createMemoryConnectionStore()
  const forgotten: string[] = []
  const chain = createChainController({
    networks: [mainnet, solana],
    getAdapter: (ns) => adapters[ns],
    forgetConnector: (ns) => {
      forgotten.push(ns)
      void store.store.removeConnectorId(ns)
    },
  })
  const events: ConnectionEvent[] = []
  const hooks = { resetSendState: vi.fn(), resetSessions: vi.fn() }
  const connectors: Record<string, Connector> = {
    walletConnect: { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' },
    fake: { id: 'fake', name: 'Fake Wallet', type: 'INJECTED', chain: 'eip155' },
    ID_AUTH: { id: 'ID_AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' },
  }
  const connection = createConnectionController({
    env: nodeEnvironment(options.env),
    store: store.store,
    chain,
    namespaces: ['eip155', 'solana'],
    getAdapter: (ns) => adapters[ns],
    getConnector: (_ns, id) => connectors[id],
    getWalletConnectProvider: async () => wc.provider,
    track: (event) => events.push(event),
    ...hooks,
  })
  return { connection, chain, evm, sol, wc, store, events, hooks, forgotten }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('connection controller', () => {
  test('[§4.1] connection status: disconnected, connecting, connected', async () => {
    const { connection, chain } = setup()
    expect(connection.state.get().status).toBe('disconnected')
    await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(connection.state.get().status).toBe('connected')
    expect(chain.getAccount('eip155')?.status).toBe('connected')
    await connection.disconnect()
    expect(connection.state.get().status).toBe('disconnected')
    expect(chain.getAccount('eip155')?.status).toBe('disconnected')
  })

  test('a wallet connected on another namespace becomes the active one only while the active one has no account', async () => {
    const { connection, chain, sol } = setup()
    expect(chain.state.get().activeNamespace).toBe('eip155')
    await connection.connect({ namespace: 'solana', connectorId: 'fake' })
    expect(chain.state.get().activeNamespace).toBe('solana')
    expect(chain.state.get().activeCaipAddress).toBe(`${solana.caipNetworkId}:${SOL}`)
    expect(sol.adapter.switchNetwork).not.toHaveBeenCalled()
    // Now the active namespace has an account: connecting EVM beside it leaves Solana active.
    await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(chain.state.get().activeNamespace).toBe('solana')
    expect(chain.getAccount('eip155')?.status).toBe('connected')
  })

  test('a rejected connection leaves the state as it was and reports CONNECT_ERROR', async () => {
    const { connection, evm, events, store } = setup()
    vi.mocked(evm.adapter.connect).mockRejectedValueOnce(
      Object.assign(new Error('User rejected'), { code: 4001 }),
    )
    await expect(connection.connect({ namespace: 'eip155', connectorId: 'fake' })).rejects.toMatchObject({
      code: 4001,
    })
    expect(connection.state.get().status).toBe('disconnected')
    expect(store.connectorIds).toEqual({})
    expect(events.map((e) => e.event)).toEqual(['CONNECT_ERROR'])
  })

  describe('WalletConnect', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    test('[§4.2] on Telegram or iOS Safari, connecting sets connecting and ends as connected', async () => {
      for (const env of [{ isTelegram: true }, { isIos: true, isSafari: true }]) {
        const { connection, wc } = setup({ env })
        const done = connection.connectWalletConnect()
        await wc.proposed()
        expect(connection.state.get().status).toBe('connecting')
        wc.approve({ eip155: [`eip155:1:${EVM}`] })
        await done
        expect(connection.state.get().status).toBe('connected')
        expect(connection.state.get().wcPairingExpiry).toBeUndefined()
      }
      const desktop = setup()
      const done = desktop.connection.connectWalletConnect()
      await desktop.wc.proposed()
      expect(desktop.connection.state.get().status).toBe('disconnected')
      desktop.wc.approve({ eip155: [`eip155:1:${EVM}`] })
      await done
      expect(desktop.connection.state.get().status).toBe('connected')
    })

    test('[§4.3] an unexpired pairing is reused; an expired one is refreshed', async () => {
      const { connection, wc } = setup()
      const first = connection.connectWalletConnect().catch(() => undefined)
      await wc.proposed()
      wc.reject()
      await first
      const uri = connection.state.get().wcUri
      expect(uri).toMatch(/^wc:pairing-1@2/)
      expect(connection.isPairingExpired()).toBe(false)
      await connection.connectWalletConnect()
      expect(wc.proposals).toHaveLength(1)
      expect(connection.state.get().wcUri).toBe(uri)

      await vi.advanceTimersByTimeAsync(5 * 60_000 - 10_000)
      expect(connection.isPairingExpired()).toBe(true)
      const again = connection.connectWalletConnect()
      await wc.proposed()
      expect(wc.proposals).toHaveLength(2)
      expect(connection.state.get().wcUri).toMatch(/^wc:pairing-2@2/)
      wc.approve({ eip155: [`eip155:1:${EVM}`] })
      await again
    })

    test('a fresh pairing replaces one under way: only the new URI shows, and the old one failing is not an error', async () => {
      const { connection, wc } = setup()
      const first = connection.connectWalletConnect().catch((error: unknown) => error)
      await wc.proposed()
      expect(connection.state.get().wcUri).toMatch(/^wc:pairing-1@2/)
      // Without `fresh`, the proposal under way is the one waited for.
      const waiting = connection.connectWalletConnect().catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(0)
      expect(wc.proposals).toHaveLength(1)

      const second = connection.connectWalletConnect({ fresh: true })
      await wc.proposed()
      expect(wc.proposals).toHaveLength(2)
      expect(connection.state.get().wcUri).toMatch(/^wc:pairing-2@2/)
      wc.reject('oldest')
      expect(await first).toMatchObject({ code: 5000 })
      expect(await waiting).toBe(await first)
      expect(connection.state.get().wcError).toBe(false)
      expect(connection.state.get().wcUri).toMatch(/^wc:pairing-2@2/)
      wc.approve({ eip155: [`eip155:1:${EVM}`] })
      await second
      expect(connection.state.get().status).toBe('connected')
    })

    test('proposes every namespace with networks, with the methods and events its adapters use', async () => {
      const { connection, wc } = setup()
      const done = connection.connectWalletConnect().catch(() => undefined)
      await wc.proposed()
      wc.reject()
      await done
      const [proposal] = wc.proposals as {
        optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>
      }[]
      const eip155 = proposal?.optionalNamespaces.eip155
      expect(eip155?.chains.length).toBeGreaterThan(0)
      expect(eip155?.methods).toEqual([...WALLETCONNECT_NAMESPACE_DEFAULTS.eip155.methods])
      expect(eip155?.methods).toEqual(
        expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']),
      )
      expect(eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
      for (const [namespace, proposed] of Object.entries(proposal?.optionalNamespaces ?? {}))
        expect(proposed.methods.length, namespace).toBeGreaterThan(0)
    })

    test('[§4.5] a successful connection stores the deep link and the recent wallet and reports the method', async () => {
      const { connection, wc, store, events, chain } = setup()
      connection.setWcLinking({ name: 'Phone Wallet', href: 'phonewallet://' })
      connection.setRecentWallet({ id: 'w1', name: 'Phone Wallet', rdns: 'com.phone' })
      const done = connection.connectWalletConnect()
      await wc.proposed()
      wc.approve({ eip155: [`eip155:1:${EVM}`], solana: [`${solana.caipNetworkId}:${SOL}`] })
      await done
      expect(store.data.deepLink).toEqual({ name: 'Phone Wallet', href: 'phonewallet://' })
      expect(store.data.recentWallets).toEqual([{ id: 'w1', name: 'Phone Wallet', rdns: 'com.phone' }])
      expect(events).toContainEqual({
        event: 'CONNECT_SUCCESS',
        properties: { method: 'mobile', name: 'Phone Wallet' },
      })
      expect(chain.getAccount('solana')?.address).toBe(SOL)
      expect(store.connectorIds).toEqual({ eip155: 'walletConnect', solana: 'walletConnect' })

      connection.setWcLinking(undefined)
      await connection.finalizeWcConnection()
      expect(events.at(-1)).toEqual({
        event: 'CONNECT_SUCCESS',
        properties: { method: 'qrcode', name: 'Phone Wallet' },
      })
    })

    test('[§4.5] [§9.4] recent wallets: new at the front, at most 2, the oldest dropped', async () => {
      const { connection, store } = setup()
      expect(RECENT_WALLETS_LIMIT).toBe(2)
      for (const id of ['a', 'b', 'a', 'c']) {
        connection.setRecentWallet({ id })
        await connection.finalizeWcConnection()
      }
      expect(store.data.recentWallets.map((w) => w.id)).toEqual(['c', 'a'])
      expect(connection.state.get().recentWallets.map((w) => w.id)).toEqual(['c', 'a'])
    })

    test('[§4.4] reset returns to disconnected and clears uri, pairing expiry, linking, recent wallet and deep link', async () => {
      const { connection, wc, store } = setup()
      connection.setWcLinking({ name: 'W', href: 'w://' })
      connection.setRecentWallet({ id: 'w' })
      const first = connection.connectWalletConnect().catch(() => undefined)
      await wc.proposed()
      wc.reject()
      await first
      await store.store.setDeepLink({ name: 'W', href: 'w://' })
      await connection.resetWcConnection()
      const s = connection.state.get()
      expect([s.status, s.wcUri, s.wcPairingExpiry, s.wcLinking, s.recentWallet]).toEqual([
        'disconnected',
        undefined,
        undefined,
        undefined,
        undefined,
      ])
      expect(store.data.deepLink).toBeUndefined()
    })
  })

  describe('startup', () => {
    test('[§4.6] a namespace stored as connected goes to connecting; one stored as disconnected loses its address cache', async () => {
      const store = createMemoryConnectionStore({
        connectorIds: { eip155: 'fake' },
        statuses: { eip155: 'connected', solana: 'disconnected' },
      })
      const { connection, chain, evm } = setup({ store })
      let release: () => void = () => {}
      vi.mocked(evm.adapter.reconnect).mockImplementationOnce(
        () =>
          new Promise(
            (resolve) => (release = () => resolve({ connectorId: 'fake', accounts: [], network: mainnet })),
          ),
      )
      const restoring = connection.restore()
      await flush()
      expect(chain.getAccount('eip155')?.status).toBe('connecting')
      expect(store.log).toContain('clearAddressCache:solana')
      release()
      await restoring
    })

    test('[§4.7] connections are restored per namespace: adapter, WalletConnect session, embedded wallet; a failure leaves it disconnected', async () => {
      const store = createMemoryConnectionStore({
        connectorIds: { eip155: 'fake', solana: 'walletConnect' },
        statuses: { eip155: 'connected', solana: 'connected' },
      })
      const { connection, chain, evm, wc } = setup({ store })
      evm.setRestorable(mainnet)
      wc.restoreSession({ solana: [`${solana.caipNetworkId}:${SOL}`] })
      await connection.restore()
      expect(chain.getAccount('eip155')).toMatchObject({ status: 'connected', address: EVM })
      expect(chain.getAccount('solana')).toMatchObject({ status: 'connected', address: SOL })
      expect(evm.adapter.reconnect).toHaveBeenCalledTimes(1)

      const failing = createMemoryConnectionStore({
        connectorIds: { eip155: 'fake', solana: 'ID_AUTH' },
        statuses: { eip155: 'connected', solana: 'connected' },
      })
      const second = setup({ store: failing })
      second.evm.setRestorable(null)
      await second.connection.restore()
      expect(second.chain.getAccount('eip155')?.status).toBe('disconnected')
      expect(second.chain.getAccount('solana')?.status).toBe('disconnected')
      expect(failing.statuses).toEqual({ eip155: 'disconnected', solana: 'disconnected' })
      expect(failing.connectorIds).toEqual({})
      expect(failing.log).toContain('clearLoginCache')
    })
  })

  describe('disconnect', () => {
    test('[§4.8] per namespace, then the send state, the connection and the sessions are reset and DISCONNECT_SUCCESS reported', async () => {
      const { connection, chain, evm, sol, hooks, events, store } = setup()
      await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
      await connection.connect({ namespace: 'solana', connectorId: 'fake' })
      await connection.disconnect()
      expect(evm.adapter.disconnect).toHaveBeenCalled()
      expect(sol.adapter.disconnect).toHaveBeenCalled()
      expect(chain.getAccount('eip155')?.address).toBeUndefined()
      expect(store.connectorIds).toEqual({})
      expect(store.statuses).toEqual({ eip155: 'disconnected', solana: 'disconnected' })
      expect(hooks.resetSendState).toHaveBeenCalled()
      expect(hooks.resetSessions).toHaveBeenCalled()
      expect(events.at(-1)).toEqual({ event: 'DISCONNECT_SUCCESS', properties: {} })
    })

    test("[§4.9] failures are aggregated and rethrown as 'Failed to disconnect' (INTERNAL_SDK_ERROR)", async () => {
      const { connection, chain, evm, sol, events } = setup()
      await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
      await connection.connect({ namespace: 'solana', connectorId: 'fake' })
      vi.mocked(evm.adapter.disconnect).mockRejectedValueOnce(new Error('boom'))
      vi.mocked(sol.adapter.disconnect).mockRejectedValueOnce(new Error('bang'))
      const error = await connection.disconnect().catch((e: unknown) => e)
      expect(error).toMatchObject({ message: 'Failed to disconnect', code: 'INTERNAL_SDK_ERROR' })
      expect((error as Error).cause).toMatchObject({
        message:
          'Failed to disconnect chains: Failed to disconnect chain eip155: boom; Failed to disconnect chain solana: bang',
      })
      expect(chain.getAccount('eip155')?.status).toBe('disconnected')
      expect(chain.getAccount('solana')?.status).toBe('disconnected')
      expect(events.at(-1)?.event).toBe('DISCONNECT_ERROR')
    })

    test('[§4.10] disconnecting a WalletConnect or AUTH connector disconnects the other namespaces on the same connector type', async () => {
      const { connection, chain, evm } = setup()
      await connection.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await connection.connect({ namespace: 'solana', connectorId: 'walletConnect' })
      await connection.disconnect('eip155')
      expect(chain.getAccount('solana')?.status).toBe('disconnected')

      await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
      await connection.connect({ namespace: 'solana', connectorId: 'ID_AUTH' })
      await connection.disconnect('eip155')
      expect(chain.getAccount('solana')?.status).toBe('connected')
      vi.mocked(evm.adapter.disconnect).mockClear()
      await connection.connect({ namespace: 'eip155', connectorId: 'ID_AUTH' })
      await connection.disconnect('solana')
      expect(chain.getAccount('eip155')?.status).toBe('disconnected')
      expect(evm.adapter.disconnect).toHaveBeenCalledTimes(1)
    })

    test('[§4.11] [§9.28] disconnect gives up waiting for a wallet after 3 s', async () => {
      vi.useFakeTimers()
      try {
        const { connection, chain, evm } = setup()
        await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
        vi.mocked(evm.adapter.disconnect).mockReturnValueOnce(new Promise(() => {}))
        let settled = false
        const done = connection.disconnect().then(() => {
          settled = true
        })
        await vi.advanceTimersByTimeAsync(DISCONNECT_TIMEOUT_MS - 1)
        expect(settled).toBe(false)
        await vi.advanceTimersByTimeAsync(1)
        await done
        expect(settled).toBe(true)
        expect(DISCONNECT_TIMEOUT_MS).toBe(3000)
        expect(chain.getAccount('eip155')?.status).toBe('disconnected')
      } finally {
        vi.useRealTimers()
      }
    })

    test('[§4.12] account status disconnected removes the stored connector id', async () => {
      const { connection, store, forgotten } = setup()
      await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
      expect(store.connectorIds.eip155).toBe('fake')
      await connection.onWalletDisconnected('eip155')
      expect(forgotten).toContain('eip155')
      expect(store.connectorIds.eip155).toBeUndefined()
    })

    test('[§4.13] a disconnect or a failed connection check clears the login cache', async () => {
      const { connection, store } = setup()
      await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
      await connection.disconnect()
      expect(store.log.filter((l) => l === 'clearLoginCache')).toHaveLength(1)
      const failing = createMemoryConnectionStore({
        connectorIds: { eip155: 'ID_AUTH' },
        statuses: { eip155: 'connected' },
      })
      await setup({ store: failing }).connection.restore()
      expect(failing.log).toContain('clearLoginCache')
    })
  })
})
