import { describe, expect, test, vi } from 'vitest'
import {
  ACCOUNT_TYPES,
  type BlockchainApi,
  bitcoin,
  type ChainNamespace,
  createChainController,
  DEFAULT_ACCOUNT_TYPES,
  isUnsupportedNetwork,
  mainnet,
  sepolia,
  solana,
  solanaDevnet,
  soneium,
  unsupportedNetwork,
} from '../../src/index.js'
import { account, createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const EVM2 = '0x8617E340B3D01FA5F11F306F4090FD50E238070D'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function setup(options: { blockchainApi?: BlockchainApi; embedded?: boolean } = {}) {
  const evm = createFakeAdapter('eip155', [mainnet, soneium], [EVM])
  const sol = createFakeAdapter('solana', [solana, solanaDevnet], [SOL])
  const adapters: Partial<Record<ChainNamespace, typeof evm.adapter>> = {
    eip155: evm.adapter,
    solana: sol.adapter,
  }
  const hooks = {
    recordNetworkChoice: vi.fn(),
    onNetworkNotFound: vi.fn(),
    setNamespaceVisible: vi.fn(),
    forgetConnector: vi.fn(),
    resetSendState: vi.fn(),
    connectEmbeddedWallet: vi.fn(async () => {}),
  }
  const chain = createChainController({
    networks: [mainnet, soneium, sepolia, solana, solanaDevnet],
    getAdapter: (ns) => adapters[ns],
    blockchainApi: options.blockchainApi,
    ...hooks,
  })
  return { chain, evm, sol, hooks }
}

function fakeBlockchainApi(): BlockchainApi & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    getSupportedChains: async () => ({ http: [], ws: [] }),
    isNetworkSupported: async () => true,
    getTransactions: async () => ({ data: [] }),
    getTokenPrices: async () => [],
    getIdentity: vi.fn(async ({ address }: { address: string }) => {
      calls.push(`identity:${address}`)
      return { name: `name-of-${address.slice(0, 6)}`, avatar: 'https://img.example/a.png' }
    }),
    getBalance: vi.fn(async ({ address }: { address: string }) => {
      calls.push(`balance:${address}`)
      return [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:1' as const,
          price: 1,
          quantity: { decimals: '18', numeric: '2.5' },
        },
      ]
    }),
    reverseLookup: async () => [],
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('chain controller', () => {
  test('starts on the first network, with every namespace disconnected', () => {
    const { chain } = setup()
    const state = chain.state.get()
    expect(state.activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(state.activeNamespace).toBe('eip155')
    expect(state.namespaces.solana?.account.status).toBe('disconnected')
    expect(chain.getNetworks('eip155').map((n) => n.id)).toEqual([1, 1868, 11155111])
  })

  test('[§4.14] on a connected same-namespace chain the adapter is called', async () => {
    const { chain, evm } = setup()
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    await chain.switchNetwork(soneium)
    expect(evm.adapter.switchNetwork).toHaveBeenCalledWith({ network: soneium })
    expect(chain.state.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1868')
    expect(chain.state.get().activeCaipAddress).toBe(`eip155:1868:${EVM}`)
  })

  test('[§4.14] a wallet that refuses the switch leaves the network as it was', async () => {
    const { chain, evm } = setup()
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    vi.mocked(evm.adapter.switchNetwork).mockRejectedValueOnce(Object.assign(new Error('no'), { code: 4001 }))
    await expect(chain.switchNetwork(soneium)).rejects.toMatchObject({ code: 4001 })
    expect(chain.state.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  test('[§4.15] otherwise the active network is set and the account resynced, and the embedded wallet connected when needed', async () => {
    const api = fakeBlockchainApi()
    const { chain, evm, sol, hooks } = setup({ blockchainApi: api })
    await chain.switchNetwork(soneium)
    expect(evm.adapter.switchNetwork).not.toHaveBeenCalled()
    expect(chain.state.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1868')

    chain.setConnected('solana', {
      accounts: [account(solana, SOL)],
      network: solana,
      connectorId: 'ID_AUTH',
    })
    await chain.switchNetwork(solanaDevnet)
    expect(sol.adapter.switchNetwork).toHaveBeenCalledWith({ network: solanaDevnet })
    expect(hooks.connectEmbeddedWallet).toHaveBeenCalledWith(solanaDevnet)
    expect(chain.state.get().activeCaipAddress).toBe(`${solanaDevnet.caipNetworkId}:${SOL}`)
  })

  test('[§4.16] switching sets the active namespace and address, resets the send form and records the choice', async () => {
    const { chain, hooks } = setup()
    chain.setConnected('solana', { accounts: [account(solana, SOL)], network: solana, connectorId: 'fake' })
    hooks.resetSendState.mockClear()
    hooks.recordNetworkChoice.mockClear()
    await chain.switchNetwork(solana)
    expect(chain.state.get().activeNamespace).toBe('solana')
    expect(chain.state.get().activeCaipAddress).toBe(`${solana.caipNetworkId}:${SOL}`)
    expect(hooks.resetSendState).toHaveBeenCalledTimes(1)
    expect(hooks.recordNetworkChoice).toHaveBeenCalledWith(solana)
  })

  test('switching to the active network does nothing', async () => {
    const { chain, hooks } = setup()
    hooks.recordNetworkChoice.mockClear()
    await chain.switchNetwork(mainnet)
    expect(hooks.recordNetworkChoice).not.toHaveBeenCalled()
  })

  test('[§4.17] account-change events resync address, balance and identity', async () => {
    const api = fakeBlockchainApi()
    const { chain } = setup({ blockchainApi: api })
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    await flush()
    expect(chain.getAccount('eip155')).toMatchObject({
      balance: '2.5',
      balanceSymbol: 'ETH',
      profileName: 'name-of-0x5290',
    })
    chain.updateAccounts('eip155', [account(mainnet, EVM2)])
    expect(chain.getAccount('eip155')?.address).toBe(EVM2)
    expect(chain.state.get().activeCaipAddress).toBe(`eip155:1:${EVM2}`)
    await flush()
    expect([...api.calls].sort()).toEqual([
      `balance:${EVM}`,
      `balance:${EVM2}`,
      `identity:${EVM}`,
      `identity:${EVM2}`,
    ])
    expect(chain.getAccount('eip155')?.profileName).toBe('name-of-0x8617')
  })

  test('reads the balance from the adapter when no Blockchain API is configured, and 0.00 on a testnet', async () => {
    const { chain, evm } = setup()
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    await flush()
    expect(chain.getAccount('eip155')?.balance).toBe('1.5')
    chain.setConnected('eip155', { accounts: [account(sepolia, EVM)], network: sepolia, connectorId: 'fake' })
    await flush()
    expect(chain.getAccount('eip155')?.balance).toBe('0.00')
    expect(evm.adapter.getBalance).toHaveBeenCalledTimes(1)
  })

  test('[§9] reads a bip122 balance from the adapter even when the Blockchain API lists the network (it serves eip155 and solana balances only)', async () => {
    const api = fakeBlockchainApi()
    const btc = createFakeAdapter('bip122', [bitcoin], ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'])
    const chain = createChainController({
      networks: [bitcoin],
      getAdapter: (ns) => (ns === 'bip122' ? btc.adapter : undefined),
      blockchainApi: api,
    })
    chain.setConnected('bip122', {
      accounts: [account(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')],
      network: bitcoin,
      connectorId: 'fake',
    })
    await flush()
    expect(chain.getAccount('bip122')?.balance).toBe('1.5')
    expect(btc.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(api.getBalance).not.toHaveBeenCalled()
  })

  test('[§4.18] a chain change to an unknown chain sets the unsupported network', () => {
    const { chain } = setup()
    chain.setConnected('eip155', {
      accounts: [account(mainnet, EVM)],
      network: mainnet,
      connectorId: 'walletConnect',
    })
    chain.onNetworkChanged('eip155', unsupportedNetwork('eip155:999'))
    const active = chain.state.get().activeCaipNetwork
    expect(active && isUnsupportedNetwork(active)).toBe(true)
    expect(chain.state.get().activeCaipAddress).toBe(`eip155:999:${EVM}`)
    expect(chain.isActiveNetworkUnsupported()).toBe(true)
  })

  test('[§4.19] removing the active network makes the first remaining active; removing the last hides the connectors', () => {
    const { chain, hooks } = setup()
    chain.removeNetwork('eip155', 'eip155:1')
    expect(chain.state.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1868')
    chain.removeNetwork('solana', solana.caipNetworkId)
    expect(hooks.setNamespaceVisible).not.toHaveBeenCalled()
    chain.removeNetwork('solana', solanaDevnet.caipNetworkId)
    expect(hooks.setNamespaceVisible).toHaveBeenCalledWith('solana', false)
    expect(chain.getNetworks('solana')).toEqual([])
    chain.addNetwork(solana)
    expect(hooks.setNamespaceVisible).toHaveBeenLastCalledWith('solana', true)
  })

  test('[§4.20] resetting an account clears address, balance and profile data and sets disconnected', async () => {
    const api = fakeBlockchainApi()
    const { chain, hooks } = setup({ blockchainApi: api })
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    await flush()
    chain.resetAccount('eip155')
    const accountState = chain.getAccount('eip155')
    expect(accountState).toMatchObject({ status: 'disconnected', allAccounts: [] })
    for (const field of ['address', 'caipAddress', 'balance', 'profileName', 'profileImage'] as const) {
      expect(accountState?.[field]).toBeUndefined()
    }
    expect(chain.state.get().activeCaipAddress).toBeUndefined()
    expect(hooks.forgetConnector).toHaveBeenCalledWith('eip155')
  })

  test('[§4.12] account status disconnected removes the connector id', () => {
    const { chain, hooks } = setup()
    chain.setConnected('eip155', { accounts: [account(mainnet, EVM)], network: mainnet, connectorId: 'fake' })
    chain.setAccountStatus('eip155', 'connecting')
    expect(hooks.forgetConnector).not.toHaveBeenCalled()
    chain.setAccountStatus('eip155', 'disconnected')
    expect(hooks.forgetConnector).toHaveBeenCalledWith('eip155')
    expect(chain.state.get().namespaces.eip155?.connectorId).toBeUndefined()
  })

  test("[§5.21] network add/remove needs an existing adapter ('Adapter for namespace {x} doesn't exist')", () => {
    const chain = createChainController({ networks: [mainnet, solana], getAdapter: () => undefined })
    expect(() => chain.addNetwork(soneium)).toThrow("Adapter for namespace eip155 doesn't exist")
    expect(() => chain.removeNetwork('solana', solana.caipNetworkId)).toThrowError(
      expect.objectContaining({
        message: "Adapter for namespace solana doesn't exist",
        code: 'ADAPTER_NOT_FOUND',
      }),
    )
  })

  test('[§5.22] an unknown network id on switch raises the switch-network-not-found alert', async () => {
    const { chain, hooks } = setup()
    await expect(chain.switchNetwork(unsupportedNetwork('eip155:424242'))).rejects.toThrow(
      'Network not found',
    )
    expect(hooks.onNetworkNotFound).toHaveBeenCalledWith('eip155:424242')
    expect(chain.state.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  test('[§6.2] account types are eoa, smartAccount and payment for bitcoin (and ordinal)', () => {
    expect(ACCOUNT_TYPES).toEqual(['eoa', 'smartAccount', 'payment', 'ordinal'])
  })

  test('[§6.3] the default account type per namespace', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toMatchObject({
      eip155: 'smartAccount',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'payment',
    })
    const { chain } = setup()
    expect(chain.preferredAccountType('eip155')).toBe('smartAccount')
    expect(chain.preferredAccountType('solana')).toBe('eoa')
  })

  test("[§4.32] preference order: the embedded wallet's answer, then the stored preference, then the default", () => {
    const answers: { embedded?: 'eoa' | 'smartAccount'; stored?: 'eoa' | 'smartAccount' } = {}
    const chain = createChainController({
      networks: [mainnet],
      getAdapter: () => undefined,
      defaultAccountTypes: { eip155: 'eoa' },
      getEmbeddedAccountType: () => answers.embedded,
      getStoredAccountType: () => answers.stored,
    })
    expect(chain.preferredAccountType('eip155')).toBe('eoa')
    answers.stored = 'smartAccount'
    expect(chain.preferredAccountType('eip155')).toBe('smartAccount')
    answers.embedded = 'eoa'
    expect(chain.preferredAccountType('eip155')).toBe('eoa')
  })
})
