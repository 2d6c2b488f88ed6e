// A wallet of another namespace for the modal test page (browser-only): connects at once with one fixed account, so
// the Account view can be shown on solana or bip122 without that namespace's chain library or a wallet extension. Its
// sends (native, and SPL on solana) answer as `window.fakeWallet` says: a made-up signature, or a user's rejection.
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

/** How the fake wallets answer sends, and the sends they approved (amounts in base units, as text). */
export interface FakeWalletControl {
  sendMode: 'approve' | 'reject'
  sends: { method: 'sendTransaction' | 'sendSplTransfer'; to: string; amount: string; mint?: string }[]
}

declare global {
  interface Window {
    fakeWallet?: FakeWalletControl
  }
}

/** The one control of every fake wallet of the page. */
export const fakeWallet: FakeWalletControl = { sendMode: 'approve', sends: [] }

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
  const send = async (entry: FakeWalletControl['sends'][number]) => {
    // What a wallet answers when its user declines (EIP-1193's 4001).
    if (fakeWallet.sendMode === 'reject')
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    fakeWallet.sends.push(entry)
    return { hash: `fake-${namespace}-${fakeWallet.sends.length}`, network: connected?.network ?? first }
  }
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
    sendTransaction: ({ to, value }) => send({ method: 'sendTransaction', to, amount: String(value) }),
    ...(namespace === 'solana'
      ? {
          sendSplTransfer: ({ mint, to, amount }) =>
            send({ method: 'sendSplTransfer', to, amount: String(amount), mint }),
        }
      : {}),
    // Solana's fee of a one-signature message (lamports).
    estimateGas: async () => (namespace === 'solana' ? 5_000n : 0n),
    parseUnits,
    formatUnits,
    getWalletProvider: () => undefined,
    on: (event, listener) => events.on(event, listener),
    destroy: () => {},
  }
}
