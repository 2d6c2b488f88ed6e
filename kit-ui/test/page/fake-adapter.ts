// A wallet of another namespace for the modal test page (browser-only): connects at once with one fixed account, so
// the Account view can be shown on solana or bip122 without that namespace's chain library or a wallet extension.
import {
  type AdapterEvents,
  type CaipNetwork,
  type ChainAdapter,
  type ChainNamespace,
  type ConnectResult,
  createEmitter,
  formatCaipAddress,
  formatUnits,
  parseUnits,
} from '@latchkey/core'

/** An account of each namespace the fake serves (well-formed for its namespace). */
const FAKE_ADDRESSES: Partial<Record<ChainNamespace, string>> = {
  solana: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  bip122: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
}

export function createFakeAdapter(namespace: ChainNamespace, networks: readonly CaipNetwork[]): ChainAdapter {
  const events = createEmitter<AdapterEvents>()
  const address = FAKE_ADDRESSES[namespace]
  if (!address) throw new Error(`no fake account on ${namespace}`)
  let connected: ConnectResult | null = null
  const connectorId = `fake-${namespace}`
  const resultFor = (network: CaipNetwork): ConnectResult => ({
    connectorId,
    accounts: [{ address, caipAddress: formatCaipAddress(network.caipNetworkId, address), type: 'eoa' }],
    network,
  })
  const first = networks[0]
  if (!first) throw new Error(`no ${namespace} network`)
  return {
    namespace,
    adapterType: namespace === 'solana' ? 'solana' : 'bitcoin',
    networks,
    init: async () => {},
    syncConnectors: async () => {},
    getConnectors: () => [
      { id: connectorId, name: `Fake ${namespace} wallet`, type: 'INJECTED', chain: namespace },
    ],
    connect: async ({ network }) => {
      connected = resultFor(network ?? first)
      return connected
    },
    reconnect: async () => connected,
    disconnect: async () => {
      connected = null
    },
    getAccounts: () => connected?.accounts ?? [],
    getNetwork: () => connected?.network,
    getBalance: async ({ network }) => ({
      value: 2_500_000_000n,
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
      formatted: formatUnits(2_500_000_000n, network.nativeCurrency.decimals),
    }),
    getCapabilities: async () => ({}),
    verifyMessage: async () => false,
    switchNetwork: async ({ network }) => {
      if (connected) connected = { ...connected, network }
      return { network, via: 'adapter' as const }
    },
    signMessage: async () => {
      throw new Error('the fake wallet does not sign')
    },
    sendTransaction: async () => {
      throw new Error('the fake wallet does not send')
    },
    estimateGas: async () => 0n,
    parseUnits,
    formatUnits,
    getWalletProvider: () => undefined,
    on: (event, listener) => events.on(event, listener),
    destroy: () => {},
  }
}
