import { activeAddresses, publicAddress } from './addresses.js'
import { createApprovals } from './approvals.js'
import { DEFAULT_PROVIDER_ID, DEFAULT_WALLET_ICON, DEFAULT_WALLET_NAME } from './defaults.js'
import { loadAccounts } from './keys.js'
import { satsConnectHandlers, WALLET_VERSION } from './methods.js'
import { createSatsProvider } from './provider.js'
import { registerStandardWallet } from './register.js'
import { createRunner } from './router.js'
import { changeNetwork, switchAccount, userDisconnect } from './session.js'
import { createStandardWallet } from './standard.js'
import type { WalletState } from './state.js'
import type { BitcoinTestWallet, BitcoinTestWalletOptions, RequestLogEntry } from './types.js'

const NETWORK_KINDS = new Set(['regtest', 'testnet'])

/**
 * Creates a Bitcoin test wallet: payment (P2WPKH) and ordinals (P2TR) addresses per account, real signatures,
 * broadcasts through Esplora, a simulated user (the policy). Discoverable through sats-connect
 * (`injectSatsConnect`) and the Wallet Standard (`registerStandard`). Works in Node and in a page (the IIFE
 * bundle). Throws on missing networks, bad keys or an unknown initial network.
 */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions): BitcoinTestWallet {
  if (!options || !Array.isArray(options.networks) || options.networks.length === 0)
    throw new Error('createBitcoinTestWallet: `networks` must list at least one network')
  for (const network of options.networks) {
    if (
      typeof network?.name !== 'string' ||
      !NETWORK_KINDS.has(network.network) ||
      typeof network.esploraUrl !== 'string'
    )
      throw new Error(
        'createBitcoinTestWallet: each network needs { name, network: regtest | testnet, esploraUrl }',
      )
  }
  const networks = options.networks.map((network) =>
    Object.freeze({ ...network, esploraUrl: network.esploraUrl.replace(/\/+$/, '') }),
  )
  const initial =
    options.network === undefined ? networks[0] : networks.find((network) => network.name === options.network)
  if (!initial)
    throw new Error(`createBitcoinTestWallet: initial network ${options.network} is not in \`networks\``)
  const psbtFormat = options.psbtFormat ?? 'base64'
  if (psbtFormat !== 'base64' && psbtFormat !== 'hex')
    throw new Error("createBitcoinTestWallet: psbtFormat is 'base64' or 'hex'")
  const providerId = options.providerId ?? DEFAULT_PROVIDER_ID
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(providerId))
    throw new Error(
      'createBitcoinTestWallet: providerId must be a dotted path such as MyWallet.BitcoinProvider',
    )

  const state: WalletState = {
    accounts: loadAccounts(options),
    active: 0,
    networks,
    network: initial,
    connected: options.connected ?? false,
    psbtFormat,
    approvals: createApprovals(options.policy ?? 'approve'),
    satsListeners: new Map(),
    standardListeners: new Set(),
  }
  const name = options.name ?? DEFAULT_WALLET_NAME
  const icon = options.icon ?? DEFAULT_WALLET_ICON
  const log: RequestLogEntry[] = []
  const run = createRunner(log)
  const handlers = satsConnectHandlers(state)
  const provider = createSatsProvider(state, handlers, run)
  const standardWallet = createStandardWallet(state, run, name, icon)
  const { approvals } = state

  return {
    name,
    icon,
    provider,
    providerId,
    standardWallet,
    get addresses() {
      return activeAddresses(state).map(publicAddress)
    },
    get paymentAddress() {
      return activeAddresses(state)[0].address
    },
    get ordinalsAddress() {
      return activeAddresses(state)[1].address
    },
    get network() {
      return state.network
    },
    networks,
    get connected() {
      return state.connected
    },
    get policy() {
      return approvals.policy
    },
    get psbtFormat() {
      return state.psbtFormat
    },
    set psbtFormat(format) {
      if (format !== 'base64' && format !== 'hex') throw new Error("psbtFormat is 'base64' or 'hex'")
      state.psbtFormat = format
    },
    setPolicy: (policy) => approvals.setPolicy(policy),
    get log() {
      return [...log]
    },
    prompts: () => log.filter((entry) => entry.prompted),
    clearLog() {
      log.length = 0
    },
    pending: () => approvals.pending(),
    nextPending: () => approvals.nextPending(),
    approve: (id) => approvals.approve(id),
    reject: (id) => approvals.reject(id),
    switchAccount: (index) => switchAccount(state, index),
    switchNetwork: (networkName) => changeNetwork(state, networkName),
    disconnect: () => userDisconnect(state),
    injectSatsConnect(injectOptions = {}) {
      const target = (injectOptions.target ?? globalThis) as Record<string, unknown>
      const parts = providerId.split('.')
      let node = target
      for (const part of parts.slice(0, -1)) {
        const next = node[part]
        if (typeof next !== 'object' || next === null) node[part] = {}
        node = node[part] as Record<string, unknown>
      }
      node[parts[parts.length - 1]!] = provider
      const list = Array.isArray(target.btc_providers) ? (target.btc_providers as unknown[]) : []
      target.btc_providers = list
      list.push({
        id: providerId,
        name,
        icon,
        webUrl: 'https://latchkey.dev',
        methods: Object.keys(handlers),
        version: WALLET_VERSION,
      })
      if (injectOptions.asDefault) target.BitcoinProvider = provider
    },
    registerStandard: (target) => registerStandardWallet(standardWallet, target),
  }
}
