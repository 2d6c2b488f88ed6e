// A wallet that never answers a connection request (issue 20): the attempt fails after SPEC §9's 30 s, and the
// wallet's late answer changes nothing. The real path (a held request in the lab's test wallets, Chromium with its
// clock moved on) is apps/lab/test/faults.test.ts.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  CONNECT_TIMEOUT_MS,
  type Connector,
  type ConnectResult,
  createChainController,
  createConnectionController,
  LatchkeyError,
  Messages,
  mainnet,
  nodeEnvironment,
} from '../../src/index.js'
import { account, createFakeAdapter } from '../support/fake-adapter.js'
import { createMemoryConnectionStore } from '../support/memory-connection-store.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'

function setup() {
  const evm = createFakeAdapter('eip155', [mainnet], [EVM])
  const store = createMemoryConnectionStore()
  const chain = createChainController({ networks: [mainnet], getAdapter: () => evm.adapter })
  const connectors: Record<string, Connector> = {
    fake: { id: 'fake', name: 'Fake Wallet', type: 'INJECTED', chain: 'eip155' },
    walletConnect: { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' },
    ID_AUTH: { id: 'ID_AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' },
  }
  const connection = createConnectionController({
    env: nodeEnvironment(),
    store: store.store,
    chain,
    namespaces: ['eip155'],
    getAdapter: () => evm.adapter,
    getConnector: (_ns, id) => connectors[id],
  })
  /** Makes the adapter's next connect wait until the test answers it. */
  const silentWallet = () => {
    let answer: (result: ConnectResult) => void = () => undefined
    vi.mocked(evm.adapter.connect).mockImplementationOnce(
      () =>
        new Promise<ConnectResult>((resolve) => {
          answer = resolve
        }),
    )
    return (
      result: ConnectResult = { connectorId: 'fake', accounts: [account(mainnet, EVM)], network: mainnet },
    ) => answer(result)
  }
  return { connection, chain, evm, store, silentWallet }
}

describe('[§9.28] connect requests time out after 30 s', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('the attempt fails with a clear error at 30 s, not before, and nothing is stored', async () => {
    const { connection, chain, store, silentWallet } = setup()
    silentWallet()
    let failure: unknown
    const done = connection.connect({ namespace: 'eip155', connectorId: 'fake' }).catch((error: unknown) => {
      failure = error
    })
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1)
    expect(failure).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(CONNECT_TIMEOUT_MS).toBe(30_000)
    expect(failure).toBeInstanceOf(LatchkeyError)
    expect(failure).toMatchObject({ message: Messages.connectTimedOut, code: 'TIMEOUT' })
    expect(connection.state.get().status).toBe('disconnected')
    expect(chain.getAccount('eip155')?.status).toBe('disconnected')
    expect(store.connectorIds).toEqual({})
  })

  test("the wallet's late answer changes nothing: the kit stays disconnected and the adapter's connection is undone", async () => {
    const { connection, chain, evm, store, silentWallet } = setup()
    const answer = silentWallet()
    const done = connection.connect({ namespace: 'eip155', connectorId: 'fake' }).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS)
    await done
    answer()
    await vi.advanceTimersByTimeAsync(0)
    expect(connection.state.get().status).toBe('disconnected')
    expect(chain.getAccount('eip155')?.address).toBeUndefined()
    expect(store.connectorIds).toEqual({})
    expect(evm.adapter.disconnect).toHaveBeenCalledTimes(1)
    // The wallet's own account events for the abandoned connection are not taken either.
    chain.updateAccounts('eip155', [account(mainnet, EVM)])
    expect(chain.getAccount('eip155')?.address).toBeUndefined()
    // A retry connects.
    await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(chain.getAccount('eip155')?.status).toBe('connected')
  })

  test('a late answer after the visitor connected again does not undo the new connection', async () => {
    const { connection, chain, evm, silentWallet } = setup()
    const answer = silentWallet()
    const done = connection.connect({ namespace: 'eip155', connectorId: 'fake' }).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS)
    await done
    await connection.connect({ namespace: 'eip155', connectorId: 'fake' })
    answer()
    await vi.advanceTimersByTimeAsync(0)
    expect(chain.getAccount('eip155')?.status).toBe('connected')
    expect(evm.adapter.disconnect).not.toHaveBeenCalled()
  })

  test('WalletConnect and the embedded wallet are not bounded by it (the pairing expiry and the code typed are)', async () => {
    for (const connectorId of ['walletConnect', 'ID_AUTH']) {
      const { connection, chain, silentWallet } = setup()
      const answer = silentWallet()
      let settled = false
      const done = connection.connect({ namespace: 'eip155', connectorId }).finally(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 4)
      expect(settled).toBe(false)
      answer({ connectorId, accounts: [account(mainnet, EVM)], network: mainnet })
      await done
      expect(chain.getAccount('eip155')?.status).toBe('connected')
    }
  })
})
