// Two kits of one origin in two tabs (issue 20): they share the page's localStorage, and each hears the other's writes
// as `storage` events, as a browser delivers them (to every other tab, never to the writer). The real path, two tabs
// of one Chromium context, is apps/lab/test/faults.test.ts.
import { describe, expect, test, vi } from 'vitest'
import {
  createKitCore,
  createMemoryStorage,
  type KitStorage,
  mainnet,
  nodeEnvironment,
  type SiwxConfig,
  type SiwxSession,
} from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const metadata = { name: 'Test', description: 'Test app', url: 'https://test.example', icons: [] }

/** A localStorage every tab shares; a write in one tab is a `storage` event in each other tab. */
function origin() {
  const shared = createMemoryStorage()
  const tabs: { window: EventTarget & { localStorage: KitStorage } }[] = []
  const tab = () => {
    const window = Object.assign(new EventTarget(), { localStorage: undefined as unknown as KitStorage })
    const me = { window }
    const tell = (key: string | null, oldValue: string | null, newValue: string | null) => {
      for (const other of tabs)
        if (other !== me)
          other.window.dispatchEvent(
            Object.assign(new Event('storage'), {
              key,
              oldValue,
              newValue,
              storageArea: other.window.localStorage,
            }),
          )
    }
    window.localStorage = {
      getItem: (key) => shared.getItem(key),
      setItem: (key, value) => {
        const old = (shared.getItem(key) as string | null | undefined) ?? null
        shared.setItem(key, value)
        tell(key, old, value)
      },
      removeItem: (key) => {
        const old = (shared.getItem(key) as string | null | undefined) ?? null
        shared.removeItem(key)
        tell(key, old, null)
      },
    }
    tabs.push(me)
    return window
  }
  return { shared, tab }
}

/** Sign-in sessions in the shared storage, as a host's own SIWX might keep them (any key). */
function sharedSiwx(storage: KitStorage): SiwxConfig {
  const key = 'host:sessions'
  const read = () => JSON.parse(String(storage.getItem(key) ?? '[]')) as SiwxSession[]
  return {
    createMessage: async (input) => ({
      ...input,
      domain: 'test.example',
      uri: 'https://test.example/',
      version: '1',
      nonce: 'n0nce123',
      toString: () => `sign in ${input.accountAddress}`,
    }),
    addSession: async (session) => storage.setItem(key, JSON.stringify([...read(), session])),
    getSessions: async (chainId, address) =>
      read().filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
    setSessions: async () => undefined,
    revokeSession: async () => storage.setItem(key, '[]'),
    getRequired: () => true,
  }
}

function kitIn(window: EventTarget & { localStorage: KitStorage }, extra: { siwx?: SiwxConfig } = {}) {
  const evm = createFakeAdapter('eip155', [mainnet], [EVM])
  const core = createKitCore({
    adapters: [evm.adapter],
    metadata,
    networks: [mainnet],
    environment: { ...nodeEnvironment(), window: window as unknown as Window },
    ...extra,
  })
  return { core, evm }
}

/** Two tabs' kits: A connected, then B restoring the same wallet's connection, as a reload of B would. */
async function bothConnected() {
  const page = origin()
  const a = kitIn(page.tab())
  const b = kitIn(page.tab())
  await Promise.all([a.core.ready, b.core.ready])
  await a.core.connect({ connectorId: 'fake', namespace: 'eip155' })
  b.evm.setRestorable(mainnet)
  await b.core.controllers.connection.restore()
  return { page, a, b }
}

describe('two tabs of one origin', () => {
  test('a disconnect in one tab disconnects the other, through the storage event alone', async () => {
    const { a, b } = await bothConnected()
    expect(b.core.getAccount()).toMatchObject({ address: EVM, status: 'connected' })
    await a.core.disconnect()
    await vi.waitFor(() => expect(b.core.getAccount().status).toBe('disconnected'))
    expect(b.evm.adapter.disconnect).toHaveBeenCalledTimes(1)
    expect(b.core.controllers.connection.state.get().status).toBe('disconnected')
    // B's own disconnect, written back, changes nothing in A (already disconnected) and does not loop.
    expect(a.evm.adapter.disconnect).toHaveBeenCalledTimes(1)
    a.core.destroy()
    b.core.destroy()
  })

  test('writes that are not a disconnect leave the other tab connected', async () => {
    const { page, a, b } = await bothConnected()
    page.shared.setItem('unrelated', '1')
    await a.core.connect({ connectorId: 'fake', namespace: 'eip155' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(b.core.getAccount().status).toBe('connected')
    expect(b.evm.adapter.disconnect).not.toHaveBeenCalled()
    a.core.destroy()
    b.core.destroy()
  })

  test('recent wallets written in one tab show in the other', async () => {
    const page = origin()
    const a = kitIn(page.tab())
    const b = kitIn(page.tab())
    await Promise.all([a.core.ready, b.core.ready])
    await a.core.controllers.storage.setRecentWallets([{ id: 'io.example.wallet', name: 'Example' }])
    await vi.waitFor(() =>
      expect(b.core.controllers.connection.state.get().recentWallets).toEqual([
        { id: 'io.example.wallet', name: 'Example' },
      ]),
    )
    a.core.destroy()
    b.core.destroy()
  })

  test('SIWXSignMessage shown in one tab closes when the other tab signs the account in', async () => {
    const page = origin()
    const windowA = page.tab()
    const windowB = page.tab()
    const a = kitIn(windowA, { siwx: sharedSiwx(windowA.localStorage) })
    const b = kitIn(windowB, { siwx: sharedSiwx(windowB.localStorage) })
    await Promise.all([a.core.ready, b.core.ready, a.core.loadControllers(), b.core.loadControllers()])
    await a.core.connect({ connectorId: 'fake', namespace: 'eip155' })
    b.evm.setRestorable(mainnet)
    await b.core.controllers.connection.restore()
    for (const kit of [a, b])
      await vi.waitFor(() => expect(kit.core.controllers.router.state.get().view).toBe('SIWXSignMessage'))
    expect(b.core.controllers.modal.state.get().open).toBe(true)
    expect(await a.core.controllers.siwx.requestSignMessage()).toBe(true)
    await vi.waitFor(() => expect(b.core.controllers.modal.state.get().open).toBe(false))
    expect(await b.core.controllers.siwx.hasSession()).toBe(true)
    expect(b.core.controllers.siwx.state.get().status).toBe('success')
    a.core.destroy()
    b.core.destroy()
  })
})
