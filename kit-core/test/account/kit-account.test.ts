// The account data inside a kit: loaded with the first connected account, and its activity emptied by a reset.
import { describe, expect, test, vi } from 'vitest'
import { createKitCore, createMemoryStorage, mainnet, nodeEnvironment } from '../../src/index.js'
import { createFakeAdapter } from '../support/fake-adapter.js'
import { fakeApi, item, token } from './support.js'

const EVM = '0x00000000000000000000000000000000000000a1'

function kit() {
  const evm = createFakeAdapter('eip155', [mainnet], [EVM])
  const api = fakeApi({ getBalance: vi.fn(async () => [token('eip155:1', 'ETH', '1')]) })
  api.getTransactions.mockResolvedValue({ data: [item('a', '2026-11-20T10:00:00Z', 'eip155:1')] })
  const core = createKitCore(
    {
      adapters: [evm.adapter],
      metadata: { name: 'Test', description: 'Test', url: 'https://example.com', icons: [] },
      storage: createMemoryStorage(),
      environment: nodeEnvironment(),
      networks: [mainnet],
    },
    { blockchainApi: api },
  )
  return { core, api }
}

describe('the account data in a kit', () => {
  test('loads with the first connected account and lists its tokens', async () => {
    const { core } = kit()
    await core.ready
    expect(core.controllers.account.current()).toBeUndefined()
    await core.connect({ connectorId: 'fake', namespace: 'eip155' })
    await vi.waitFor(() => expect(core.controllers.account.current()).toBeDefined())
    const data = await core.controllers.account.load()
    await vi.waitFor(() => expect(data.balances.state.get().tokens.map((t) => t.symbol)).toEqual(['ETH']))
  })

  test('[§4.4] a reset to disconnected clears the transactions', async () => {
    const { core } = kit()
    await core.ready
    await core.connect({ connectorId: 'fake', namespace: 'eip155' })
    const data = await core.controllers.account.load()
    await data.transactions.fetchTransactions(EVM)
    expect(data.transactions.state.get().transactions).toHaveLength(1)
    await core.controllers.connection.resetWcConnection()
    // Still connected through the injected wallet: the WalletConnect reset leaves the account, not the list.
    expect(core.controllers.connection.state.get().status).toBe('connected')
    expect(data.transactions.state.get().transactions).toHaveLength(1)
    // The status turning disconnected (what a reset with no connection left does) empties the list by itself,
    // while the chain state still shows the account.
    core.controllers.connection.state.patch({ status: 'disconnected' })
    expect(core.getAccount().isConnected).toBe(true)
    expect(data.transactions.state.get().transactions).toEqual([])
  })
})
