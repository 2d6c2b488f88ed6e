/** A ChainAdapter whose every answer a test controls; records the calls it gets. */
import { vi } from 'vitest'
import {
  type AdapterAccount,
  type AdapterEvents,
  type CaipNetwork,
  type ChainAdapter,
  type ChainNamespace,
  type Connector,
  type ConnectResult,
  createEmitter,
  formatCaipAddress,
  formatUnits,
  parseUnits,
} from '../../src/index.js'

export function account(
  network: CaipNetwork,
  address: string,
  type: AdapterAccount['type'] = 'eoa',
): AdapterAccount {
  return { address, caipAddress: formatCaipAddress(network.caipNetworkId, address), type }
}

export function createFakeAdapter(
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[],
  addresses: string[],
) {
  const events = createEmitter<AdapterEvents>()
  let connected: ConnectResult | null = null
  const connectors: Connector[] = [{ id: 'fake', name: 'Fake Wallet', type: 'INJECTED', chain: namespace }]
  const resultFor = (network: CaipNetwork, connectorId = 'fake'): ConnectResult => ({
    connectorId,
    accounts: addresses.map((a) => account(network, a)),
    network,
  })
  const adapter: ChainAdapter = {
    namespace,
    adapterType: 'wagmi',
    networks,
    init: vi.fn(async () => {}),
    syncConnectors: vi.fn(async () => {}),
    getConnectors: () => connectors,
    connect: vi.fn(async ({ connectorId, network }) => {
      connected = resultFor(network ?? networks[0]!, connectorId)
      return connected
    }),
    reconnect: vi.fn(async () => connected),
    disconnect: vi.fn(async () => {
      connected = null
    }),
    getAccounts: () => connected?.accounts ?? [],
    getNetwork: () => connected?.network,
    getBalance: vi.fn(async ({ network }) => ({
      value: 1500000000000000000n,
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
      formatted: '1.5',
    })),
    getCapabilities: async () => ({}),
    verifyMessage: async () => true,
    switchNetwork: vi.fn(async ({ network }) => {
      if (connected) connected = { ...connected, network }
      return { network, via: 'wallet' as const }
    }),
    signMessage: vi.fn(async ({ message }) => ({
      signature: `signed:${String(message)}`,
      address: addresses[0]!,
    })),
    sendTransaction: async () => ({ hash: '0x1', network: networks[0]! }),
    estimateGas: async () => 21000n,
    parseUnits,
    formatUnits,
    getWalletProvider: () => undefined,
    on: (event, listener) => events.on(event, listener),
    destroy: vi.fn(),
  }
  return {
    adapter,
    connectors,
    emit: events.emit,
    /** Makes the next reconnect() find (or not find) a connection, as after a reload. */
    setRestorable(network: CaipNetwork | null) {
      connected = network ? resultFor(network) : null
    },
  }
}
