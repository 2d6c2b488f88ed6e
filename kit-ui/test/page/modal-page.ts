// The browser page of the modal tests (bundled with esbuild; browser-only code): createKit with the ethers
// adapter on the local chains, the buttons in the page, and `window.kit` for the test to drive.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import {
  type CaipNetwork,
  type ChainAdapter,
  createDefaultSiwx,
  defineNetwork,
  type KitStorage,
} from '@latchkey/core'
import { verifyMessage } from 'ethers'
import { createKit, type UiKit } from '../../src/index.js'
import { createFakeAdapter, fakeWallet } from './fake-adapter.js'
import { createFakeBlockchainApi } from './fake-blockchain-api.js'

export interface ModalPageConfig {
  chains: { chainId: number; name: string; rpcUrl: string }[]
  themeMode: 'light' | 'dark'
  /** A project id of this test's own (the services stand-in keeps its settings per project). */
  projectId?: string
  /** The services stand-in's URL (Provider and Blockchain API). */
  servicesUrl?: string
  /** Sign-in with core's default EIP-4361 config, required or optional. */
  siwx?: 'required' | 'optional'
  /** The receive feature (SPEC §9: on by default). */
  receive?: boolean
  /** The send feature (SPEC §9: on by default). */
  send?: boolean
  /** The activity feature (remote-gated: without a remote configuration, the host's setting; off by default). */
  activity?: boolean
  /** The Blockchain API is the page's fake (`window.fakeApi`, test/page/fake-blockchain-api.ts). */
  fakeBlockchainApi?: boolean
  /** Wallets of other namespaces (test/page/fake-adapter.ts) on a network of each: `kit.connect` reaches them. */
  fakeNamespaces?: ('solana' | 'bip122')[]
  /** A network of a second namespace with no adapter for it (SwitchActiveChain): a local Solana cluster. */
  solana?: { name: string; genesisHash: string; rpcUrl: string }
  /** The local WalletConnect relay: WalletConnect is on when given (`services.walletConnectRelayUrl`). */
  relayUrl?: string
  /** The host's `customWallets` (listed wallets with their deep links). */
  customWallets?: { id: string; name: string; mobile_link?: string; desktop_link?: string }[]
  /** The host's `cspNonce`. */
  cspNonce?: string
  /** Start as a browser without constructed stylesheets (Safari before 16.4): `adoptedStyleSheets` removed. */
  noConstructedSheets?: boolean
  /** The host's `enableWalletGuide` and `walletGuideUrl`. */
  enableWalletGuide?: boolean
  walletGuideUrl?: string
}

declare global {
  interface Window {
    kit?: UiKit
    startKit(config: ModalPageConfig): Promise<void>
  }
}

window.startKit = async (config) => {
  if (config.noConstructedSheets) Reflect.deleteProperty(ShadowRoot.prototype, 'adoptedStyleSheets')
  const networks: CaipNetwork[] = config.chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      blockExplorers: { default: { name: 'Local explorer', url: 'http://127.0.0.1:1/explorer' } },
    }),
  )
  if (config.solana)
    networks.push(
      defineNetwork({
        id: config.solana.genesisHash.slice(0, 32),
        chainNamespace: 'solana',
        name: config.solana.name,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrls: { default: { http: [config.solana.rpcUrl] } },
      }),
    )
  const fakeAdapters: ChainAdapter[] = (config.fakeNamespaces ?? []).map((namespace) => {
    const network = defineNetwork({
      id: namespace === 'solana' ? '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' : '000000000019d6689c085ae165831e93',
      chainNamespace: namespace,
      name: namespace === 'solana' ? 'Fake Solana' : 'Fake Bitcoin',
      nativeCurrency:
        namespace === 'solana'
          ? { name: 'Solana', symbol: 'SOL', decimals: 9 }
          : { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      // Nothing answers here: the kit's own chain reads fail at once, on 127.0.0.1.
      rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
    })
    networks.push(network)
    return createFakeAdapter(namespace, [network])
  })
  window.fakeWallet = fakeWallet
  const blockchainApi = config.fakeBlockchainApi ? createFakeBlockchainApi() : undefined
  window.fakeApi = blockchainApi
  // The page's localStorage, so sessions and the connection survive a reload.
  const storage: KitStorage = {
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => localStorage.setItem(key, value),
    removeItem: (key) => localStorage.removeItem(key),
  }
  const siwx = config.siwx
    ? createDefaultSiwx({
        storage,
        domain: location.host,
        uri: `${location.origin}/`,
        statement: 'Sign in to the Latchkey modal test.',
        required: config.siwx === 'required',
        verifyMessage: async ({ address, message, signature }) =>
          verifyMessage(message, signature).toLowerCase() === address.toLowerCase(),
      })
    : undefined
  const features = {
    ...(config.receive === undefined ? {} : { receive: config.receive }),
    ...(config.send === undefined ? {} : { send: config.send }),
    ...(config.activity === undefined ? {} : { activity: config.activity }),
  }
  const kit = createKit(
    {
      networks,
      projectId: config.projectId,
      services: {
        ...(config.servicesUrl
          ? { providerApiUrl: config.servicesUrl, blockchainApiUrl: config.servicesUrl }
          : {}),
        ...(config.relayUrl ? { walletConnectRelayUrl: config.relayUrl } : {}),
      },
      ...(config.customWallets ? { customWallets: config.customWallets } : {}),
      // The services stand-in serves its images from 127.0.0.1, as the lab's do.
      allowLocalImages: true,
      ...(config.cspNonce ? { cspNonce: config.cspNonce } : {}),
      siwx,
      storage,
      features: Object.keys(features).length > 0 ? features : undefined,
      adapters: [new EthersAdapter(), ...fakeAdapters],
      themeMode: config.themeMode,
      enableWalletGuide: config.enableWalletGuide,
      walletGuideUrl: config.walletGuideUrl,
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
      metadata: { name: 'Latchkey modal test', description: 'test', url: location.origin, icons: [] },
    },
    blockchainApi ? { blockchainApi } : {},
  )
  window.kit = kit
  const bar = document.createElement('header')
  bar.style.cssText = 'display:flex;gap:12px;justify-content:flex-end;padding:16px'
  bar.innerHTML = '<latchkey-network-button></latchkey-network-button><latchkey-button></latchkey-button>'
  document.body.append(bar)
  await kit.ready
}
